import Dispatch
import Raster
import Synchronization

/// A content layer's rows, filtered and Huffman coded once for the frames of a run that show
/// them, as Core Animation renders a layer once: during a scroll at one zoom every frame's rows
/// are the layer's rows, and a PNG row's filtered bytes depend only on it and the row above (and,
/// for a window, the pixel left of it). A frame then copies each such row's bits into its stream,
/// shifted to where the stream stands, and adds its Adler-32 sums, instead of packing, filtering
/// and coding it again. Frames encoded this way use one Huffman code fitted to the layer: their
/// bytes differ from a lone encoding's, their pixels do not.
///
/// - A vertical scroll shows every row from one column: rows are coded whole, as a lone frame
///   codes them (zero runs, any filter).
/// - A scroll with a horizontal part shows windows from several columns, or the layer in part
///   of the frame (past an edge, in a bounce): rows are coded as literals, with the bit where
///   every 64th byte starts, so that any window can be cut out. The span's first pixel (whose
///   left neighbour in the frame is not the layer's) and the frame's own pixels around the span
///   are filtered and coded per frame. Needs one filter for all rows, and pictures with few flat
///   runs (which literals would code poorly); otherwise there are no shared rows.
public struct SharedRows: Sendable {
    let deflater: RunLengthDeflater
    private let encoder: PNGEncoder
    private let frameWidth: Int
    /// The layer's RGBA pixels, kept for the frames' rows that show them.
    private let layer: [UInt8]
    private let layerWidth: Int
    /// The column every frame shows whole rows from, or `nil` for windows from any column.
    private let wholeRowColumn: Int?
    private let bands: [Band]
    /// Rows 1 and on: row 0 has no row above it to be filtered against in a frame that shows it below another.
    private let rows: [Row]

    /// A band of rows coded on one thread.
    private struct Band: Sendable {
        /// Each row's coded bits, starting on an 8-byte boundary.
        var bits: [UInt8]
        /// For windows: each row's filtered bytes, and every 64th byte's bit offset and Adler-32 prefix sums.
        var filtered: [UInt8] = []
        var offsets: [UInt32] = []
        var prefixSums: [PrefixSums] = []
    }

    struct Row: Sendable {
        let band: Int
        let bitsStart: Int
        let bitCount: Int
        let coding: Coding
    }

    /// What a frame needs besides a row's bits to take it.
    enum Coding: Sendable {
        /// A whole row: its Adler-32 sums, filter-type byte included.
        case whole(Adler32.Block)
        /// A row coded as literals: where its filtered bytes start in the band, and its marks
        /// (bit offsets and prefix sums, every 64 bytes).
        case window(filteredStart: Int, marksStart: Int)
    }

    /// At most this many bytes for each layer pixel: for windows of RGBA frames, the filtered
    /// bytes (4), their literals (at most 12 bits a byte, 6), and the bit offsets and prefix sums
    /// every 64 bytes (0.75).
    public static let maximumBytesPerPixel = 11

    /// The rows of a layer of `layerWidth` RGBA `pixels` a row, for frames `frameWidth` pixels
    /// wide that show them in `spans`; coded on all cores. Whole rows when every frame shows them
    /// across its whole width from one column, windows otherwise. `nil` when they cannot be
    /// shared: not the fast encoder, a span outside the layer or the frame, windows with the
    /// adaptive filter or of a picture with many flat runs.
    public init?(encoder: PNGEncoder, layer pixels: [UInt8], layerWidth: Int, frameWidth: Int, spans: Set<LayerSpan>) {
        guard layerWidth > 0, pixels.count % (layerWidth * 4) == 0, !spans.isEmpty,
              spans.allSatisfy({ Self.fits($0, frameWidth: frameWidth, layerWidth: layerWidth) }) else { return nil }
        let wholeRowColumn = spans.count == 1 && spans.first!.columns == 0..<frameWidth ? spans.first!.layerColumn : nil
        let coded = pixels.withUnsafeBufferPointer { buffer in
            Self.code(buffer.baseAddress!, layerWidth: layerWidth, height: buffer.count / (layerWidth * 4), encoder: encoder,
                      frameWidth: frameWidth, wholeRowColumn: wholeRowColumn)
        }
        guard let coded else { return nil }
        deflater = coded.deflater
        self.encoder = encoder
        self.frameWidth = frameWidth
        layer = pixels
        self.layerWidth = layerWidth
        self.wholeRowColumn = wholeRowColumn
        bands = coded.bands.map(\.band)
        rows = coded.bands.flatMap(\.rows)
    }

