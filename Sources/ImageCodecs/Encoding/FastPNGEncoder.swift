import Raster
import _CodecShims

/// Writes 8-bit RGB or RGBA PNGs more than ten times faster than libpng with zlib at level 1,
/// for frames that are read once: Huffman coding only, with zero runs (see ``RunLengthDeflater``).
///
/// The file is a standard PNG: signature, IHDR, one IDAT holding a zlib stream of one dynamic
/// Huffman block, IEND. The same pixels and settings always give the same bytes (a frame coded
/// with ``SharedRows`` also depends on its run's layer). Chunks and the zlib stream are framed
/// here: chunk CRCs by the shim's `sr_crc32` (zlib's CRC-32, folded), the stream's ``Adler32`` by us.
/// With Paeth, files are 15–30 % larger than zlib level 1 with Up makes (there is no match search).
struct FastPNGEncoder {
    var filter: PNGEncoder.Filter
    var keepsAlpha: Bool

    /// About this many rows are filtered twice to fit the Huffman code to the picture.
    static let sampledRowCount = 64

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var bytesPerPixel: Int { keepsAlpha ? 4 : 3 }

    /// The filters tried on each row: one, or all five for `.adaptive`.
    var kinds: [RowFilter.Kind] {
        filter == .adaptive ? RowFilter.Kind.allCases : [RowFilter.Kind(rawValue: UInt8(filter.rawValue))!]
    }

    /// How the coded pixels are framed: a whole PNG file, or one frame's data chunk of an APNG —
    /// IDAT for the first (the picture a viewer without APNG shows), fdAT after its sequence number.
    enum Framing {
        case file
        case animationFrame(sequence: UInt32?)
    }

    func encode(_ image: RGBAImage, framing: Framing = .file) -> [UInt8] {
        image.pixels.withUnsafeBufferPointer { pixels in
            let rows = RGBARows(image, pixels)
            return encode(rows, with: deflater(fittedTo: rows), reusing: nil, framing: framing)
        }
    }

    /// `image` encoded with `shared`'s code, taking the bits of each row that `rowMap` says is one of
    /// `shared`'s rows (below the row before it), shown in `span`, from `shared` instead of
    /// filtering and coding it again; the pixels of such rows are read from the layer, not `image`.
    /// Rows `patches` names are read in the layer too, but for their columns, and take the
    /// shared row's bits around those columns when its pieces allow.
    func encode(_ image: RGBAImage, reusing shared: SharedRows, rowMap: [Int?], span: LayerSpan,
                patches: [LayerRowPatch?] = []) -> [UInt8] {
        image.pixels.withUnsafeBufferPointer { pixels in
            shared.withFrameRows(RGBARows(image, pixels), rowMap: rowMap, span: span, patches: patches) { rows in
                encode(rows, with: shared.deflater, reusing: Reuse(rows: shared, map: rowMap, span: span, patches: patches))
            }
        }
    }

    /// Shared rows, which of them each frame row shows, in which span, and which rows show
    /// them but for a patch (by frame row, or none at all).
    private struct Reuse {
        let rows: SharedRows
        let map: [Int?]
        let span: LayerSpan
        let patches: [LayerRowPatch?]
    }

    /// A Huffman code fitted to about ``sampledRowCount`` of `rows`, filtered as they will be.
    func deflater(fittedTo rows: RGBARows) -> RunLengthDeflater {
        RunLengthDeflater(histogram: histogram(sampling: rows))
    }

    /// The symbols of about ``sampledRowCount`` of `rows`, filtered as they will be.
    func histogram(sampling rows: RGBARows) -> RunLengthDeflater.Histogram {
        var histogram = RunLengthDeflater.Histogram()
        RowPipeline.with(rows, bytesPerPixel: bytesPerPixel, kinds: kinds) { pipeline in
            let step = max(1, rows.height / Self.sampledRowCount)
            for y in stride(from: 0, to: rows.height, by: step) {
                let row = pipeline.filter(y, previousIsPacked: false)
                histogram.add(row: row, count: pipeline.rowCount, filterType: row[-1])
            }
        }
        return histogram
    }

