import Raster
/// What decoding one region of a picture involves, known from the header alone: where the region
/// is stored in the file and how many bytes decoding it allocates, so that a caller can hold a
/// memory ceiling before anything is decoded.
public struct RegionDecodePlan: Sendable, Equatable {
    /// The header.
    public var info: ImageInfo
    /// The DCT scale used: the one asked for a JPEG, `.full` for a PNG (which has no DCT scaling).
    public var scale: JPEGScale
    /// Size of the whole upright picture at `scale`: the space `region` is given in, and the size of
    /// `ImageDecoder.decode(_:scale:)`'s picture.
    public var width: Int
    public var height: Int
    /// The requested region of the upright picture.
    public var region: ImageRegion
    /// The same pixels in the file's stored (not yet oriented) picture at `scale`.
    public var storedRegion: ImageRegion
    /// The region's RGBA8 pixels; twice that when the orientation turns them, as the stored and the
    /// upright copy exist at once.
    public var pixelBytes: Int
    /// Everything the decoder allocates besides: for JPEG libjpeg's whole-image coefficient arrays
    /// when the file has several scans (progressive), its row buffers at the picture's full width,
    /// saved markers and tables, and the shim's row; for PNG libpng's rows, zlib's state, the shim's
    /// row, and for an interlaced PNG the region's rows at full width.
    public var workingBytes: Int
    /// How many decoders work on the region at once, each with its own working memory: two, on
    /// two row bands, for a tall region at least half as wide as a baseline JPEG on a machine with
    /// more than one core (the lower band's decoder skips the upper band's rows, which costs less
    /// than decoding them).
    public var decoders = 1

    /// The most memory the decode holds at once: compare it with a ceiling before decoding.
    public var estimatedBytes: Int { pixelBytes &+ workingBytes &* decoders }
}
