import Raster
import _CodecShims

/// Writes RGBA8 pictures as 8-bit PNGs, through libpng and zlib or through a fast encoder of our own.
///
/// Frames are intermediate files that ffmpeg reads once, so frames want ``Method/fast`` (see
/// ``frames(keepsAlpha:)``): 10–20 times faster than libpng with zlib at level 1, for files
/// 0–30 % larger. ``Method/zlib``
/// with `compressionLevel` 9 and `.adaptive` gives small files. Either way the same pixels and
/// settings always give the same bytes, and an encoder may be used from several threads at once.
public struct PNGEncoder: Sendable, Equatable {
    /// How the pixels are compressed.
    public enum Method: String, Sendable, CaseIterable, Codable {
        /// Huffman coding with runs of zeros, no match search (fpnge's approach); ignores
        /// `compressionLevel`. For frames: several times faster than zlib at any level.
        case fast
        /// libpng and zlib at `compressionLevel`; level 9 gives the smallest files.
        case zlib
    }

    /// The per-row prediction libpng applies before deflate.
    public enum Filter: Int32, Sendable, CaseIterable, Codable {
        case none = 0, sub, up, average, paeth, adaptive
    }

    public var method: Method
    /// zlib's level, 0 (store) to 9 (smallest); used by ``Method/zlib`` only.
    public var compressionLevel: Int
    /// The row filter; `.adaptive` picks one for each row (libpng's heuristic for both methods).
    public var filter: Filter
    /// Keep the alpha channel (RGBA); otherwise alpha is dropped and the file is RGB.
    public var keepsAlpha: Bool

    /// zlib's levels.
    public static let compressionLevels = 0...9

    /// Why `level` cannot be used, in the words every door shows.
    public static func compressionLevelProblem(_ level: Int) -> String {
        "the zlib compression level must be 0–9, not \(level)"
    }

    public init(method: Method = .zlib, compressionLevel: Int = 1, filter: Filter = .up, keepsAlpha: Bool = false) {
        (self.method, self.compressionLevel, self.filter, self.keepsAlpha) = (method, compressionLevel, filter, keepsAlpha)
    }

    /// The settings for frames: ``Method/fast`` with the Up filter. Frames are read back whole
    /// (`diff`, `export`, ffmpeg), and libpng undoes Up a third faster than Paeth: a main-job
    /// frame decodes in 19 ms instead of 28, for files about a quarter larger (1.63 vs 1.32 MB).
    public static func frames(keepsAlpha: Bool = false) -> PNGEncoder {
        PNGEncoder(method: .fast, filter: .up, keepsAlpha: keepsAlpha)
    }

    /// The PNG file's bytes. For ``Method/zlib`` the corresponding C functions are `png_write_info`,
    /// `png_write_row` and `png_write_end`.
    public func encode(_ image: RGBAImage) throws(ImageCodecError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .encodingFailed("a PNG needs at least one pixel") }
        guard image.width <= Self.maximumDimension, image.height <= Self.maximumDimension else {
            throw .encodingFailed("\(image.width)×\(image.height) is over PNG's limit of \(Self.maximumDimension) a side")
        }
        switch method {
        case .fast:
            return FastPNGEncoder(filter: filter, keepsAlpha: keepsAlpha).encode(image)
        case .zlib:
            return try encodeWithZlib(image)
        }
    }

    /// `image` with the rows `rowMap` says are rows of `shared` (the frame's row `y` showing
    /// `shared`'s row `rowMap[y]` in `span`, exactly) taken from `shared` when the row above
    /// them is too; see ``SharedRows``. `shared` must serve this encoder, width and span. The rows
    /// with a patch in `patches` (by row, or empty) hold only their patch's columns in `image`:
    /// the rest is their layer row's.
    public func encode(_ image: RGBAImage, reusing shared: SharedRows, rowMap: [Int?], span: LayerSpan,
                       patches: [LayerRowPatch?] = []) throws(ImageCodecError) -> [UInt8] {
        // A patched row shows no layer row whole, and its columns lie in the frame.
        let patchesFit = zip(patches, rowMap).allSatisfy { patch, row in
            patch.map { row == nil && $0.columns.clamped(to: 0..<image.width) == $0.columns } ?? true
        }
        guard shared.serves(self, width: image.width, span: span), rowMap.count == image.height,
              patches.isEmpty || patches.count == rowMap.count, patchesFit else {
            throw .encodingFailed("shared rows do not fit a \(image.width)×\(image.height) frame showing \(span)")
        }
        return FastPNGEncoder(filter: filter, keepsAlpha: keepsAlpha).encode(image, reusing: shared, rowMap: rowMap, span: span, patches: patches)
    }

    /// PNG's limit on width and height (2³¹ − 1).
    static let maximumDimension = Int(Int32.max)

    private func encodeWithZlib(_ image: RGBAImage) throws(ImageCodecError) -> [UInt8] {
        guard Self.compressionLevels.contains(compressionLevel) else {
            throw .encodingFailed(Self.compressionLevelProblem(compressionLevel))
        }
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