    private func encode(_ rows: RGBARows, with deflater: RunLengthDeflater,
                        reusing shared: Reuse?, framing: Framing = .file) -> [UInt8] {
        let rowCount = rows.width * bytesPerPixel
        // A literal costs at most 12 bits and a match of 3 or more bytes at most 18.
        let streamBound = rows.height * (rowCount + 1) * 3 / 2 + 1024
        let capacity = Self.signature.count + 25 + 12 + 2 + streamBound + 4 + 12 + 8
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let output = buffer.baseAddress!
            var end = output
            func append(_ bytes: [UInt8]) {
                end.update(from: bytes, count: bytes.count)
                end += bytes.count
            }
            if case .file = framing {
                append(Self.signature)
                append(Self.chunk("IHDR", header(width: rows.width, height: rows.height)))
            }
            let idat = end
            if case .animationFrame(let sequence?) = framing {
                append([0, 0, 0, 0] + Array("fdAT".utf8) + Self.bigEndian(sequence))
            } else {
                append([0, 0, 0, 0] + Array("IDAT".utf8))
            }
            append([0x78, 0x01])  // zlib: deflate, 32 KB window, no dictionary, "fastest" level hint

            var writer = BitWriter(start: end)
            deflater.writeBlockHeader(into: &writer)
            let checksum = writeRows(rows, with: deflater, reusing: shared, into: &writer)
            deflater.writeEndOfBlock(into: &writer)
            end = writer.finish()
            append(Self.bigEndian(checksum.value))

            let dataCount = end - (idat + 8)
            idat.update(from: Self.bigEndian(UInt32(dataCount)), count: 4)
            append(Self.bigEndian(sr_crc32(0, idat + 4, dataCount + 4)))
            if case .file = framing { append(Self.chunk("IEND", [])) }
            initialized = end - output
        }
    }

    /// Writes every row, filtered and coded or taken from `shared`; returns their Adler-32.
    private func writeRows(_ rows: RGBARows, with deflater: RunLengthDeflater, reusing shared: Reuse?,
                           into writer: inout BitWriter) -> Adler32 {
        let rowCount = rows.width * bytesPerPixel
        var adler = Adler32()
        RowPipeline.with(rows, bytesPerPixel: bytesPerPixel, kinds: kinds) { pipeline in
            var previousIsPacked = false
            for y in 0..<rows.height {
                if let shared, let reused = shared.rows.row(showing: y, in: shared.map) {
                    if shared.rows.codesWholeRows {
                        shared.rows.appendWhole(reused, to: &writer, checksum: &adler)
                    } else {
                        writeWindowRow(y, reused, shared, deflater: deflater, pipeline: &pipeline, into: &writer, checksum: &adler)
                    }
                    previousIsPacked = false
                    continue
                }
                if let shared, let cut = shared.rows.row(showing: y, patchedBy: shared.patches, in: shared.map) {
                    writeCutRow(y, cut, shared.rows, deflater: deflater, pipeline: &pipeline, into: &writer, checksum: &adler)
                    previousIsPacked = false
                    continue
                }
                let row = pipeline.filter(y, previousIsPacked: previousIsPacked)
                previousIsPacked = true
                adler.update(row - 1, count: rowCount + 1)
                deflater.encode(row: row, count: rowCount, filterType: row[-1], into: &writer)
            }
        }
        return adler
    }

    /// Writes row `y`, which shows a shared row but for its patch's columns: the row's pieces
    /// around them from the coded row, those columns filtered and coded here.
    private func writeCutRow(_ y: Int, _ cut: SharedRows.CutRow, _ shared: SharedRows, deflater: RunLengthDeflater,
                             pipeline: inout RowPipeline, into writer: inout BitWriter, checksum: inout Adler32) {
        shared.appendWhole(cut.index, pieces: 0..<cut.pieces.lowerBound, to: &writer, checksum: &checksum)
        let bytes = pipeline.filter(y, pixels: cut.columns), count = cut.columns.count * bytesPerPixel
        checksum.update(bytes, count: count)
        deflater.encode(bytes: bytes, count: count, into: &writer)
        shared.appendWhole(cut.index, pieces: cut.pieces.upperBound..<shared.pieceCount, to: &writer, checksum: &checksum)
    }

    /// Writes row `y`, which shows `row` of the shared rows in the span: the filter type, the
    /// frame's own pixels left of the span and the span's first pixel (whose left neighbour is
    /// not the layer's) filtered and coded here, the rest of the span from the coded row, and
    /// the frame's own pixels right of it.
    private func writeWindowRow(_ y: Int, _ row: Int, _ shared: Reuse, deflater: RunLengthDeflater,
                                pipeline: inout RowPipeline, into writer: inout BitWriter, checksum: inout Adler32) {
        let (columns, layerColumn) = (shared.span.columns, shared.span.layerColumn)
        var filterType = UInt8(filter.rawValue)
        deflater.writeLiteral(filterType, into: &writer)
        checksum.update(&filterType, count: 1)
        func writeOwn(_ pixels: Range<Int>) {
            guard !pixels.isEmpty else { return }
            let bytes = pipeline.filter(y, pixels: pixels)
            checksum.update(bytes, count: pixels.count * bytesPerPixel)
            deflater.encode(bytes: bytes, count: pixels.count * bytesPerPixel, into: &writer)
        }
        writeOwn(0..<(columns.lowerBound + 1))
        let shown = (layerColumn + 1)..<(layerColumn + columns.count)
        shared.rows.appendWindow(row, bytes: (shown.lowerBound * bytesPerPixel)..<(shown.upperBound * bytesPerPixel),
                                 bytesPerPixel: bytesPerPixel, to: &writer, checksum: &checksum)
        writeOwn(columns.upperBound..<pipeline.rows.width)
    }

    /// IHDR's data: the size, 8 bits a sample, RGBA or RGB, deflate, adaptive filtering, no interlace.
    func header(width: Int, height: Int) -> [UInt8] {
        Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [8, keepsAlpha ? 6 : 2, 0, 0, 0]
    }

    /// A whole chunk: length, type, data and the CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(sr_crc32(0, body, body.count))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
         UInt8(truncatingIfNeeded: value)]
    }
}

