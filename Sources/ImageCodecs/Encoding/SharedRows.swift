import Dispatch
import Raster
import Synchronization

/// Rows that many frames show unchanged, filtered and Huffman coded once: during a scroll along
/// one axis at one zoom, every frame's rows are rows of the same content layer, and a PNG row's
/// filtered bytes depend only on it and the row above. A frame then copies each such row's bits
/// into its stream (shifted to where the stream stands) and adds its Adler-32 sums, instead of
/// packing, filtering and coding it again. Frames encoded this way use one Huffman code, fitted
/// to these rows: their bytes differ from a lone encoding's, their pixels do not.
public struct SharedRows: Sendable {
    let deflater: RunLengthDeflater
    private let encoder: PNGEncoder
    private let width: Int
    /// Each row's coded bits, starting on an 8-byte boundary of its band's buffer.
    private let bands: [[UInt8]]
    /// Rows 1 and on: row 0 has no row above it to be filtered against in a frame that shows it below another.
    private let rows: [Row]

    struct Row: Sendable {
        let band: Int
        let offset: Int
        let bitCount: Int
        let checksum: Adler32.Block
    }

    /// `height` rows of `width` RGBA pixels starting at `base`, `bytesPerRow` apart, coded on all
    /// cores; `nil` unless `encoder` is the fast encoder.
    public init?(encoder: PNGEncoder, base: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
        guard encoder.method == .fast, width > 0, height > 1 else { return nil }
        let fast = FastPNGEncoder(filter: encoder.filter, keepsAlpha: encoder.keepsAlpha)
        let source = RGBARows(base: base, width: width, height: height, bytesPerRow: bytesPerRow)
        let deflater = fast.deflater(fittedTo: source)
        let bandCount = min(height - 1, 16)
        let coded = Mutex([(buffer: [UInt8], rows: [Row])?](repeating: nil, count: bandCount))
        DispatchQueue.concurrentPerform(iterations: bandCount) { band in
            let first = 1 + band * (height - 1) / bandCount, end = 1 + (band + 1) * (height - 1) / bandCount
            let result = Self.code(rows: first..<end, of: source, with: fast, deflater: deflater, band: band)
            coded.withLock { $0[band] = result }
        }
        let bands = coded.withLock { $0.map { $0! } }
        self.deflater = deflater
        self.encoder = encoder
        self.width = width
        self.bands = bands.map(\.buffer)
        self.rows = bands.flatMap(\.rows)
    }

    /// Whether frames from `encoder` at `width` pixels can take these rows.
    public func serves(_ encoder: PNGEncoder, width: Int) -> Bool {
        encoder == self.encoder && width == self.width
    }

    /// The row to take for a frame's row `y`, given which of these rows each frame row shows: the
    /// frame's row above must show the row above it, as it did when the row was filtered.
    func row(showing y: Int, in rowMap: [Int?]) -> Row? {
        guard y > 0, let index = rowMap[y], index > 0, index <= rows.count, rowMap[y - 1] == index - 1 else { return nil }
        return rows[index - 1]
    }

    func append(_ row: Row, to writer: inout BitWriter, checksum: inout Adler32) {
        bands[row.band].withUnsafeBytes { bytes in
            writer.append(bits: bytes.baseAddress! + row.offset, count: row.bitCount)
        }
        checksum.append(row.checksum)
    }

    /// Codes `range` (each row below the one before it) into one buffer.
    private static func code(rows range: Range<Int>, of source: RGBARows, with fast: FastPNGEncoder,
                             deflater: RunLengthDeflater, band: Int) -> (buffer: [UInt8], rows: [Row]) {
        let rowCount = source.width * fast.bytesPerPixel
        // Each row's bound (12 bits a byte at most) rounded up to whole words, and a word of slack.
        let stride = ((rowCount + 1) * 3 / 2 + 16) / 8 * 8
        var rows: [Row] = []
        rows.reserveCapacity(range.count)
        let buffer = [UInt8](unsafeUninitializedCapacity: range.count * stride + 8) { buffer, initialized in
            let start = buffer.baseAddress!
            var end = start
            RowPipeline.with(source, bytesPerPixel: fast.bytesPerPixel, kinds: fast.kinds) { pipeline in
                for y in range {
                    let row = pipeline.filter(y, previousIsPacked: y != range.lowerBound)
                    var writer = BitWriter(start: end)
                    deflater.encode(row: row, count: rowCount, filterType: row[-1], into: &writer)
                    let bitCount = writer.bitsWritten(since: end)
                    let rowEnd = writer.finish()
                    // Zero up to the next word so that whole-word reads see only zeros past the bits.
                    let padded = start + (rowEnd - start + 7) / 8 * 8
                    rowEnd.initialize(repeating: 0, count: padded - rowEnd)
                    rows.append(Row(band: band, offset: end - start, bitCount: bitCount,
                                    checksum: Adler32.Block(row - 1, count: rowCount + 1)))
                    end = padded
                }
            }
            // One more zero word for the last row's whole-word reads.
            end.initialize(repeating: 0, count: 8)
            initialized = end + 8 - start
        }
        return (buffer, rows)
    }
}
