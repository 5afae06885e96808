#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Raster

/// Decodes JPEG and PNG bytes into upright RGBA8 pictures.
///
/// The header is read first and the picture refused, before anything is allocated for its
/// pixels, when it claims more than ``maximumPixelCount`` pixels: a 100-byte file can claim
/// 100000×100000 and must not cost 40 GB.
public struct ImageDecoder: Sendable {
    /// 16384 × 16384: far above any camera, far below what would exhaust memory.
    public static let defaultMaximumPixelCount = 268_435_456

    public var maximumPixelCount: Int
    /// Regions of a baseline JPEG at least this many rows tall are decoded in two row bands at
    /// once (see ``RegionDecodePlan/decoders``); a shorter one would not repay a second decoder.
    public var minimumBandedHeight = 512
    /// Whether PNGs like scrollrender's frames go to ``FastPNGDecoder``: yes for frame files (a
    /// diff or an export reads hundreds); the input picture goes to libpng (`ImageLoader`), and
    /// tests compare the two.
    package var readsSimplePNGsItself = true

    public init(maximumPixelCount: Int = ImageDecoder.defaultMaximumPixelCount) {
        self.maximumPixelCount = maximumPixelCount
    }

    /// What the header says, without decoding the pixels.
    public func info(of data: [UInt8]) throws(ImageCodecError) -> ImageInfo {
        try withHandle(data, scale: .full) { handle throws(ImageCodecError) in try handle.readHeader().info }
    }

    /// The picture, upright; `scale` shrinks JPEGs by DCT scaling and is ignored for PNGs.
    /// PNGs like the frames scrollrender writes are read by ``FastPNGDecoder``, others by libpng.
    public func decode(_ data: [UInt8], scale: JPEGScale = .full) throws(ImageCodecError) -> DecodedImage {
        if readsSimplePNGsItself, let png = FastPNGDecoder(data) {
            try checkSize(png.info, fileSize: data.count)
            if let image = png.decode(data) { return DecodedImage(image: image, info: png.info, warnings: []) }
        }
        return try withHandle(data, scale: scale) { handle throws(ImageCodecError) in
            let header = try handle.readHeader()
            try checkSize(header.info, fileSize: data.count)
            let stored = try Self.decodePixels(handle, width: header.outputWidth, height: header.outputHeight)
            return DecodedImage(image: stored.applying(header.info.orientation), info: header.info, warnings: handle.warnings)
        }
    }

    /// Bytes a whole-picture decode of a PNG holds besides the picture: at most its inflated rows
    /// (``FastPNGDecoder``), a filter byte and four bytes a pixel for each; libpng's rows are fewer.
    public static func pngDecodingMemory(width: Int, height: Int) -> Int {
        let (row, rowOverflow) = width.multipliedReportingOverflow(by: RGBAImage.bytesPerPixel)
        let (rows, overflow) = height.multipliedReportingOverflow(by: row + 1)
        return rowOverflow || overflow ? .max : rows
    }

    /// The pixel limit and ``checkPlausible(_:fileSize:)``, for decoding the whole picture.
    public func checkSize(_ info: ImageInfo, fileSize: Int) throws(ImageCodecError) {
        try checkPixelLimit(width: info.storedWidth, height: info.storedHeight)
        try checkPlausible(info, fileSize: fileSize)
    }

    /// The pixel limit, and what any machine can hold: the RGBA bytes (and their size in an `Int`)
    /// must fit in physical memory, whatever limit a caller gave (`--max-pixels 9223372036854775807`).
    public func checkPixelLimit(width: Int, height: Int) throws(ImageCodecError) {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        let limit = min(maximumPixelCount, Self.physicalMemory / RGBAImage.bytesPerPixel)
        if overflow || product > limit {
            throw .tooLarge(width: width, height: height, limit: limit)
        }
    }

    /// What the header claims must be possible for this file, whatever part of it is decoded.
    ///
    /// A JPEG must be long enough to hold its claimed size: every 8×8 block of it costs at least
    /// one bit, so a 600-byte file claiming 16384² is cut short, and is refused before libjpeg
    /// allocates for the claim and spends seconds decoding nothing.
    public func checkPlausible(_ info: ImageInfo, fileSize: Int) throws(ImageCodecError) {
        if info.storedWidth == 0 || info.storedHeight == 0 {
            throw .corruptData(info.format, "the picture has no pixels (\(info.storedWidth)×\(info.storedHeight))")
        }
        // The least a file must hold for its claimed size: a bit per 8×8 JPEG block; for PNG, its
        // rows (at least a bit per pixel and a filter byte per row) at deflate's best ratio, 1032:1.
        let (width, height) = (Double(info.storedWidth), Double(info.storedHeight))
        let minimumBytes = info.format == .jpeg
            ? (width / 8).rounded(.up) * (height / 8).rounded(.up) / 8
            : height * (1 + (width * Double(max(info.bitDepth, 1)) / 8).rounded(.up)) / Self.deflateMaximumRatio
        guard Double(fileSize) >= minimumBytes else {
            throw .truncated(info.format, "\(fileSize) bytes cannot hold \(info.storedWidth)×\(info.storedHeight) pixels")
        }
    }

    /// Runs `body` with the format's decoder over `data`, kept alive and pinned for the duration.
    /// Whole-picture and region decodes both open their decoder here.
    func withHandle<T>(
        _ data: [UInt8], scale: JPEGScale, _ body: (CodecHandle) throws(ImageCodecError) -> T
    ) throws(ImageCodecError) -> T {
        guard let format = ImageFormat(sniffing: data) else {
            throw .unsupportedFormat(data.isEmpty ? "the file is empty" : "unrecognised first bytes")
        }
        let result: Result<T, ImageCodecError> = data.withUnsafeBufferPointer { bytes in
            Result { () throws(ImageCodecError) -> T in
                let handle: CodecHandle = switch format {
                case .jpeg: try JPEGDecoder(bytes: bytes, scale: scale, memoryLimit: Self.libraryMemoryLimit(maximumPixelCount))
                case .png: try PNGDecoder(bytes: bytes)
                }
                return try body(handle)
            }
        }
        return try result.get()
    }

    /// Decodes straight into the array's storage, without zero-filling it first.
    private static func decodePixels(_ handle: CodecHandle, width: Int, height: Int) throws(ImageCodecError) -> RGBAImage {
        let stride = width * RGBAImage.bytesPerPixel
        var failure: ImageCodecError?
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * height) { buffer, count in
            buffer.initialize(repeating: 0)
            do throws(ImageCodecError) {
                try handle.decode(into: buffer.baseAddress!, stride: stride)
            } catch {
                failure = error
            }
            count = buffer.count
        }
        if let failure { throw failure }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Deflate's best compression: 258 bytes from one 2-bit code at the very most.
    static let deflateMaximumRatio = 1032.0

    /// What libjpeg may allocate of its own: a progressive picture's coefficients (at most 8 bytes a
    /// pixel, four components of 2 bytes) for the largest picture allowed, and 64 MB of row buffers;
    /// never more than physical memory.
    static func libraryMemoryLimit(_ maximumPixelCount: Int) -> Int {
        let (coefficients, overflow) = maximumPixelCount.multipliedReportingOverflow(by: 8)
        return min(overflow ? Int.max : coefficients + (64 << 20), physicalMemory)
    }

    /// Bytes this process may use: physical memory, or a container's cap.
    static var physicalMemory: Int { MachineMemory.available }
}