/// Rows of RGBA pixels in memory, each where it is: a whole picture, a window as wide as a frame
/// in a wider one, or a frame whose rows are partly a layer's. Only read, so several threads may
/// read one while its owners keep the memory alive.
struct RGBARows: @unchecked Sendable {
    let width: Int
    private let starts: [UnsafePointer<UInt8>]
    /// By row, its columns read elsewhere (the frame's own over a layer's row), or none at all.
    private let patches: [Patch?]

    /// Columns of a row read from `row` (a row start: pixel `x` at `row + 4x`) instead.
    struct Patch {
        let columns: Range<Int>
        let row: UnsafePointer<UInt8>
    }

    var height: Int { starts.count }

    init(base: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
        self.init(width: width, starts: (0..<height).map { base + $0 * bytesPerRow })
    }

    init(_ image: RGBAImage, _ pixels: UnsafeBufferPointer<UInt8>) {
        self.init(base: pixels.baseAddress!, width: image.width, height: image.height, bytesPerRow: image.bytesPerRow)
    }

    init(width: Int, starts: [UnsafePointer<UInt8>], patches: [Patch?] = []) {
        (self.width, self.starts, self.patches) = (width, starts, patches)
    }

    /// Row `y`'s start: all of its pixels when it has no patch, else all but the patch's.
    func row(_ y: Int) -> UnsafePointer<UInt8> { starts[y] }

    func patch(_ y: Int) -> Patch? { patches.isEmpty ? nil : patches[y] }

    /// Calls `body` with each piece of `pixels`, cut where the patches of rows `y` and `other`
    /// begin and end, and the row start to read it from in each row (1,200 rows a frame have a
    /// patch on a 13-inch iPad: nothing is allocated).
    @inline(__always)
    func forEachPiece(_ pixels: Range<Int>, of y: Int, and other: Int?,
                      _ body: (_ pixels: Range<Int>, _ row: UnsafePointer<UInt8>, _ other: UnsafePointer<UInt8>?) -> Void) {
        let own = patch(y), others = other.flatMap(patch)
        var start = pixels.lowerBound
        while start < pixels.upperBound {
            let end = min(pixels.upperBound, Self.nextEdge(of: own, after: start), Self.nextEdge(of: others, after: start))
            body(start..<end, read(y, own, at: start), other.map { read($0, others, at: start) })
            start = end
        }
    }

    /// The first column after `column` where `patch` begins or ends, if any.
    private static func nextEdge(of patch: Patch?, after column: Int) -> Int {
        guard let columns = patch?.columns else { return .max }
        return columns.lowerBound > column ? columns.lowerBound : columns.upperBound > column ? columns.upperBound : .max
    }

    /// Where row `y` (whose patch is `patch`) is read at `column`.
    private func read(_ y: Int, _ patch: Patch?, at column: Int) -> UnsafePointer<UInt8> {
        patch.map { $0.columns.contains(column) ? $0.row : starts[y] } ?? starts[y]
    }
}

/// Packs RGBA rows to the file's layout and filters them, keeping the row above packed.
struct RowPipeline {
    let rows: RGBARows
    let bytesPerPixel: Int
    let kinds: [RowFilter.Kind]
    private var current: UnsafeMutablePointer<UInt8>
    private var previous: UnsafeMutablePointer<UInt8>
    private let zeros: UnsafeMutablePointer<UInt8>
    /// The first filtered row; the others follow `rowCount + 8` bytes apart. Byte -1 is the filter type.
    private let filtered: UnsafeMutablePointer<UInt8>

    var rowCount: Int { rows.width * bytesPerPixel }

