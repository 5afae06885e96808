import Raster
import _CodecShims

/// libjpeg's DCT scaling: the decoder computes a smaller picture directly from the coefficients,
/// far faster than decoding in full and shrinking, for views that show the picture zoomed out.
public enum JPEGScale: Int, Sendable, CaseIterable, Codable {
    case full = 1, half = 2, quarter = 4, eighth = 8
}

/// A JPEG being decoded through libjpeg-turbo with its accurate integer IDCT and fancy
/// upsampling, so that pixels match the reference decoder bit for bit.
final class JPEGDecoder: CodecHandle {
    private let handle: OpaquePointer
    private let scale: JPEGScale
    /// What libjpeg may allocate, as given to `sr_jpeg_create`.
    private let memoryLimit: Int
    /// The decoded width at `scale`, once the header is read.
    private var outputWidth = 0

    /// `bytes` must stay valid for the decoder's life.
    init(bytes: UnsafeBufferPointer<UInt8>, scale: JPEGScale, memoryLimit: Int) throws(ImageCodecError) {
        guard let base = bytes.baseAddress, let handle = sr_jpeg_create(base, bytes.count, memoryLimit) else {
            throw .corruptData(.jpeg, "libjpeg could not start")
        }
        (self.handle, self.scale, self.memoryLimit) = (handle, scale, memoryLimit)
    }

    deinit { sr_jpeg_destroy(handle) }

    var warnings: [String] { messages.warnings }

    private var messages: ShimMessages { ShimMessages(sr_jpeg_messages(handle)) }

    /// The corresponding C functions are `jpeg_read_header` and `jpeg_calc_output_dimensions`.
    func readHeader() throws(ImageCodecError) -> CodecHeader {
        var header = sr_jpeg_header()
        let status = sr_jpeg_read_header(handle, Int32(scale.rawValue), &header)
        guard status == SR_OK else { throw messages.error(for: status, format: .jpeg) }
        let exif = header.exif.map { Array(UnsafeBufferPointer(start: $0, count: header.exif_length)) }
        let info = ImageInfo(
            format: .jpeg,
            storedWidth: Int(header.width), storedHeight: Int(header.height),
            orientation: ImageOrientation(exifValue: exif.flatMap(ExifOrientationReader.orientation(in:))),
            colorSpace: Self.colorSpaceName(header.jpeg_color_space),
            bitDepth: Int(header.precision),
            hasAlpha: false,
            isProgressive: header.progressive != 0)
        outputWidth = Int(header.output_width)
        return CodecHeader(info: info, outputWidth: Int(header.output_width), outputHeight: Int(header.output_height))
    }

    /// The corresponding C functions are `jpeg_start_decompress` and `jpeg_read_scanlines`.
    func decode(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) throws(ImageCodecError) {
        let status = sr_jpeg_decode_rgba(handle, pixels, stride)
        guard status == SR_OK else { throw messages.error(for: status, format: .jpeg) }
    }

    /// The corresponding C functions are `jpeg_has_multiple_scans` and the sizes of `jpeg_component_info`.
    func workingMemory(for region: ImageRegion) throws(ImageCodecError) -> Int {
        var bytes: UInt64 = 0
        let status = sr_jpeg_library_memory(handle, &bytes)
        guard status == SR_OK else { throw messages.error(for: status, format: .jpeg) }
        // Plus the shim's one output row, at most the picture's width.
        return Self.clamped(bytes) + Self.clamped(UInt64(outputWidth) * 4)
    }

    /// The corresponding C functions are `jpeg_crop_scanline`, `jpeg_skip_scanlines` and `jpeg_read_scanlines`.
    /// Over the memory limit, libjpeg stops before decoding and this throws `.regionTooLarge` with
    /// more than the limit as the bytes needed.
    func decode(_ region: ImageRegion, into pixels: UnsafeMutablePointer<UInt8>, stride: Int,
                libraryMemoryLimit: Int) throws(ImageCodecError) {
        let status = sr_jpeg_decode_region_rgba(
            handle, Int32(clamping: region.x), Int32(clamping: region.y),
            Int32(clamping: region.width), Int32(clamping: region.height), pixels, stride,
            UInt64(max(libraryMemoryLimit, 0)))
        if status == SR_ERR_MEMORY_LIMIT {
            let limit = libraryMemoryLimit > 0 ? libraryMemoryLimit : memoryLimit
            throw .regionTooLarge(region, bytes: limit + 1, limit: limit)
        }
        guard status == SR_OK else { throw messages.error(for: status, format: .jpeg) }
    }

    /// A C byte count as an `Int`, saturating (at a quarter of `Int.max`, so sums cannot overflow).
    static func clamped(_ bytes: UInt64) -> Int { bytes > UInt64(Int.max / 4) ? Int.max / 4 : Int(bytes) }

    /// Names for libjpeg's `J_COLOR_SPACE` values of a file.
    static func colorSpaceName(_ value: Int32) -> String {
        switch value {
        case 1: "Grayscale"
        case 2: "RGB"
        case 3: "YCbCr"
        case 4: "CMYK"
        case 5: "YCCK"
        default: "unknown (\(value))"
        }
    }
}