    /// Whether `span` lies within a frame `frameWidth` wide and a layer `layerWidth` wide.
    private static func fits(_ span: LayerSpan, frameWidth: Int, layerWidth: Int) -> Bool {
        !span.columns.isEmpty && span.columns.lowerBound >= 0 && span.columns.upperBound <= frameWidth
            && span.layerColumn >= 0 && span.layerColumn + span.columns.count <= layerWidth
    }

    /// The layer's rows from `base` coded in bands on all cores, with the code fitted to them;
    /// `nil` when they cannot be shared in the form `wholeRowColumn` asks for.
    private static func code(_ base: UnsafePointer<UInt8>, layerWidth: Int, height: Int, encoder: PNGEncoder, frameWidth: Int,
                             wholeRowColumn: Int?) -> (deflater: RunLengthDeflater, bands: [(band: Band, rows: [Row])])? {
        let bytesPerRow = layerWidth * 4
        guard encoder.method == .fast, frameWidth > 0, height > 1 else { return nil }
        let fast = FastPNGEncoder(filter: encoder.filter, keepsAlpha: encoder.keepsAlpha)
        let whole = wholeRowColumn != nil
        let source = wholeRowColumn.map { RGBARows(base: base + $0 * 4, width: frameWidth, height: height, bytesPerRow: bytesPerRow) }
            ?? RGBARows(base: base, width: layerWidth, height: height, bytesPerRow: bytesPerRow)
        let histogram = fast.histogram(sampling: source)
        // Literals cost a flat picture's runs several times over: a frame alone codes it better.
        guard whole || (encoder.filter != .adaptive && histogram.runByteCount * 20 <= histogram.byteCount) else { return nil }
        let deflater = RunLengthDeflater(histogram: histogram)
        let bandCount = min(height - 1, 16)
        let coded = Mutex([(band: Band, rows: [Row])?](repeating: nil, count: bandCount))
        DispatchQueue.concurrentPerform(iterations: bandCount) { band in
            let range = (1 + band * (height - 1) / bandCount)..<(1 + (band + 1) * (height - 1) / bandCount)
            let result = Self.code(range, of: source, with: fast, deflater: deflater, band: band, whole: whole)
            coded.withLock { $0[band] = result }
        }
        return (deflater, coded.withLock { $0.map { $0! } })
    }

    /// Whether frames from `encoder` at `width` pixels that show these rows in `span` can take them.
    public func serves(_ encoder: PNGEncoder, width: Int, span: LayerSpan) -> Bool {
        guard encoder == self.encoder, width == frameWidth else { return false }
        if let wholeRowColumn { return span == LayerSpan(columns: 0..<width, layerColumn: wholeRowColumn) }
        return Self.fits(span, frameWidth: width, layerWidth: layerWidth)
    }

    /// Calls `body` with `frame`'s rows, those `rowMap` says show layer rows read from the layer
    /// when `span` is the frame's whole width: the compositor need not copy them into the frame.
    func withFrameRows<Result>(_ frame: RGBARows, rowMap: [Int?], span: LayerSpan, _ body: (RGBARows) -> Result) -> Result {
        guard span.columns == 0..<frame.width else { return body(frame) }
        return layer.withUnsafeBufferPointer { layer in
            let start = layer.baseAddress! + span.layerColumn * 4
            let starts = rowMap.indices.map { y in rowMap[y].map { start + $0 * layerWidth * 4 } ?? frame.row(y) }
            return body(RGBARows(width: frame.width, starts: starts))
        }
    }

