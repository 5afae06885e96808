import Raster

/// Scales frames down to an export's size by area: each output pixel is the average of the source
/// pixels it covers, weighted by how much of each it covers — no ringing, no aliasing of a
/// picture's fine detail as it scrolls. The weights are worked out once for every frame.
public struct FrameScaler: Sendable {
    public let sourceWidth: Int, sourceHeight: Int, width: Int, height: Int
    private let rows: [[(index: Int, weight: Float)]]
    /// The columns' taps laid flat: output column `x` reads `columnTaps[x]` of them.
    private let columnTaps: [Range<Int>]
    private let tapOffsets: [Int]
    private let tapWeights: [Float]
    /// The whole number both sides shrink by, when they do so exactly (3× frames to 1 pixel per
    /// point) but for a last row or column of blocks the frame does not fill (an iPad's 2420 rows
    /// or 1640 columns by 3): each output pixel is then the mean of a block, summed in integers,
    /// several times faster than by weights; a last block repeats the frame's edge, or the rows or
    /// columns short of a block are left out, whichever the size rounds to.
    private let wholeFactor: Int?

    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        (self.sourceWidth, self.sourceHeight, self.width, self.height) = (sourceWidth, sourceHeight, width, height)
        // Exactly, or (on sides of hundreds of pixels, where a part of a block is lost in the size) rounded.
        let whole = { (side: Int, source: Int, factor: Int) in
            side * factor == source || source >= 256 && [source / factor, (source + factor - 1) / factor].contains(side)
        }
        let factor = width > 0 ? (sourceWidth + width - 1) / width : 0
        wholeFactor = factor >= 2 && factor <= 16 && whole(width, sourceWidth, factor) && whole(height, sourceHeight, factor) ? factor : nil
        rows = Self.weights(from: sourceHeight, to: height)
        var taps: [Range<Int>] = [], offsets: [Int] = [], weights: [Float] = []
        for column in Self.weights(from: sourceWidth, to: width) {
            taps.append(offsets.count..<(offsets.count + column.count))
            offsets += column.map { $0.index * 4 }
            weights += column.map(\.weight)
        }
        (columnTaps, tapOffsets, tapWeights) = (taps, offsets, weights)
    }

    /// For each of `count` output pixels, the source pixels it covers and by how much (summing to 1).
    static func weights(from source: Int, to count: Int) -> [[(index: Int, weight: Float)]] {
        let scale = Double(source) / Double(count)
        return (0..<count).map { output in
            let start = Double(output) * scale, end = start + scale
            var taps: [(Int, Float)] = []
            var position = start
            while position < end - 1e-9 {
                let pixel = min(source - 1, Int(position))
                let next = min(end, Double(pixel + 1))
                taps.append((pixel, Float((next - position) / scale)))
                position = next
            }
            return taps
        }
    }

    /// Adds one source row, weighted, to `band` (a loop the compiler vectorizes).
    @inline(__always)
    private static func accumulate(_ row: UnsafePointer<UInt8>, _ weight: Float, into band: UnsafeMutableBufferPointer<Float>) {
        let sums = band.baseAddress!
        for x in 0..<band.count { sums[x] += Float(row[x]) * weight }
    }

    /// Output pixel `x` of a row from `band`, the row's source columns already summed.
    @inline(__always)
    private func columnPixel(_ x: Int, of band: UnsafeMutableBufferPointer<Float>, into pixel: UnsafeMutablePointer<UInt8>) {
        var (r, g, b, a): (Float, Float, Float, Float) = (0.5, 0.5, 0.5, 0.5)
        for tap in columnTaps[x] {
            let at = band.baseAddress! + tapOffsets[tap], weight = tapWeights[tap]
            r += at[0] * weight; g += at[1] * weight
            b += at[2] * weight; a += at[3] * weight
        }
        pixel[0] = UInt8(min(255, r)); pixel[1] = UInt8(min(255, g))
        pixel[2] = UInt8(min(255, b)); pixel[3] = UInt8(min(255, a))
    }

    /// `image` at the export size (the same picture when the sizes match).
    public func scale(_ image: RGBAImage) -> RGBAImage {
        guard width != sourceWidth || height != sourceHeight else { return image }
        return image.pixels.withUnsafeBufferPointer { source in
            scale { source.baseAddress! + $0 * sourceWidth * 4 }
        }
    }

    /// The whole number both sides shrink by, when they do so (a block of that many rows and
    /// columns makes an output pixel); `nil` when the frame is scaled by weights.
    public var blockSize: Int? { wholeFactor }

    /// Whether `other` scales the same frames to the same size, so that its rows are this one's.
    public func scalesAlike(_ other: FrameScaler) -> Bool {
        (sourceWidth, sourceHeight, width, height) == (other.sourceWidth, other.sourceHeight, other.width, other.height)
    }

    /// An output row already made from the same source rows (by ``shrinkRow(_:columns:rows:into:)``,
    /// from the rows another frame shares), but for its columns `redo`, which source pixels of
    /// this frame alone change (an indicator drawn over them).
    public struct KnownRow {
        public let pixels: UnsafePointer<UInt8>
        public let redo: Range<Int>

        public init(pixels: UnsafePointer<UInt8>, redo: Range<Int>) { (self.pixels, self.redo) = (pixels, redo) }
    }

    /// The frame whose row `y` (`sourceWidth` RGBA pixels) lies at `row(y)`, wherever each is —
    /// a frame's rows that are a content layer's read where the layer keeps them, never copied
    /// into a frame — at the export size. With a whole-number shrink, an output row `known` gives
    /// is copied, only its `redo` columns made from `row`.
    public func scale(rows row: (Int) -> UnsafePointer<UInt8>, known: (Int) -> KnownRow? = { _ in nil }) -> RGBAImage {
        if let wholeFactor { return scale(rows: row, by: wholeFactor, known: known) }
        let rowLength = sourceWidth * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { target, count in
            // Rows first, into one output row at the source width, then columns.
            var band = [Float](repeating: 0, count: rowLength)
            band.withUnsafeMutableBufferPointer { band in
                for y in 0..<height {
                    band.update(repeating: 0)
                    for (source, weight) in rows[y] { Self.accumulate(row(source), weight, into: band) }
                    for x in 0..<width { columnPixel(x, of: band, into: target.baseAddress! + (y * width + x) * 4) }
                }
            }
            count = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// `image` shrunk `factor` times on both sides, a row at a time (``shrinkRow(_:columns:rows:into:)``)
    /// but for the rows `known` already holds.
    private func scale(rows row: (Int) -> UnsafePointer<UInt8>, by factor: Int, known: (Int) -> KnownRow?) -> RGBAImage {
        let outLength = width * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { target, count in
            var band = [UInt16](repeating: 0, count: sourceWidth * 4)
            band.withUnsafeMutableBufferPointer { band in
                for y in 0..<height {
                    let out = target.baseAddress! + y * outLength
                    if let known = known(y) {
                        out.update(from: known.pixels, count: outLength)
                        if !known.redo.isEmpty { shrinkRow(y, columns: known.redo, rows: row, band: band.baseAddress!, into: out) }
                    } else {
                        shrinkRow(y, columns: 0..<width, rows: row, band: band.baseAddress!, into: out)
                    }
                }
            }
            count = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Columns `columns` of output row `y` of a whole-number shrink (``blockSize``), from the source
    /// rows at `row(_)`, into `out` (the output row's first byte): what ``scale(rows:known:)``
    /// makes there, so a row made once serves every frame whose block of rows it is. Only for a
    /// whole-number shrink: it writes nothing when the frame is scaled by weights.
    public func shrinkRow(_ y: Int, columns: Range<Int>, rows row: (Int) -> UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) {
        var band = [UInt16](repeating: 0, count: sourceWidth * 4)
        band.withUnsafeMutableBufferPointer { shrinkRow(y, columns: columns, rows: row, band: $0.baseAddress!, into: out) }
    }

    /// `factor` rows summed into `band` (a loop the compiler vectorizes) over the source columns
    /// `columns` read, then `factor` pixels of it, a pixel's four channels at once, each rounded to
    /// its mean; a last block the frame does not fill repeats its edge.
    private func shrinkRow(_ y: Int, columns: Range<Int>, rows row: (Int) -> UnsafePointer<UInt8>,
                           band: UnsafeMutablePointer<UInt16>, into out: UnsafeMutablePointer<UInt8>) {
        guard let factor = wholeFactor, !columns.isEmpty else { return }
        let reciprocal = SIMD4<UInt32>(repeating: UInt32((65536 / Double(factor * factor)).rounded()))
        // Output columns whose block lies inside the frame: no edge to repeat.
        let inside = min(width, sourceWidth / factor)
        let read = min(columns.lowerBound * factor, sourceWidth - 1)..<min(columns.upperBound * factor, sourceWidth)
        Self.sumRows(row, from: y * factor, count: factor, last: sourceHeight - 1, bytes: (read.lowerBound * 4)..<(read.upperBound * 4),
                     into: band)
        let sums = UnsafeRawPointer(band), target = UnsafeMutableRawPointer(out)
        for x in columns {
            var sum = SIMD4<UInt32>(repeating: 0)
            for dx in 0..<factor {
                let column = x < inside ? x &* factor &+ dx : min(x * factor + dx, sourceWidth - 1)
                sum &+= SIMD4<UInt32>(truncatingIfNeeded: sums.loadUnaligned(fromByteOffset: column &* 8, as: SIMD4<UInt16>.self))
            }
            // The mean, rounded, by a multiply in 16-bit fixed point.
            let mean = (sum &* reciprocal &+ 0x8000) &>> 16
            target.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: mean), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
        }
    }

    /// Source rows `first`… (`count` of them, the last repeated past the frame's end) summed into
    /// `sums` over `bytes` of each, byte by byte: the first copied in, the rest added (loops the
    /// compiler vectorizes).
    @inline(__always)
    private static func sumRows(_ source: (Int) -> UnsafePointer<UInt8>, from first: Int, count: Int, last: Int, bytes: Range<Int>,
                                into sums: UnsafeMutablePointer<UInt16>) {
        let top = source(min(first, last))
        for x in bytes { sums[x] = UInt16(top[x]) }
        for dy in 1..<count {
            let row = source(min(first + dy, last))
            for x in bytes { sums[x] &+= UInt16(row[x]) }
        }
    }
}
