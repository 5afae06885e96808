import Compositor
import Dispatch
import GIFEncoding
import Raster

/// A render's frames drawn again in memory for its exports, so that a GIF or an MP4 costs no PNG
/// decode of what was just encoded. A frame drawn from a content layer is the frame drawn alone,
/// pixel for pixel (``Compositor/render(_:from:into:leavingLayerRows:)``), so these are the frame
/// files' pictures exactly, and an export made here is the one `scrollrender export` makes from
/// the folder.
struct DrawnFrames: ExportFrameSource {
    let compositor: Compositor
    /// Every frame of the sequence, by global number.
    let sequence: [Compositor.Frame]
    let indices: Range<Int>

    func frames(_ wanted: [Int], transform: @escaping @Sendable (RGBAImage) -> RGBAImage) -> [RGBAImage] {
        draw(wanted) { image, _ in transform(image) }
    }

    /// The frames scaled as they are drawn: where a frame's row is a row of the batch's content
    /// layer whole (a vertical scroll's frames, but for background and indicators), the scaler
    /// reads it in the layer, and the frame neither copies it nor touches its memory.
    func frames(_ wanted: [Int], scaledBy scaler: FrameScaler) -> [RGBAImage] {
        let rowBytes = compositor.pixelWidth * 4
        return draw(wanted, leavingLayerRows: true) { image, layerRows in
            image.pixels.withUnsafeBufferPointer { frame in
                scaler.scale { y in layerRows?(y) ?? frame.baseAddress! + y * rowBytes }
            }
        }
    }

    /// Draws the frames `wanted` on all cores, each handed to `finish` with, when `leavingLayerRows`
    /// left some of its rows in the content layer, where each of those rows lies there.
    private func draw(_ wanted: [Int], leavingLayerRows: Bool = false,
                      finish: @escaping @Sendable (RGBAImage, ((Int) -> UnsafePointer<UInt8>?)?) -> RGBAImage) -> [RGBAImage] {
        let placed = wanted.map { compositor.placed(sequence[$0]) }
        // One content layer drawn for the batch when its frames can share one (a scroll at one
        // zoom scale; the compositor says `nil` otherwise), else each frame is drawn alone.
        let layer = placed.count > 1 ? compositor.contentLayer(for: placed) : nil
        let results = Slots<RGBAImage>(count: placed.count)
        DispatchQueue.concurrentPerform(iterations: placed.count) { position in
            var image = RGBAImage(canvasWidth: compositor.pixelWidth, height: compositor.pixelHeight)
            let rows = leavingLayerRows ? layer.flatMap { wholeRows(of: placed[position], in: $0) } : nil
            guard let layer, let rowMap = compositor.render(placed[position], from: layer, into: &image, leavingLayerRows: rows != nil) else {
                compositor.render(placed[position].frame, into: &image)
                results.set(position, finish(image, nil))
                return
            }
            results.set(position, finish(image, rows.map { tile in { y in rowMap[y].map(tile.row) } }))
        }
        return results.results.map { $0! }
    }

    /// Where `frame`'s rows lie in `layer` when the compositor leaves them there: its span is the
    /// frame's width and one tile holds it all (a vertical scroll); the tile, from the span's start.
    private func wholeRows(of frame: Compositor.PlacedFrame, in layer: ContentLayer) -> ShiftedTile? {
        guard let span = compositor.layerSpan(of: frame, in: layer), span.columns == 0..<compositor.pixelWidth,
              let (tile, column) = layer.tiles.tile(holding: layer.x + span.layerColumn), column + span.columns.count <= tile.width else {
            return nil
        }
        return ShiftedTile(tile: tile, column: column)
    }
}

/// A layer tile read from one of its columns on: a row starts at the tile's `column`.
private struct ShiftedTile: Sendable {
    let tile: LayerTile
    let column: Int

    func row(_ y: Int) -> UnsafePointer<UInt8> { tile.pixel(column, row: y) }
}
