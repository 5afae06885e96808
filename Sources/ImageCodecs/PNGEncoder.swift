import Raster
import _ScrollRenderShims

/// Writes RGBA8 pictures as 8-bit PNGs through libpng.
///
/// Frames are intermediate files that ffmpeg reads once, so the defaults favour speed (zlib
/// level 1, the Up filter) over size; `compressionLevel` 9 with `.adaptive` gives small files.
public struct PNGEncoder: Sendable {
    /// The per-row prediction libpng applies before deflate.
    public enum Filter: Int32, Sendable, CaseIterable, Codable {
        case none = 0, sub, up, average, paeth, adaptive
    }

    /// zlib's level, 0 (store) to 9 (smallest).
    public var compressionLevel: Int
    public var filter: Filter
    /// Keep the alpha channel (RGBA); otherwise alpha is dropped and the file is RGB.
    public var keepsAlpha: Bool

    public init(compressionLevel: Int = 1, filter: Filter = .up, keepsAlpha: Bool = false) {
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.keepsAlpha = keepsAlpha
    }

    /// The PNG file's bytes. The corresponding C functions are `png_write_info`, `png_write_row`, `png_write_end`.
    public func encode(_ image: RGBAImage) throws(ImageCodecError) -> [UInt8] {
        guard (0...9).contains(compressionLevel) else {
            throw .encodingFailed("compression level \(compressionLevel) is outside 0–9")
        }
        guard image.width > 0, image.height > 0 else { throw .encodingFailed("a PNG needs at least one pixel") }
        var buffer = sr_buffer()
        var message = [CChar](repeating: 0, count: Int(SR_MESSAGE_LENGTH))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            sr_png_encode_rgba(pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.bytesPerRow,
                               keepsAlpha ? 1 : 0, Int32(compressionLevel), filter.rawValue, &buffer, &message)
        }
        defer { sr_buffer_free(&buffer) }
        guard status == SR_OK, let bytes = buffer.bytes else {
            throw .encodingFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: bytes, count: buffer.length))
    }
}

/// Versions of the C libraries in use, for manifests and `--version`.
public enum CodecLibraryVersions {
    public static var libjpegTurbo: String {
        let number = Int(sr_libjpeg_version())
        return "\(number / 1_000_000).\(number / 1000 % 1000).\(number % 1000)"
    }

    public static var libpng: String { String(cString: sr_libpng_version()) }
    public static var zlib: String { String(cString: sr_zlib_version()) }
}
