/// A column of a content layer's pixels, as Core Animation keeps a large layer's contents in
/// tiles: a scroll that moves sideways keeps the tiles it still shows from one layer to the next
/// and draws only those it uncovers, and an encoder codes each tile's rows once.
///
/// Each row carries the pixel left of the tile first (zero at the content's left edge, or what a
/// borrowed picture holds before the row: read, never shown), so that the tile's first pixel can
/// be filtered as it is in any frame that shows its left neighbour.
/// The pixels are written once, by whoever draws the tile, before it is shared; then only read.
/// A tile of a picture drawn at its own size is the picture's memory, borrowed: no copy.
public struct LayerTile: @unchecked Sendable {
    /// The tile's first column, in output pixels from the placed content's corner.
    public let column: Int
    public let width: Int
    public let height: Int
    /// The columns drawn, when not all are: the others (zero) are shown by no frame it serves.
    public let drawn: Range<Int>
    /// The pixel left of the tile in its first row; each next row `bytesPerRow` further on.
    public let pixels: UnsafePointer<UInt8>
    public let bytesPerRow: Int
    private let storage: Storage

    /// A tile to be drawn into through ``mutablePixels`` in `drawn` (all its columns if `nil`),
    /// every pixel of each row written by whoever draws it; the others, the pixel left of it and
    /// the columns not drawn, are zero. (Zeroing a 34 MB layer whole, then drawing it, wrote it
    /// twice, on one core.)
    public init(column: Int, width: Int, height: Int, drawn: Range<Int>? = nil) {
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
        self.drawn = drawn ?? column..<(column + self.width)
        storage = Storage(count: (self.width + 1) * self.height * 4)
        (pixels, bytesPerRow) = (UnsafePointer(storage.base), (self.width + 1) * 4)
        let rowBytes = (self.width + 1) * 4
        let start = 1 + min(max(self.drawn.lowerBound - column, 0), self.width)
        let end = 1 + min(max(self.drawn.upperBound - column, start - 1), self.width)
        for y in 0..<self.height {
            let row = storage.base + y * rowBytes
            row.update(repeating: 0, count: start * 4)
            (row + end * 4).update(repeating: 0, count: rowBytes - end * 4)
        }
    }

    /// A tile whose rows are a picture's (`picture`, rows of `bytesPerRow` bytes), each starting
    /// with the pixel left of the tile at byte `offset` of the first: all its columns drawn.
    /// `nil` when any of those pixels lies outside the picture.
    public init?(column: Int, width: Int, height: Int, borrowing picture: [UInt8], at offset: Int, bytesPerRow: Int) {
        guard width > 0, height > 0, offset >= 0, width * 4 <= bytesPerRow,
              offset + (height - 1) * bytesPerRow + (width + 1) * 4 <= picture.count else { return nil }
        (self.column, self.width, self.height, drawn) = (column, width, height, column..<(column + width))
        storage = Storage(borrowing: picture)
        (pixels, self.bytesPerRow) = (UnsafePointer(storage.base + offset), bytesPerRow)
    }

    /// Memory to draw into, as `pixels` (`(width + 1) × height`, each row the pixel left of the
    /// tile, then the tile's); `nil` for a picture's memory, borrowed.
    public var mutablePixels: UnsafeMutablePointer<UInt8>? { storage.isBorrowed ? nil : storage.base }

    /// Whether the pixels are a picture's, borrowed (not drawn).
    public var isBorrowed: Bool { storage.isBorrowed }

    /// Whether `other` is this tile (its pixels, not a copy): what was made of one serves the other.
    public func isSameTile(as other: LayerTile) -> Bool {
        pixels == other.pixels && bytesPerRow == other.bytesPerRow && (width, height) == (other.width, other.height)
    }

    /// The columns it holds.
    public var columns: Range<Int> { column..<(column + width) }

    /// Whether all its columns lie within `columns`.
    public func isWithin(_ columns: Range<Int>) -> Bool {
        column >= columns.lowerBound && column + width <= columns.upperBound
    }

    /// The tile's pixel `x` (0 is its first; -1 the one left of it) of row `y`.
    public func pixel(_ x: Int, row y: Int) -> UnsafePointer<UInt8> {
        pixels + y * bytesPerRow + (1 + x) * 4
    }

    /// Memory that lives as long as the last tile value holding it.
    private final class Storage {
        let base: UnsafeMutablePointer<UInt8>
        /// The picture whose memory a borrowed tile reads, kept alive with it. An array never
        /// mutated keeps its elements where they are.
        private let picture: [UInt8]?

        var isBorrowed: Bool { picture != nil }

        /// `count` bytes, the tile's initializer zeroing those no drawing writes.
        init(count: Int) {
            base = .allocate(capacity: max(1, count))
            picture = nil
        }

        init(borrowing picture: [UInt8]) {
            self.picture = picture
            base = UnsafeMutablePointer(mutating: self.picture!.withUnsafeBufferPointer { $0.baseAddress! })
        }

        deinit { if picture == nil { base.deallocate() } }
    }
}

extension Array where Element == LayerTile {
    /// The width of these tiles side by side.
    public var width: Int { reduce(0) { $0 + $1.width } }

    /// The tile holding `column` (output pixels from the content's corner) of these tiles, side
    /// by side, and the column within it.
    public func tile(holding column: Int) -> (tile: LayerTile, column: Int)? {
        guard let tile = last(where: { $0.column <= column }), tile.columns.contains(column) else { return nil }
        return (tile, column - tile.column)
    }

    /// Copies `columns` (output pixels from the content's corner) of row `row` of these tiles,
    /// side by side, to `destination`; the tiles must hold them all.
    public func copy(row: Int, columns: Range<Int>, to destination: UnsafeMutablePointer<UInt8>) {
        var column = columns.lowerBound
        while column < columns.upperBound, let (tile, local) = tile(holding: column) {
            let count = Swift.min(columns.upperBound - column, tile.width - local)
            (destination + (column - columns.lowerBound) * 4).update(from: tile.pixel(local, row: row), count: count * 4)
            column += count
        }
    }
}
