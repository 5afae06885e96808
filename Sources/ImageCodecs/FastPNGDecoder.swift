import Raster
import _DeflateShims

/// Reads the PNGs ``FastPNGEncoder`` writes, and any other like them — 8-bit RGB or RGBA, not
/// interlaced, no chunks but IHDR, IDAT and IEND — in about a third of libpng's time (6 ms a
/// main-job frame against 19): a diff or an export decodes hundreds of frames, and zlib's inflate
/// was most of each decode.
///
/// Our own code only frames the bytes: a bounds-checked walk over the chunks. The zlib stream is
/// inflated by libdeflate (`sr_inflate_zlib`), which writes straight into a buffer of the rows'
/// known size and checks the Adler-32; the rows are unfiltered in place and widened to RGBA. The
/// pixels are libpng's, to the byte. Anything else — other chunks (tRNS, eXIf, text…), other
/// depths or colour types, a bad CRC or Adler-32, a damaged stream — returns nil, and the caller
/// hands the file to libpng, which decodes it or says in its words what is wrong.
struct FastPNGDecoder {
    let info: ImageInfo
    /// Where the zlib stream's pieces lie in the file: each IDAT's data, in order.
    private let streamPieces: [Range<Int>]

    private var width: Int { info.storedWidth }
    private var height: Int { info.storedHeight }
    private var bytesPerPixel: Int { info.hasAlpha ? 4 : 3 }

    /// The header and layout of `bytes`, or nil when they are not a PNG this decoder reads.
    init?(_ bytes: [UInt8]) {
        guard let (info, pieces) = bytes.withUnsafeBufferPointer({ Self.layout(of: $0) }) else { return nil }
        self.info = info
        streamPieces = pieces
    }

    /// The picture, or nil when its stream or rows are damaged.
    func decode(_ bytes: [UInt8]) -> RGBAImage? {
        let rowCount = width * bytesPerPixel
        let (filteredCount, overflow) = height.multipliedReportingOverflow(by: rowCount + 1)
        guard !overflow else { return nil }
        // Eight bytes of room let the last pixel be read as one word.
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: filteredCount + 8)
        defer { filtered.deallocate() }
        (filtered + filteredCount).initialize(repeating: 0, count: 8)
        guard inflate(bytes, into: filtered, count: filteredCount) else { return nil }
        var intact = true
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * RGBAImage.bytesPerPixel) { buffer, count in
            intact = unfilter(filtered, into: buffer.baseAddress!)
            count = buffer.count
        }
        return intact ? RGBAImage(width: width, height: height, pixels: pixels) : nil
    }

    /// Inflates the stream into exactly `count` bytes at `output` (libdeflate checks the Adler-32).
    private func inflate(_ bytes: [UInt8], into output: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        func run(_ stream: UnsafeBufferPointer<UInt8>) -> Bool {
            sr_inflate_zlib(stream.baseAddress!, stream.count, output, count) == SR_OK
        }
        if streamPieces.count == 1 {
            return bytes.withUnsafeBufferPointer { run(UnsafeBufferPointer(rebasing: $0[streamPieces[0]])) }
        }
        let joined = streamPieces.flatMap { bytes[$0] }
        return joined.withUnsafeBufferPointer(run)
    }

    /// Undoes each row's filter in place (the row above is already undone) and writes it as RGBA.
    /// False for a filter type PNG does not have.
    private func unfilter(_ filtered: UnsafeMutablePointer<UInt8>, into pixels: UnsafeMutablePointer<UInt8>) -> Bool {
        let rowCount = width * bytesPerPixel
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: rowCount)
        zeros.initialize(repeating: 0, count: rowCount)
        defer { zeros.deallocate() }
        var previous = UnsafePointer(zeros)
        for y in 0..<height {
            let row = filtered + y * (rowCount + 1) + 1
            guard let kind = RowFilter.Kind(rawValue: row[-1]) else { return false }
            RowFilter.undo(kind, row: row, previous: previous, count: rowCount, bytesPerPixel: bytesPerPixel)
            Self.widen(row, width: width, hasAlpha: bytesPerPixel == 4, into: pixels + y * width * RGBAImage.bytesPerPixel)
            previous = UnsafePointer(row)
        }
        return true
    }

    /// Copies a row of RGB (alpha 255 added) or RGBA pixels into RGBA. An RGB pixel is read as a
    /// 4-byte word, so one byte past the row must be readable.
    private static func widen(_ row: UnsafePointer<UInt8>, width: Int, hasAlpha: Bool, into output: UnsafeMutablePointer<UInt8>) {
        if hasAlpha {
            output.update(from: row, count: width * 4)
            return
        }
        let source = UnsafeRawPointer(row), target = UnsafeMutableRawPointer(output)
        var x = 0
        while x < width {
            let word = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: x &* 3, as: UInt32.self))
            target.storeBytes(of: (word | 0xFF00_0000).littleEndian, toByteOffset: x &* 4, as: UInt32.self)
            x &+= 1
        }
    }

    // MARK: The file's layout

    /// IHDR, one or more IDAT, IEND ending the file, every CRC right, and a header this decoder
    /// reads; else nil.
    private static func layout(of bytes: UnsafeBufferPointer<UInt8>) -> (ImageInfo, [Range<Int>])? {
        guard let container = PNGContainer(bytes), container.isWhole else { return nil }
        let chunks = container.chunks
        guard chunks.count >= 3, chunks.dropFirst().dropLast().allSatisfy({ $0.type == PNGContainer.type("IDAT") }),
              let info = header(bytes, chunks[0].data) else { return nil }
        return (info, chunks.dropFirst().dropLast().map(\.data))
    }

    /// The IHDR of an 8-bit RGB or RGBA picture, not interlaced, with PNG's one compression and
    /// filter method; else nil.
    private static func header(_ bytes: UnsafeBufferPointer<UInt8>, _ data: Range<Int>) -> ImageInfo? {
        guard data.count == 13 else { return nil }
        let width = Int(PNGContainer.bigEndian(bytes, at: data.lowerBound)), height = Int(PNGContainer.bigEndian(bytes, at: data.lowerBound + 4))
        let (depth, colorType) = (bytes[data.lowerBound + 8], bytes[data.lowerBound + 9])
        let methods = bytes[(data.lowerBound + 10)..<data.upperBound]
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height), depth == 8,
              colorType == 2 || colorType == 6, methods.allSatisfy({ $0 == 0 }) else { return nil }
        return ImageInfo(format: .png, storedWidth: width, storedHeight: height, orientation: .up,
                         colorSpace: PNGDecoder.colorTypeName(Int(colorType)), bitDepth: 8,
                         hasAlpha: colorType == 6, isProgressive: false)
    }
}