    /// Calls `body` with a pipeline whose scratch rows live for the call.
    static func with<Result>(_ rows: RGBARows, bytesPerPixel: Int, kinds: [RowFilter.Kind],
                             _ body: (inout RowPipeline) -> Result) -> Result {
        let stride = rows.width * bytesPerPixel + 8
        // Two packed rows (+8 bytes for the overlapping stores of 3-byte pixels), a zero row, and a
        // filtered row for each filter tried, each with the filter-type byte in front.
        let scratchCount = (3 + kinds.count) * stride
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchCount)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: 0, count: scratchCount)
        var pipeline = RowPipeline(rows: rows, bytesPerPixel: bytesPerPixel, kinds: kinds, current: scratch,
                                   previous: scratch + stride, zeros: scratch + 2 * stride, filtered: scratch + 3 * stride + 1)
        return body(&pipeline)
    }

    /// Row `y` filtered, its filter type at index -1. With `previousIsPacked`, row `y - 1` must
    /// be the last row filtered; otherwise it is packed again.
    mutating func filter(_ y: Int, previousIsPacked: Bool) -> UnsafeMutablePointer<UInt8> {
        if kinds.count == 1, kinds[0] == .up {
            // Up alone needs no packed rows: one pass from the pixels (the frames' filter), in
            // pieces where a row is patched (Up reads only the same column above).
            let (filtered, bytesPerPixel) = (filtered, bytesPerPixel)
            rows.forEachPiece(0..<rows.width, of: y, and: y > 0 ? y - 1 : nil) { pixels, row, above in
                let start = pixels.lowerBound
                RowFilter.upPacking(row + start * 4, above: above.map { $0 + start * 4 }, width: pixels.count,
                                    bytesPerPixel: bytesPerPixel, into: filtered + start * bytesPerPixel)
            }
            filtered[-1] = RowFilter.Kind.up.rawValue
            return filtered
        }
        if previousIsPacked {
            swap(&current, &previous)
        } else if y > 0 {
            pack(y - 1, into: previous)
        }
        pack(y, into: current)
        let above = y > 0 ? UnsafePointer(previous) : UnsafePointer(zeros)
        var best = filtered, bestCost = Int.max
        for (index, kind) in kinds.enumerated() {
            let output = filtered + index * (rowCount + 8)
            RowFilter.apply(kind, row: current, previous: above, count: rowCount, bytesPerPixel: bytesPerPixel,
                            into: output)
            output[-1] = kind.rawValue
            if kinds.count > 1 {
                let cost = RowFilter.cost(of: output, count: rowCount)
                if cost < bestCost {
                    best = output
                    bestCost = cost
                }
            }
        }
        return best
    }

    /// The filtered bytes of `pixels` of row `y` (below row `y - 1`), with the one filter: packs
    /// only those pixels and the one left of them. The pipeline's packed rows are then not row `y`'s.
    mutating func filter(_ y: Int, pixels: Range<Int>) -> UnsafeMutablePointer<UInt8> {
        let context = pixels.lowerBound > 0 ? 1 : 0
        let packed = (pixels.lowerBound - context)..<pixels.upperBound
        pack(y, pixels: packed, into: current)
        if y > 0 { pack(y - 1, pixels: packed, into: previous) }
        RowFilter.apply(kinds[0], row: current, previous: y > 0 ? previous : zeros, count: packed.count * bytesPerPixel,
                        bytesPerPixel: bytesPerPixel, into: filtered)
        return filtered + context * bytesPerPixel
    }

    /// Copies row `y`, dropping alpha for RGB.
    private func pack(_ y: Int, into destination: UnsafeMutablePointer<UInt8>) {
        pack(y, pixels: 0..<rows.width, into: destination)
    }

    /// Copies `pixels` of row `y`, dropping alpha for RGB, a patched row piece by piece, left to right.
    private func pack(_ y: Int, pixels: Range<Int>, into destination: UnsafeMutablePointer<UInt8>) {
        rows.forEachPiece(pixels, of: y, and: nil) { piece, row, _ in
            pack(row + piece.lowerBound * 4, width: piece.count, into: destination + (piece.lowerBound - pixels.lowerBound) * bytesPerPixel)
        }
    }

    /// Copies `width` pixels from `source`, dropping alpha for RGB; 3-byte pixels are moved in
    /// words that overlap (up to 2 bytes past the last: the next piece or the scratch's slack).
    private func pack(_ source: UnsafePointer<UInt8>, width: Int, into destination: UnsafeMutablePointer<UInt8>) {
        if bytesPerPixel == 4 {
            destination.update(from: source, count: width * 4)
            return
        }
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(destination)
        var x = 0
        // Two pixels a word, with shifts and masks (plain x86-64 has no byte shuffle): 8 bytes in,
        // 6 out, stored as 8 that the next store overlaps.
        let low: UInt64 = 0xFF_FFFF, high: UInt64 = 0xFFFF_FF00_0000
        while x &+ 2 <= width {
            let word = UInt64(littleEndian: from.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self))
            to.storeBytes(of: (word & low | (word &>> 8) & high).littleEndian, toByteOffset: x &* 3, as: UInt64.self)
            x &+= 2
        }
        while x < width {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self),
                          toByteOffset: x &* 3, as: UInt32.self)
            x &+= 1
        }
    }
}
