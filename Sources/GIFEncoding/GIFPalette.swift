import Dispatch
import Raster

/// The colours of a GIF: chosen once from a sample of the frames by median cut (a scroll shows
/// the same picture throughout, so a sample holds its colours), with a lookup table from colours
/// of 5, 6 and 5 bits (as RGB565 keeps them) to their nearest entry, so that mapping a pixel is
/// one load. One more index, past
/// the colours, is transparent: a frame leaves the pixels it does not change to the one before.
public struct GIFPalette: Sendable {
    /// The colours, red, green, blue.
    public let colors: [(UInt8, UInt8, UInt8)]
    /// Nearest colour of each RGB565 colour the sample holds; ``unknown`` for the others, which a
    /// frame that shows them looks up as it meets them (few do: a scroll shows its sample's colours).
    let lookup: [UInt16]
    static let unknown: UInt16 = 0xFFFF

    /// The index that shows the frame below.
    public var transparentIndex: UInt8 { UInt8(colors.count) }

    /// A palette of at most `maximumColors` (≤ 255) from the pixels of `images`, counted on all
    /// cores; with `opaqueOnly`, only those at least half opaque (what lies outside clear corners,
    /// transparent in the file, takes no colour), else alpha ignored. When `interrupted` says so,
    /// the work stops early and the palette is not to be used.
    public init(sampling images: [RGBAImage], opaqueOnly: Bool = false, maximumColors: Int, interrupted: () -> Bool = { false }) {
        let parts = min(images.count, 4), counted = Slots<Histogram>(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var histogram = Histogram()
            for image in images[(part * images.count / parts)..<((part + 1) * images.count / parts)] {
                image.pixels.withUnsafeBufferPointer { histogram.add($0, opaqueOnly: opaqueOnly) }
            }
            counted.set(part, histogram)
        }
        var histogram = Histogram()
        for part in counted.results { histogram.merge(part!) }
        self.init(histogram, maximumColors: maximumColors, interrupted: interrupted)
    }

    private init(_ histogram: Histogram, maximumColors: Int, interrupted: () -> Bool) {
        let (colors, used) = Self.medianCut(histogram, maximumColors: max(1, min(255, maximumColors)), interrupted: interrupted)
        self.colors = colors
        var lookup = [UInt16](repeating: Self.unknown, count: 1 << 16)
        for (position, key) in used.enumerated() {
            if position % 256 == 0, interrupted() { break }
            lookup[key] = UInt16(Self.nearest(key, in: colors))
        }
        self.lookup = lookup
    }