    /// The row to take for a frame's row `y`, given which of these rows each frame row shows: the
    /// frame's row above must show the row above it, as it did when the row was filtered.
    func row(showing y: Int, in rowMap: [Int?]) -> Row? {
        guard y > 0, let index = rowMap[y], index > 0, index <= rows.count, rowMap[y - 1] == index - 1 else { return nil }
        return rows[index - 1]
    }

    /// Writes a whole row.
    func appendWhole(_ row: Row, sums block: Adler32.Block, to writer: inout BitWriter, checksum: inout Adler32) {
        bands[row.band].bits.withUnsafeBytes { writer.append(bits: $0.baseAddress! + row.bitsStart, count: row.bitCount) }
        checksum.append(block)
    }

    /// Writes filtered bytes `range` of a row coded as literals: the bits between their ends, and
    /// their Adler-32 sums from the prefix sums there.
    func appendWindow(_ row: Row, filteredStart: Int, marksStart: Int, bytes range: Range<Int>,
                      to writer: inout BitWriter, checksum: inout Adler32) {
        guard !range.isEmpty else { return }
        let band = bands[row.band]
        band.filtered.withUnsafeBufferPointer { filtered in
            let bytes = filtered.baseAddress! + filteredStart
            band.offsets.withUnsafeBufferPointer { offsets in
                band.prefixSums.withUnsafeBufferPointer { sums in
                    let marks = (offsets.baseAddress! + marksStart, sums.baseAddress! + marksStart)
                    let from = position(range.lowerBound, bytes: bytes, marks: marks)
                    let to = position(range.upperBound, bytes: bytes, marks: marks)
                    band.bits.withUnsafeBytes {
                        writer.append(bits: $0.baseAddress! + row.bitsStart, from: from.bit, count: to.bit - from.bit)
                    }
                    checksum.append(Adler32.Block(from: (from.sums, range.lowerBound), to: (to.sums, range.upperBound)))
                }
            }
        }
    }

    /// Where filtered byte `index` of a row coded as literals starts: its bit, and the Adler-32
    /// prefix sums of the bytes before it; from the marks every 64 bytes and the bytes since.
    private func position(_ index: Int, bytes: UnsafePointer<UInt8>,
                          marks: (bits: UnsafePointer<UInt32>, sums: UnsafePointer<PrefixSums>)) -> (bit: Int, sums: PrefixSums) {
        let spacing = RunLengthDeflater.offsetSpacing
        let mark = index / spacing
        var bit = Int(marks.bits[mark])
        var sum: UInt64 = 0, indexedSum: UInt64 = 0
        deflater.literalLengths.withUnsafeBufferPointer { lengths in
            for byte in (mark * spacing)..<index {
                bit &+= Int(lengths[Int(bytes[byte])])
                sum &+= UInt64(bytes[byte])
                indexedSum &+= UInt64(byte) &* UInt64(bytes[byte])
            }
        }
        return (bit, marks.sums[mark].adding(sum: sum, indexedSum: indexedSum))
    }

