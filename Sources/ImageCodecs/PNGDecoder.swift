import Raster
import _CodecShims

/// A PNG being decoded through libpng: every colour type and bit depth, interlaced or not,
/// palette with tRNS, 16-bit rounded to 8, with no gamma correction (as browsers without colour
/// management and the reference decoder show it).
final class PNGDecoder: CodecHandle {
    private let handle: OpaquePointer

    /// `bytes` must stay valid for the decoder's life.
    init(bytes: UnsafeBufferPointer<UInt8>) throws(ImageCodecError) {
        guard let base = bytes.baseAddress, let handle = sr_png_create(base, bytes.count) else {
            throw .corruptData(.png, "libpng could not start")
        }
        self.handle = handle
    }

    deinit { sr_png_destroy(handle) }

    var warnings: [String] { messages.warnings }

    private var messages: ShimMessages { ShimMessages(sr_png_messages(handle)) }

    /// The corresponding C function is `png_read_info`.
    func readHeader() throws(ImageCodecError) -> CodecHeader {
        var header = sr_png_header()
        let status = sr_png_read_header(handle, &header)
        guard status == SR_OK else { throw messages.error(for: status, format: .png) }
        let exif = header.exif.map { Array(UnsafeBufferPointer(start: $0, count: header.exif_length)) }
        let colorType = Int(header.color_type)
        let info = ImageInfo(
            format: .png,
            storedWidth: Int(header.width), storedHeight: Int(header.height),
            orientation: ImageOrientation(exifValue: exif.flatMap(ExifOrientationReader.orientation(in:))),
            colorSpace: Self.colorTypeName(colorType),
            bitDepth: Int(header.bit_depth),
            hasAlpha: colorType & 4 != 0 || header.has_trns != 0,
            isProgressive: header.interlaced != 0)
        return CodecHeader(info: info, outputWidth: info.storedWidth, outputHeight: info.storedHeight)
    }

    /// The corresponding C functions are `png_read_update_info`, `png_read_row` and `png_read_end`.
    func decode(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) throws(ImageCodecError) {
        let status = sr_png_decode_rgba(handle, pixels, stride)
        guard status == SR_OK else { throw messages.error(for: status, format: .png) }
    }

    func workingMemory(for region: ImageRegion) throws(ImageCodecError) -> Int {
        JPEGDecoder.clamped(sr_png_region_memory(handle, UInt32(clamping: region.height)))
    }

    /// The corresponding C function is `png_read_row`, for the rows down to the region's last.
    func decode(_ region: ImageRegion, into pixels: UnsafeMutablePointer<UInt8>, stride: Int,
                libraryMemoryLimit: Int) throws(ImageCodecError) {
        let status = sr_png_decode_region_rgba(handle, UInt32(clamping: region.x), UInt32(clamping: region.y),
                                               UInt32(clamping: region.width), UInt32(clamping: region.height),
                                               pixels, stride)
        guard status == SR_OK else { throw messages.error(for: status, format: .png) }
    }

    /// Names for PNG's colour types.
    static func colorTypeName(_ colorType: Int) -> String {
        switch colorType {
        case 0: "Grayscale"
        case 2: "RGB"
        case 3: "Palette"
        case 4: "Grayscale+Alpha"
        case 6: "RGBA"
        default: "unknown (\(colorType))"
        }
    }
}
