/// The columns of a frame's rows that show a content layer's pixels, from the layer's
/// `layerColumn` on: the compositor draws frames so, and an encoder takes those stretches of rows
/// from the layer coded once.
public struct LayerSpan: Sendable, Hashable {
    public let columns: Range<Int>
    public let layerColumn: Int

    public init(columns: Range<Int>, layerColumn: Int) {
        (self.columns, self.layerColumn) = (columns, layerColumn)
    }
}