    /// The RGB565 cell of a colour.
    @inline(__always)
    static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 3) << 11 | Int(g >> 2) << 5 | Int(b >> 3)
    }

    /// The palette colour nearest the middle of cell `key`, weighted roughly as the eye weighs
    /// the channels.
    static func nearest(_ key: Int, in colors: [(UInt8, UInt8, UInt8)]) -> Int {
        let (r, g, b) = ((key >> 11) << 3 | 4, (key >> 5 & 63) << 2 | 2, (key & 31) << 3 | 4)
        var best = 0, bestDistance = Int.max
        for (index, color) in colors.enumerated() {
            let dr = r - Int(color.0), dg = g - Int(color.1), db = b - Int(color.2)
            let distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }

    // MARK: - Median cut

    /// The sampled colours gathered by their RGB565 cell: how many pixels, and their sums, so that
    /// the cut works on at most 65,536 weighted colours however many pixels were sampled.
    private struct Cell: Sendable {
        var count = 0, red = 0, green = 0, blue = 0
        func channel(_ index: Int) -> Int { (index == 0 ? red : index == 1 ? green : blue) / max(1, count) }
    }

    private struct Box {
        var cells: ArraySlice<Cell>
        var pixels: Int
        /// The channel (0 red, 1 green, 2 blue) whose values spread widest, and how far.
        var widest: (channel: Int, range: Int)

        init(_ cells: ArraySlice<Cell>) {
            self.cells = cells
            var pixels = 0, low = (255, 255, 255), high = (0, 0, 0)
            for cell in cells {
                pixels += cell.count
                let (r, g, b) = (cell.channel(0), cell.channel(1), cell.channel(2))
                low = (min(low.0, r), min(low.1, g), min(low.2, b))
                high = (max(high.0, r), max(high.1, g), max(high.2, b))
            }
            self.pixels = pixels
            let ranges = (high.0 - low.0, high.1 - low.1, high.2 - low.2)
            widest = ranges.0 >= ranges.1 && ranges.0 >= ranges.2 ? (0, ranges.0) : ranges.1 >= ranges.2 ? (1, ranges.1) : (2, ranges.2)
        }

        var mean: (UInt8, UInt8, UInt8) {
            let sums = cells.reduce((0, 0, 0)) { ($0.0 + $1.red, $0.1 + $1.green, $0.2 + $1.blue) }
            let count = max(1, pixels)
            return (UInt8((sums.0 + count / 2) / count), UInt8((sums.1 + count / 2) / count), UInt8((sums.2 + count / 2) / count))
        }
    }

    /// The sampled colours by RGB565 cell: a pixel's count and sums go to its cell, so samples
    /// counted apart and merged make the same cells.
    private struct Histogram: Sendable {
        var cells = [Cell](repeating: Cell(), count: 1 << 16)

        mutating func add(_ rgba: UnsafeBufferPointer<UInt8>, opaqueOnly: Bool) {
            cells.withUnsafeMutableBufferPointer { cells in
                for offset in stride(from: 0, to: rgba.count - 3, by: 4) where !opaqueOnly || rgba[offset + 3] >= 128 {
                    let (r, g, b) = (Int(rgba[offset]), Int(rgba[offset + 1]), Int(rgba[offset + 2]))
                    let key = (r >> 3) << 11 | (g >> 2) << 5 | (b >> 3)
                    cells[key].count += 1
                    cells[key].red += r
                    cells[key].green += g
                    cells[key].blue += b
                }
            }
        }

        mutating func merge(_ other: Histogram) {
            for key in cells.indices where other.cells[key].count > 0 {
                cells[key].count += other.cells[key].count
                cells[key].red += other.cells[key].red
                cells[key].green += other.cells[key].green
                cells[key].blue += other.cells[key].blue
            }
        }
    }

    /// Splits the box with the most pixels times spread at its weighted median, until there are
    /// `maximumColors` boxes or none can split; each box's mean colour is a palette colour.
    private static func medianCut(_ histogram: Histogram, maximumColors: Int, interrupted: () -> Bool) -> (colors: [(UInt8, UInt8, UInt8)], cells: [Int]) {
        let cells = histogram.cells
        let keys = cells.indices.filter { cells[$0].count > 0 }
        let used = keys.map { cells[$0] }
        guard !used.isEmpty else { return ([(0, 0, 0)], []) }
        var boxes = [Box(used[...])]
        while boxes.count < maximumColors, !interrupted() {
            guard let chosen = boxes.indices.filter({ boxes[$0].cells.count > 1 && boxes[$0].widest.range > 0 })
                .max(by: { boxes[$0].pixels * boxes[$0].widest.range < boxes[$1].pixels * boxes[$1].widest.range }) else { break }
            let box = boxes[chosen], channel = box.widest.channel
            let sorted = box.cells.sorted { $0.channel(channel) < $1.channel(channel) }
            var seen = 0, middle = 1
            for (position, cell) in sorted.enumerated() {
                seen += cell.count
                if seen * 2 >= box.pixels { middle = min(max(1, position + 1), sorted.count - 1); break }
            }
            boxes[chosen] = Box(sorted[..<middle])
            boxes.append(Box(sorted[middle...]))
        }
        return (boxes.map(\.mean), keys)
    }

}
