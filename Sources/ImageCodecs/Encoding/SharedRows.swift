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
/// - A scroll with a horizontal part shows windows from several columns: rows are coded as
///   literals, with the bit where every 64th byte starts, so that any window can be cut out;
///   the window's first pixel, which has no left neighbour in the frame, is filtered and coded
///   per frame. Needs one filter for all rows, and pictures with few flat runs (which literals
///   would code poorly); otherwise there are no shared rows.
public struct SharedRows: Sendable {
    let deflater: RunLengthDeflater
    private let encoder: PNGEncoder
    private let frameWidth: Int
    /// The column every frame shows whole rows from, or `nil` for windows from any column.
    private let wholeRowColumn: Int?
    private let bands: [Band]
    /// Rows 1 and on: row 0 has no row above it to be filtered against in a frame that shows it below another.
    private let rows: [Row]

    /// A band of rows coded on one thread.
    private struct Band: Sendable {
        /// Each row's coded bits, starting on an 8-byte boundary.
        var bits: [UInt8]
        /// For windows: each row's filtered bytes (for the window's Adler-32) and bit offsets.
        var filtered: [UInt8] = []
        var offsets: [UInt32] = []
    }

    struct Row: Sendable {
        let band: Int
        let bitsStart: Int
        let bitCount: Int
        /// Whole rows: the row's Adler-32 sums, filter-type byte included.
        let checksum: Adler32.Block?
        /// Windows: where the row's filtered bytes and bit offsets start in the band.
        let filteredStart: Int
        let offsetsStart: Int
    }

    /// At most this many bytes for each layer pixel: for windows of RGBA frames, the filtered
    /// bytes (4) and their literals (at most 12 bits a byte, 6), with the bit offsets.
    public static let maximumBytesPerPixel = 11

    /// The layer's `height` rows of `layerWidth` RGBA pixels from `base`, `bytesPerRow` apart,
    /// for frames `frameWidth` pixels wide that show them from `columns`; coded on all cores.
    /// `nil` when they cannot be shared: not the fast encoder, windows with the adaptive filter
    /// or of a picture with many flat runs.
    public init?(encoder: PNGEncoder, base: UnsafePointer<UInt8>, layerWidth: Int, height: Int, bytesPerRow: Int,
                 frameWidth: Int, columns: Set<Int>) {
        guard encoder.method == .fast, frameWidth > 0, height > 1, let first = columns.min(), let last = columns.max(),
              first >= 0, last + frameWidth <= layerWidth else { return nil }
        let fast = FastPNGEncoder(filter: encoder.filter, keepsAlpha: encoder.keepsAlpha)
        let whole = columns.count == 1
        let source = whole ? RGBARows(base: base + first * 4, width: frameWidth, height: height, bytesPerRow: bytesPerRow)
                           : RGBARows(base: base, width: layerWidth, height: height, bytesPerRow: bytesPerRow)
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
        let bands = coded.withLock { $0.map { $0! } }
        self.deflater = deflater
        self.encoder = encoder
        self.frameWidth = frameWidth
        self.wholeRowColumn = whole ? first : nil
        self.bands = bands.map(\.band)
        self.rows = bands.flatMap(\.rows)
    }

    /// Whether frames from `encoder` at `width` pixels that show these rows from `column` can take them.
    public func serves(_ encoder: PNGEncoder, width: Int, column: Int) -> Bool {
        encoder == self.encoder && width == frameWidth && (wholeRowColumn.map { $0 == column } ?? true)
    }

    /// The row to take for a frame's row `y`, given which of these rows each frame row shows: the
    /// frame's row above must show the row above it, as it did when the row was filtered.
    func row(showing y: Int, in rowMap: [Int?]) -> Row? {
        guard y > 0, let index = rowMap[y], index > 0, index <= rows.count, rowMap[y - 1] == index - 1 else { return nil }
        return rows[index - 1]
    }