    /// Codes `range` (each row below the one before it) into one band.
    private static func code(_ range: Range<Int>, of source: RGBARows, with fast: FastPNGEncoder,
                             deflater: RunLengthDeflater, band index: Int, whole: Bool) -> (band: Band, rows: [Row]) {
        let rowCount = source.width * fast.bytesPerPixel
        // Each row's bound (12 bits a byte at most) rounded up to whole words, and a word of slack.
        let stride = ((rowCount + 1) * 3 / 2 + 16) / 8 * 8
        let offsetCount = rowCount / RunLengthDeflater.offsetSpacing + 1
        var filtered = [UInt8](repeating: 0, count: whole ? 0 : range.count * rowCount)
        var offsets = [UInt32](repeating: 0, count: whole ? 0 : range.count * offsetCount)
        var prefixSums = [PrefixSums](repeating: PrefixSums(), count: whole ? 0 : range.count * offsetCount)
        var rows: [Row] = []
        rows.reserveCapacity(range.count)
        let bits = [UInt8](unsafeUninitializedCapacity: range.count * stride + 8) { buffer, initialized in
            let start = buffer.baseAddress!
            var end = start
            RowPipeline.with(source, bytesPerPixel: fast.bytesPerPixel, kinds: fast.kinds) { pipeline in
                for (number, y) in range.enumerated() {
                    let row = pipeline.filter(y, previousIsPacked: y != range.lowerBound)
                    var writer = BitWriter(start: end)
                    let coding: Coding
                    if whole {
                        deflater.encode(row: row, count: rowCount, filterType: row[-1], into: &writer)
                        coding = .whole(Adler32.Block(row - 1, count: rowCount + 1))
                    } else {
                        offsets.withUnsafeMutableBufferPointer { offsets in
                            deflater.encodeLiterals(row: row, count: rowCount, into: &writer,
                                                    offsets: offsets.baseAddress! + number * offsetCount)
                        }
                        filtered.withUnsafeMutableBufferPointer { filtered in
                            (filtered.baseAddress! + number * rowCount).update(from: row, count: rowCount)
                        }
                        prefixSums.withUnsafeMutableBufferPointer { sums in
                            PrefixSums.mark(row, count: rowCount, into: sums.baseAddress! + number * offsetCount)
                        }
                        coding = .window(filteredStart: number * rowCount, marksStart: number * offsetCount)
                    }
                    let bitCount = writer.bitsWritten(since: end)
                    let rowEnd = writer.finish()
                    // Zero up to the next word so that whole-word reads see only zeros past the bits.
                    let padded = start + (rowEnd - start + 7) / 8 * 8
                    rowEnd.initialize(repeating: 0, count: padded - rowEnd)
                    rows.append(Row(band: index, bitsStart: end - start, bitCount: bitCount, coding: coding))
                    end = padded
                }
            }
            // One more zero word for the last row's whole-word reads.
            end.initialize(repeating: 0, count: 8)
            initialized = end + 8 - start
        }
        return (Band(bits: bits, filtered: filtered, offsets: offsets, prefixSums: prefixSums), rows)
    }
}

/// The sums over a row's first bytes that give any window's Adler-32 sums: of the bytes, and of
/// each byte times its index, both mod 65521.
struct PrefixSums: Sendable {
    var sum: UInt32 = 0
    var indexedSum: UInt32 = 0

    /// These sums with raw sums of the bytes after them added.
    func adding(sum more: UInt64, indexedSum moreIndexed: UInt64) -> PrefixSums {
        PrefixSums(sum: UInt32((UInt64(sum) + more) % Adler32.modulus),
                   indexedSum: UInt32((UInt64(indexedSum) + moreIndexed % Adler32.modulus) % Adler32.modulus))
    }

    /// The sums before every 64th byte of `row` and before its end (when that is a multiple of
    /// 64), reduced only there: 64 bytes add less than 2⁶⁴ to either.
    static func mark(_ row: UnsafePointer<UInt8>, count: Int, into marks: UnsafeMutablePointer<PrefixSums>) {
        let spacing = RunLengthDeflater.offsetSpacing, m = Adler32.modulus
        var sum: UInt64 = 0, indexedSum: UInt64 = 0
        for index in 0..<count {
            if index % spacing == 0 {
                sum %= m
                indexedSum %= m
                marks[index / spacing] = PrefixSums(sum: UInt32(sum), indexedSum: UInt32(indexedSum))
            }
            sum &+= UInt64(row[index])
            indexedSum &+= UInt64(index) &* UInt64(row[index])
        }
        if count % spacing == 0 { marks[count / spacing] = PrefixSums(sum: UInt32(sum % m), indexedSum: UInt32(indexedSum % m)) }
    }
}
