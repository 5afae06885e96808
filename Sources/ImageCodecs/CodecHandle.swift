import Raster
/// One picture being decoded by a C library, in the two steps the size guard needs:
/// read the header, then (only if the size is acceptable) decode into memory we allocated.
protocol CodecHandle: AnyObject {
    /// Reads the header; `outputWidth`/`outputHeight` are the decoded size before orientation.
    func readHeader() throws(ImageCodecError) -> CodecHeader
    /// Decodes every row as RGBA8 into `pixels`, `stride` bytes apart.
    func decode(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) throws(ImageCodecError)
    /// Bytes the library and the shim allocate to decode `region` (stored coordinates, after
    /// `readHeader`), besides the region's own pixels.
    func workingMemory(for region: ImageRegion) throws(ImageCodecError) -> Int
    /// Decodes only `region` of the stored picture (at the header's scale) as RGBA8 into `pixels`,
    /// `stride` bytes apart. `libraryMemoryLimit` (0: the decoder's own) caps what the library may allocate.
    func decode(_ region: ImageRegion, into pixels: UnsafeMutablePointer<UInt8>, stride: Int,
                libraryMemoryLimit: Int) throws(ImageCodecError)
    /// Recoverable damage reported so far.
    var warnings: [String] { get }
}

struct CodecHeader {
    var info: ImageInfo
    var outputWidth: Int
    var outputHeight: Int
}