    /// Writes `row` as the frame shows it from `column`; `pixels` and `above` are the frame's RGBA
    /// row and the row above it, whose first pixel a window codes itself.
    func append(_ row: Row, column: Int, pixels: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>,
                to writer: inout BitWriter, checksum: inout Adler32) {
        let band = bands[row.band]
        guard wholeRowColumn == nil else {
            band.bits.withUnsafeBytes { writer.append(bits: $0.baseAddress! + row.bitsStart, count: row.bitCount) }
            checksum.append(row.checksum!)
            return
        }
        // Filter type and the first pixel, whose left neighbour in the frame is zero.
        let bytesPerPixel = encoder.keepsAlpha ? 4 : 3
        var head: (UInt8, UInt8, UInt8, UInt8, UInt8) = (UInt8(encoder.filter.rawValue), 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &head) { head in
            let kind = RowFilter.Kind(rawValue: head[0])!
            RowFilter.apply(kind, row: pixels, previous: above, count: bytesPerPixel, bytesPerPixel: bytesPerPixel,
                            into: head.baseAddress!.assumingMemoryBound(to: UInt8.self) + 1)
            for index in 0...bytesPerPixel { deflater.writeLiteral(head[index], into: &writer) }
            checksum.update(head.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytesPerPixel + 1)
        }
        // The rest of the window: the layer row's coded bytes from the frame's second pixel on.
        let (start, end) = ((column + 1) * bytesPerPixel, (column + frameWidth) * bytesPerPixel)
        guard end > start else { return }
        band.filtered.withUnsafeBufferPointer { filtered in
            let bytes = filtered.baseAddress! + row.filteredStart
            band.offsets.withUnsafeBufferPointer { offsets in
                let offsets = offsets.baseAddress! + row.offsetsStart
                let from = bitOffset(start, bytes: bytes, offsets: offsets), to = bitOffset(end, bytes: bytes, offsets: offsets)
                band.bits.withUnsafeBytes {
                    writer.append(bits: $0.baseAddress! + row.bitsStart, from: from, count: to - from)
                }
            }
            checksum.update(bytes + start, count: end - start)
        }
    }

    /// The bit at which filtered byte `index` of a row coded as literals starts.
    private func bitOffset(_ index: Int, bytes: UnsafePointer<UInt8>, offsets: UnsafePointer<UInt32>) -> Int {
        let spacing = RunLengthDeflater.offsetSpacing
        var bit = Int(offsets[index / spacing])
        for byte in (index - index % spacing)..<index { bit += deflater.literalLength(bytes[byte]) }
        return bit
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
        var rows: [Row] = []
        rows.reserveCapacity(range.count)
        let bits = [UInt8](unsafeUninitializedCapacity: range.count * stride + 8) { buffer, initialized in
            let start = buffer.baseAddress!
            var end = start
            RowPipeline.with(source, bytesPerPixel: fast.bytesPerPixel, kinds: fast.kinds) { pipeline in
                for (number, y) in range.enumerated() {
                    let row = pipeline.filter(y, previousIsPacked: y != range.lowerBound)
                    var writer = BitWriter(start: end)
                    let checksum: Adler32.Block?
                    if whole {
                        deflater.encode(row: row, count: rowCount, filterType: row[-1], into: &writer)
                        checksum = Adler32.Block(row - 1, count: rowCount + 1)
                    } else {
                        offsets.withUnsafeMutableBufferPointer { offsets in
                            deflater.encodeLiterals(row: row, count: rowCount, into: &writer,
                                                    offsets: offsets.baseAddress! + number * offsetCount)
                        }
                        filtered.withUnsafeMutableBufferPointer { filtered in
                            (filtered.baseAddress! + number * rowCount).update(from: row, count: rowCount)
                        }
                        checksum = nil
                    }
                    let bitCount = writer.bitsWritten(since: end)
                    let rowEnd = writer.finish()
                    // Zero up to the next word so that whole-word reads see only zeros past the bits.
                    let padded = start + (rowEnd - start + 7) / 8 * 8
                    rowEnd.initialize(repeating: 0, count: padded - rowEnd)
                    rows.append(Row(band: index, bitsStart: end - start, bitCount: bitCount, checksum: checksum,
                                    filteredStart: number * rowCount, offsetsStart: number * offsetCount))
                    end = padded
                }
            }
            // One more zero word for the last row's whole-word reads.
            end.initialize(repeating: 0, count: 8)
            initialized = end + 8 - start
        }
        return (Band(bits: bits, filtered: filtered, offsets: offsets), rows)
    }
}
