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
///   codes them (zero runs, any filter). Where indicators cover a few columns of a frame's rows,
///   rows are coded in pieces cut there, so that such a frame row takes the pieces around them
///   and codes only those columns (with a filter that reads only the row above).
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
    private let layerWidth: Int
    /// The column every frame shows whole rows from, or `nil` for windows from any column.
    private let wholeRowColumn: Int?
    /// Where whole rows are cut in pieces, each coded on its own (no zero run crosses a cut or
    /// starts one as a match): 0, the frame columns where indicators' columns begin and end, and
    /// the frame's width. Empty when rows are not cut.
    private let pieceBounds: [Int]
    /// The layer's tiles side by side, each with its rows coded (one tile for whole rows).
    private let tiles: [CodedTile]

    /// A tile's rows 1 and on, coded: row 0 has no row above it to be filtered against in a
    /// frame that shows it below another.
    private struct CodedTile: Sendable {
        let tile: LayerTile
        let bands: [Band]
        let rows: [Row]
    }

    /// A band of a tile's rows coded on one thread.
    private struct Band: Sendable {
        /// Each row's coded bits, starting on an 8-byte boundary.
        var bits: [UInt8]
        /// For whole rows cut in pieces: the bit where each piece starts (after the filter type's
        /// literal for the first), and each piece's Adler-32 sums.
        var pieceBits: [UInt32] = []
        var pieceSums: [Adler32.Block] = []
        /// For windows: each row's filtered bytes, and every 64th byte's bit offset and Adler-32 prefix sums.
        var filtered: [UInt8] = []
        var offsets: [UInt32] = []
        var prefixSums: [PrefixSums] = []
    }

    private struct Row: Sendable {
        let band: Int
        let bitsStart: Int
        let bitCount: Int
        let coding: Coding
    }

    /// What a frame needs besides a row's bits to take it.
    private enum Coding: Sendable {
        /// A whole row: its Adler-32 sums, filter-type byte included, and where its pieces' marks start.
        case whole(Adler32.Block, piecesStart: Int)
        /// A row coded as literals: where its filtered bytes start in the band, and its marks
        /// (bit offsets and prefix sums, every 64 bytes).
        case window(filteredStart: Int, marksStart: Int)
    }

    /// At most this many bytes for each layer pixel: for windows of RGBA frames, the filtered
    /// bytes (4), their literals (at most 12 bits a byte, 6), and the bit offsets and prefix sums
    /// every 64 bytes (0.75).
    public static let maximumBytesPerPixel = 11

    /// At most this many cuts: the two sides of a vertical indicator, and of a second one.
    static let maximumCuts = 4

    /// The rows of a layer's `tiles` (side by side, as tall as each other), for frames
    /// `frameWidth` pixels wide that show them in `spans`; coded on all cores. Whole rows when
    /// every frame shows them across its whole width from one column of a one-tile layer,
    /// windows otherwise. Tiles that `previous` (the rows of the layer this one continues) has
    /// coded as windows are taken as they are, with its code. `nil` when they cannot be shared:
    /// not the fast encoder, a span outside the layer or the frame, windows with the adaptive
    /// filter or of a picture with many flat runs. Whole rows are cut at `cuts` (frame columns
    /// where indicators' columns begin and end) with the Up or no filter, and at most
    /// ``maximumCuts`` of them.
    public init?(encoder: PNGEncoder, tiles: [LayerTile], frameWidth: Int, spans: Set<LayerSpan>, cuts: Set<Int> = [],
                 continuing previous: SharedRows? = nil) {
        guard let first = tiles.first, encoder.method == .fast, frameWidth > 0, first.height > 1,
              zip(tiles, tiles.dropFirst()).allSatisfy({ $1.column == $0.columns.upperBound && $1.height == $0.height })
        else { return nil }
        let layerWidth = tiles.width
        guard !spans.isEmpty, spans.allSatisfy({ Self.fits($0, frameWidth: frameWidth, layerWidth: layerWidth) }) else { return nil }
        let wholeRowColumn = spans.count == 1 && spans.first!.columns == 0..<frameWidth ? spans.first!.layerColumn : nil
        let fast = FastPNGEncoder(filter: encoder.filter, keepsAlpha: encoder.keepsAlpha)
        let coded: (deflater: RunLengthDeflater, tiles: [CodedTile])?
        let inside = cuts.filter { 0 < $0 && $0 < frameWidth }.sorted()
        let cutting = wholeRowColumn != nil && [.up, .none].contains(encoder.filter) && !inside.isEmpty && inside.count <= Self.maximumCuts
        pieceBounds = cutting ? [0] + inside + [frameWidth] : []
        if let wholeRowColumn {
            guard tiles.count == 1 else { return nil }
            coded = Self.codeWholeRows(of: first, from: wholeRowColumn, width: frameWidth, with: fast, pieceBounds: pieceBounds)
        } else {
            let reusable = previous.flatMap { $0.wholeRowColumn == nil && $0.encoder == encoder && $0.frameWidth == frameWidth ? $0 : nil }
            coded = Self.codeWindows(of: tiles, with: fast, continuing: reusable)
        }
        guard let coded else { return nil }
        deflater = coded.deflater
        (self.encoder, self.frameWidth, self.layerWidth, self.wholeRowColumn) = (encoder, frameWidth, layerWidth, wholeRowColumn)
        self.tiles = coded.tiles
    }

    private init(_ rows: SharedRows, tiles: [CodedTile]) {
        deflater = rows.deflater
        encoder = rows.encoder
        frameWidth = rows.frameWidth
        layerWidth = tiles.map(\.tile).width
        wholeRowColumn = rows.wholeRowColumn
        pieceBounds = rows.pieceBounds
        self.tiles = tiles
    }

    /// These rows with only the tiles within `columns` (output pixels from the content's corner):
    /// what a layer that continues this one may take, the rest let go before it is drawn.
    public func keeping(columns: Range<Int>) -> SharedRows? {
        let kept = tiles.filter { $0.tile.isWithin(columns) }
        return wholeRowColumn == nil && !kept.isEmpty ? SharedRows(self, tiles: kept) : nil
    }

    /// Whether `span` lies within a frame `frameWidth` wide and a layer `layerWidth` wide.
    private static func fits(_ span: LayerSpan, frameWidth: Int, layerWidth: Int) -> Bool {
        !span.columns.isEmpty && span.columns.lowerBound >= 0 && span.columns.upperBound <= frameWidth
            && span.layerColumn >= 0 && span.layerColumn + span.columns.count <= layerWidth
    }

    /// `tile`'s rows, `width` pixels of each from `column`, coded whole (in pieces between
    /// `pieceBounds`, if any) in bands on all cores with a code fitted to them.
    private static func codeWholeRows(of tile: LayerTile, from column: Int, width: Int, with fast: FastPNGEncoder,
                                      pieceBounds: [Int]) -> (deflater: RunLengthDeflater, tiles: [CodedTile]) {
        let rows = RGBARows(base: tile.pixel(column, row: 0), width: width, height: tile.height, bytesPerRow: tile.bytesPerRow)
        let deflater = RunLengthDeflater(histogram: fast.histogram(sampling: rows))
        return (deflater, code([(tile, rows, 0)], bandsPerTile: min(tile.height - 1, 16), with: fast, deflater: deflater, whole: true,
                               pieceBounds: pieceBounds))
    }

    /// The tiles' rows coded as literals, in bands on all cores: those `previous` holds taken
    /// from it with its code, the others coded with that code or one fitted to all the tiles.
    private static func codeWindows(of tiles: [LayerTile], with fast: FastPNGEncoder,
                                    continuing previous: SharedRows?) -> (deflater: RunLengthDeflater, tiles: [CodedTile])? {
        guard fast.filter != .adaptive else { return nil }
        let held = previous?.tiles ?? []
        let reused = tiles.map { tile in held.first { $0.tile.isSameTile(as: tile) } }
        let fresh = tiles.indices.filter { reused[$0] == nil }
        // Each row with the pixel left of the tile, filtered with it and then left out.
        let sources = fresh.map { index in
            (tiles[index], RGBARows(base: tiles[index].pixels, width: tiles[index].width + 1, height: tiles[index].height,
                                    bytesPerRow: tiles[index].bytesPerRow), 1)
        }
        let deflater: RunLengthDeflater
        if let previous, reused.contains(where: { $0 != nil }) {
            deflater = previous.deflater
        } else {
            var histogram = RunLengthDeflater.Histogram()
            for (_, rows, _) in sources { histogram.merge(fast.histogram(sampling: rows)) }
            // Literals cost a flat picture's runs several times over: a frame alone codes it better.
            guard histogram.runByteCount * 20 <= histogram.byteCount else { return nil }
            deflater = RunLengthDeflater(histogram: histogram)
        }
        // A band for each core across the new tiles: fewer, larger blocks of memory than more bands would take.
        let bands = max(1, min(tiles[0].height - 1, Cores.count / max(1, sources.count)))
        let coded = code(sources, bandsPerTile: bands, with: fast, deflater: deflater, whole: false)
        var next = coded.makeIterator()
        return (deflater, tiles.indices.map { reused[$0] ?? next.next()! })
    }

    /// Codes the rows of each of `sources` (a tile, its rows, and how many pixels at the start
    /// of each row are context, filtered but not coded) in `bandsPerTile` bands, on all cores.
    private static func code(_ sources: [(tile: LayerTile, rows: RGBARows, context: Int)], bandsPerTile: Int,
                             with fast: FastPNGEncoder, deflater: RunLengthDeflater, whole: Bool, pieceBounds: [Int] = []) -> [CodedTile] {
        let count = sources.count * bandsPerTile
        let coded = Mutex([(band: Band, rows: [Row])?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { item in
            let (source, band) = (sources[item / bandsPerTile], item % bandsPerTile)
            let height = source.rows.height
            let range = (1 + band * (height - 1) / bandsPerTile)..<(1 + (band + 1) * (height - 1) / bandsPerTile)
            let result = Self.code(range, of: source.rows, context: source.context, with: fast, deflater: deflater,
                                   band: band, whole: whole, pieceBounds: pieceBounds)
            coded.withLock { $0[item] = result }
        }
        let bands = coded.withLock { $0.map { $0! } }
        return sources.indices.map { index in
            let own = bands[(index * bandsPerTile)..<((index + 1) * bandsPerTile)]
            return CodedTile(tile: sources[index].tile, bands: own.map(\.band), rows: own.flatMap(\.rows))
        }
    }

    /// Whether frames from `encoder` at `width` pixels that show these rows in `span` can take them.
    public func serves(_ encoder: PNGEncoder, width: Int, span: LayerSpan) -> Bool {
        guard encoder == self.encoder, width == frameWidth else { return false }
        if let wholeRowColumn { return span == LayerSpan(columns: 0..<width, layerColumn: wholeRowColumn) }
        return Self.fits(span, frameWidth: width, layerWidth: layerWidth)
    }

    /// Calls `body` with `frame`'s rows, those `rowMap` says show layer rows read from the layer
    /// when `span` is the frame's whole width: the compositor need not copy them into the frame.
    /// So are the rows with a patch in `patches` (by row, or empty), but for their columns, read in the frame.
    /// A row taken from these rows is read only at the span's first pixel (coded alone); rows of
    /// several tiles that a frame codes itself, or filters the next row against, are joined first.
    func withFrameRows<Result>(_ frame: RGBARows, rowMap: [Int?], span: LayerSpan, patches: [LayerRowPatch?] = [],
                               _ body: (RGBARows) -> Result) -> Result {
        let layer = tiles.map(\.tile), first = layer[0].column
        guard span.columns == 0..<frame.width, let (tile, column) = layer.tile(holding: first + span.layerColumn) else {
            return body(frame)
        }
        let patch = { (y: Int) in patches.isEmpty ? nil : patches[y] }
        let layerRow = { (y: Int) in rowMap[y] ?? patch(y)?.layerRow }
        let read = tiles.count > 1 ? (rowsReadWhole(rowMap) + patches.indices.filter { patches[$0] != nil }).sorted() : []
        let slots = Dictionary(uniqueKeysWithValues: read.enumerated().map { ($1, $0) })
        let rowBytes = frame.width * 4
        let shown = (first + span.layerColumn)..<(first + span.layerColumn + frame.width)
        let joined = [UInt8](unsafeUninitializedCapacity: read.count * rowBytes) { buffer, initialized in
            for (slot, y) in read.enumerated() {
                layer.copy(row: layerRow(y)!, columns: shown, to: buffer.baseAddress! + slot * rowBytes)
            }
            initialized = read.count * rowBytes
        }
        return joined.withUnsafeBufferPointer { joined in
            let starts = rowMap.indices.map { y -> UnsafePointer<UInt8> in
                guard let row = layerRow(y) else { return frame.row(y) }
                return slots[y].map { joined.baseAddress! + $0 * rowBytes } ?? tile.pixel(column, row: row)
            }
            let patched = patches.indices.map { y in patches[y].map { RGBARows.Patch(columns: $0.columns, row: frame.row(y)) } }
            return body(RGBARows(width: frame.width, starts: starts, patches: patched))
        }
    }

    /// The frame rows showing layer rows that a frame reads whole: those it codes itself, and
    /// the rows above them.
    private func rowsReadWhole(_ rowMap: [Int?]) -> [Int] {
        let taken = rowMap.indices.map { row(showing: $0, in: rowMap) != nil }
        return rowMap.indices.filter { y in
            rowMap[y] != nil && (!taken[y] || (y + 1 < rowMap.count && !taken[y + 1]))
        }
    }

    /// Whether rows are coded whole (else as windows).
    var codesWholeRows: Bool { wholeRowColumn != nil }

    /// The row of these to take for a frame's row `y`, given which of them each frame row shows:
    /// the frame's row above must show the row above it, as it did when the row was filtered.
    func row(showing y: Int, in rowMap: [Int?]) -> Int? {
        guard y > 0, let index = rowMap[y], index > 0, index < tiles[0].tile.height, rowMap[y - 1] == index - 1 else { return nil }
        return index
    }

    /// Writes row `index` whole.
    func appendWhole(_ index: Int, to writer: inout BitWriter, checksum: inout Adler32) {
        let tile = tiles[0], row = tile.rows[index - 1]
        guard case .whole(let block, _) = row.coding else { return }
        tile.bands[row.band].bits.withUnsafeBytes { writer.append(bits: $0.baseAddress! + row.bitsStart, count: row.bitCount) }
        checksum.append(block)
    }

    /// A frame row that shows one of these rows, coded whole in pieces, but for the columns of its
    /// patch, which are the row's pieces `pieces`.
    struct CutRow {
        let index: Int
        let columns: Range<Int>
        let pieces: Range<Int>
    }

    /// How many pieces whole rows are cut in (0 when they are not).
    var pieceCount: Int { Self.pieceCount(pieceBounds) }

    /// How many pieces `bounds` cut a row in.
    private static func pieceCount(_ bounds: [Int]) -> Int { max(0, bounds.count - 1) }

    /// The row of these that frame row `y` shows but for its patch's columns, when the patch
    /// begins and ends at cuts and the frame's row above shows the row above it outside them, as
    /// it did when the row was filtered.
    func row(showing y: Int, patchedBy patches: [LayerRowPatch?], in rowMap: [Int?]) -> CutRow? {
        guard pieceCount > 0, y > 0, y < patches.count, let patch = patches[y], patch.layerRow > 0,
              patch.layerRow < tiles[0].tile.height,
              let first = pieceBounds.firstIndex(of: patch.columns.lowerBound),
              let end = pieceBounds.firstIndex(of: patch.columns.upperBound), first < end else { return nil }
        let above = rowMap[y - 1] == patch.layerRow - 1 || patches[y - 1].map {
            $0.layerRow == patch.layerRow - 1 && $0.columns.clamped(to: patch.columns) == $0.columns
        } == true
        return above ? CutRow(index: patch.layerRow, columns: patch.columns, pieces: first..<end) : nil
    }

    /// Writes pieces `pieces` of row `index`, coded whole in pieces: from the row's first bit
    /// (its filter type's literal) when they start at the first piece, even with none.
    func appendWhole(_ index: Int, pieces: Range<Int>, to writer: inout BitWriter, checksum: inout Adler32) {
        let tile = tiles[0], row = tile.rows[index - 1]
        guard case .whole(_, let piecesStart) = row.coding else { return }
        let band = tile.bands[row.band]
        let bit = { (piece: Int) in piece == self.pieceCount ? row.bitCount : Int(band.pieceBits[piecesStart + piece]) }
        let (start, end) = (pieces.lowerBound == 0 ? 0 : bit(pieces.lowerBound), bit(pieces.upperBound))
        band.bits.withUnsafeBytes { writer.append(bits: $0.baseAddress! + row.bitsStart, from: start, count: end - start) }
        if pieces.lowerBound == 0 {
            var filterType = UInt8(encoder.filter.rawValue)
            checksum.update(&filterType, count: 1)
        }
        for piece in pieces { checksum.append(band.pieceSums[piecesStart + piece]) }
    }

    /// Writes filtered bytes `range` (from the layer's first column) of row `index` coded as
    /// literals: from each tile they cross, the bits between their ends there, and their Adler-32
    /// sums from the prefix sums there.
    func appendWindow(_ index: Int, bytes range: Range<Int>, bytesPerPixel: Int, to writer: inout BitWriter,
                      checksum: inout Adler32) {
        var start = 0
        for tile in tiles {
            let end = start + tile.tile.width * bytesPerPixel
            defer { start = end }
            let (lower, upper) = (max(range.lowerBound, start), min(range.upperBound, end))
            guard lower < upper else { continue }
            append(tile, row: index, bytes: (lower - start)..<(upper - start), to: &writer, checksum: &checksum)
        }
    }

    /// Writes filtered bytes `range` of row `index` of `tile`.
    private func append(_ tile: CodedTile, row index: Int, bytes range: Range<Int>, to writer: inout BitWriter,
                        checksum: inout Adler32) {
        let row = tile.rows[index - 1]
        guard case .window(let filteredStart, let marksStart) = row.coding else { return }
        let band = tile.bands[row.band]
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

    /// Codes `range` (each row below the one before it) into one band, leaving out the first
    /// `context` pixels of each row once filtered; whole rows in pieces between `pieceBounds`.
    private static func code(_ range: Range<Int>, of source: RGBARows, context: Int, with fast: FastPNGEncoder,
                             deflater: RunLengthDeflater, band index: Int, whole: Bool, pieceBounds: [Int]) -> (band: Band, rows: [Row]) {
        let skipped = context * fast.bytesPerPixel
        let rowCount = source.width * fast.bytesPerPixel - skipped
        // Each row's bound (12 bits a byte at most) rounded up to whole words, and a word of slack.
        let stride = ((rowCount + 1) * 3 / 2 + 16) / 8 * 8
        let offsetCount = rowCount / RunLengthDeflater.offsetSpacing + 1
        var filtered = [UInt8](repeating: 0, count: whole ? 0 : range.count * rowCount)
        var offsets = [UInt32](repeating: 0, count: whole ? 0 : range.count * offsetCount)
        var prefixSums = [PrefixSums](repeating: PrefixSums(), count: whole ? 0 : range.count * offsetCount)
        let pieceCount = Self.pieceCount(pieceBounds)
        var pieceBits: [UInt32] = [], pieceSums: [Adler32.Block] = []
        pieceBits.reserveCapacity(range.count * pieceCount)
        pieceSums.reserveCapacity(range.count * pieceCount)
        var rows: [Row] = []
        rows.reserveCapacity(range.count)
        let bits = [UInt8](unsafeUninitializedCapacity: range.count * stride + 8) { buffer, initialized in
            let start = buffer.baseAddress!
            var end = start
            RowPipeline.with(source, bytesPerPixel: fast.bytesPerPixel, kinds: fast.kinds) { pipeline in
                for (number, y) in range.enumerated() {
                    let row = pipeline.filter(y, previousIsPacked: y != range.lowerBound) + skipped
                    var writer = BitWriter(start: end)
                    let coding: Coding
                    if whole {
                        if pieceCount > 0 {
                            deflater.writeLiteral(row[-1], into: &writer)
                            for piece in 0..<pieceCount {
                                let bytes = (pieceBounds[piece] * fast.bytesPerPixel)..<(pieceBounds[piece + 1] * fast.bytesPerPixel)
                                pieceBits.append(UInt32(writer.bitsWritten(since: end)))
                                pieceSums.append(Adler32.Block(row + bytes.lowerBound, count: bytes.count))
                                deflater.encode(bytes: row + bytes.lowerBound, count: bytes.count, into: &writer)
                            }
                        } else {
                            deflater.encode(row: row, count: rowCount, filterType: row[-1], into: &writer)
                        }
                        coding = .whole(Adler32.Block(row - 1, count: rowCount + 1), piecesStart: number * pieceCount)
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
        return (Band(bits: bits, pieceBits: pieceBits, pieceSums: pieceSums, filtered: filtered, offsets: offsets,
                     prefixSums: prefixSums), rows)
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
