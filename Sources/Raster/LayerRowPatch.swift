/// A frame row that shows a content layer's row but for a few columns of its own — an indicator
/// drawn over it: the compositor draws only those columns into the frame, and an encoder reads
/// the rest in the layer, so the frame copies a few pixels of the row instead of all of them.
public struct LayerRowPatch: Sendable, Hashable {
    /// The layer row the frame row shows (as a row map gives it).
    public let layerRow: Int
    /// The frame's own columns.
    public let columns: Range<Int>

    public init(layerRow: Int, columns: Range<Int>) {
        (self.layerRow, self.columns) = (layerRow, columns)
    }
}
