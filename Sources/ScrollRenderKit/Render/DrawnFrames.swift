import Compositor
import Dispatch
import GIFEncoding
import Raster
import Synchronization

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
    /// The shrunk rows the last batch shared, for the next to take over.
    private let lastShrink = LastShrink()

    init(compositor: Compositor, sequence: [Compositor.Frame], indices: Range<Int>) {
        (self.compositor, self.sequence, self.indices) = (compositor, sequence, indices)
    }

    func frames(_ wanted: [Int], transform: @escaping @Sendable (RGBAImage) -> RGBAImage) -> [RGBAImage] {
        draw(batch(wanted)) { _, image, _ in transform(image) }
    }

    /// The frames scaled as they are drawn: where a frame's row is a row of the batch's content
    /// layer whole (a vertical scroll's frames, but for background and indicators), the scaler
    /// reads it in the layer, and the frame neither copies it nor touches its memory; with a
    /// whole-number shrink, a block of such rows is shrunk once for all the frames that show it,
    /// and a frame fills in under its indicators only the columns it makes again.
    func frames(_ wanted: [Int], scaledBy scaler: FrameScaler) -> [RGBAImage] {
        let rowBytes = compositor.pixelWidth * 4, batch = batch(wanted)
        let shared = shrink(batch, by: scaler)
        return draw(batch, leavingLayerRows: true, withoutIndicators: { shared?.frames[$0] != nil }) { position, image, layerRows in
            var fill: (rows: Range<Int>, columns: Range<Int>)?
            if let shared, let layerRows, let window = shared.indicatorWindow(frame: position) {
                Self.fill(window, of: &image, from: layerRows)
                compositor.drawIndicators(of: batch.placed[position].frame, over: &image)
                fill = window
            }
            return image.pixels.withUnsafeBufferPointer { frame in
                let row = { (y: Int) in
                    fill?.rows.contains(y) == true ? frame.baseAddress! + y * rowBytes : layerRows?(y) ?? frame.baseAddress! + y * rowBytes
                }
                guard let shared, layerRows != nil else { return scaler.scale(rows: row) }
                return scaler.scale(rows: row) { shared.known(frame: position, row: $0) }
            }
        }
    }

    /// Copies `window` of the layer's rows into `image`, where indicators are drawn over them.
    private static func fill(_ window: (rows: Range<Int>, columns: Range<Int>), of image: inout RGBAImage,
                             from layerRows: (Int) -> UnsafePointer<UInt8>?) {
        let rowBytes = image.width * 4, bytes = (window.columns.lowerBound * 4)..<(window.columns.upperBound * 4)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in window.rows {
                guard let source = layerRows(y) else { continue }   // background, drawn in the frame
                (pixels.baseAddress! + y * rowBytes + bytes.lowerBound).update(from: source + bytes.lowerBound, count: bytes.count)
            }
        }
    }

    /// A batch's frames placed, and the content layer drawn for them when they can share one (a
    /// scroll at one zoom scale; the compositor says `nil` otherwise); else each frame's own
    /// when the picture is drawn at its own size (borrowed, not drawn: a budget's sample frames,
    /// far apart).
    private func batch(_ wanted: [Int]) -> Batch {
        let placed = wanted.map { compositor.placed(sequence[$0]) }
        let shared = placed.count > 1 ? compositor.contentLayer(for: placed) : nil
        let layers = shared.map { layer in placed.map { _ in layer } } ?? placed.map(compositor.borrowedLayer)
        return Batch(placed: placed, layer: shared, layers: layers)
    }

    /// Draws a batch's frames on all cores, each handed to `finish` with its position and, when
    /// `leavingLayerRows` left some of its rows in the content layer, where each of those rows
    /// lies there. Frames `withoutIndicators` says are drawn without them (`finish` draws them).
    private func draw(_ batch: Batch, leavingLayerRows: Bool = false, withoutIndicators: (Int) -> Bool = { _ in false },
                      finish: @escaping @Sendable (Int, inout RGBAImage, ((Int) -> UnsafePointer<UInt8>?)?) -> RGBAImage) -> [RGBAImage] {
        let placed = batch.placed.indices.map { withoutIndicators($0) ? batch.placed[$0].withoutIndicators : batch.placed[$0] }
        let results = Slots<RGBAImage>(count: placed.count)
        DispatchQueue.concurrentPerform(iterations: placed.count) { position in
            let layer = batch.layers[position]
            var image = RGBAImage(canvasWidth: compositor.pixelWidth, height: compositor.pixelHeight)
            let rows = leavingLayerRows ? layer.flatMap { wholeRows(of: placed[position], in: $0) } : nil
            guard let layer, let rowMap = compositor.render(placed[position], from: layer, into: &image, leavingLayerRows: rows != nil) else {
                compositor.render(batch.placed[position].frame, into: &image)
                results.set(position, finish(position, &image, nil))
                return
            }
            results.set(position, finish(position, &image, rows.map { tile in { y in rowMap[y].map(tile.row) } }))
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
        return ShiftedTile(tile: tile, column: column, layerY: layer.y, contentColumn: layer.x + span.layerColumn)
    }

    /// The rows of a whole-number shrink a batch's frames share (``SharedShrunkRows``), those the
    /// batch before made taken over; `nil` when the scaler shrinks by weights or the frames show
    /// the layer from different columns.
    private func shrink(_ batch: Batch, by scaler: FrameScaler) -> BatchShrink? {
        guard let factor = scaler.blockSize, let layer = batch.layer else { return nil }
        let tiles = batch.placed.map { wholeRows(of: $0, in: layer) }
        guard let tile = tiles.compactMap({ $0 }).first, tiles.allSatisfy({ $0 == nil || $0!.contentColumn == tile.contentColumn }) else {
            return nil
        }
        let frames = zip(batch.placed, tiles).map { placed, tile in tile == nil ? nil : compositor.contentRows(of: placed, in: layer) }
        var keys = Set<Int>()
        for frame in frames.compactMap({ $0 }) {
            for y in 0..<scaler.height { if let key = BatchShrink.key(frame, row: y, factor: factor, sourceHeight: scaler.sourceHeight) { keys.insert(key) } }
        }
        guard let rows = SharedShrunkRows(scaler: scaler, identity: [layer.zoomScale, Double(tile.contentColumn)], keys: keys,
                                          reusing: lastShrink.rows, contentRow: { tile.row($0 - tile.layerY) }) else { return nil }
        lastShrink.rows = rows
        return BatchShrink(rows: rows, frames: frames, factor: factor, inside: scaler.sourceWidth / factor, width: scaler.width,
                           height: scaler.height, sourceWidth: scaler.sourceWidth, sourceHeight: scaler.sourceHeight)
    }
}

/// A batch of frames placed, the content layer they share, and the layer each frame is drawn
/// from (the shared one, or its own borrowed one), if any.
private struct Batch {
    let placed: [Compositor.PlacedFrame]
    let layer: ContentLayer?
    let layers: [ContentLayer?]
}

/// The shrunk rows a batch's frames share, and which content rows each frame shows.
private struct BatchShrink: Sendable {
    typealias Frame = (rows: Range<Int>, firstContentRow: Int, indicators: [(rows: Range<Int>, columns: Range<Int>)])
    let rows: SharedShrunkRows
    /// By position: the content rows of a frame the layer serves whole, else `nil` (drawn and scaled alone).
    let frames: [Frame?]
    let factor: Int, inside: Int, width: Int, height: Int, sourceWidth: Int, sourceHeight: Int

    /// The content row from which `frame`'s block of source rows for output row `row` is the
    /// content's, when it is one (whole, and not past the frame's end).
    static func key(_ frame: Frame, row: Int, factor: Int, sourceHeight: Int) -> Int? {
        let first = row * factor
        guard first >= frame.rows.lowerBound, first + factor <= min(frame.rows.upperBound, sourceHeight) else { return nil }
        return frame.firstContentRow + first - frame.rows.lowerBound
    }

    /// Output row `row` of frame `position` when the batch made it, with the columns its
    /// indicators change there to make again from the frame.
    func known(frame position: Int, row: Int) -> FrameScaler.KnownRow? {
        guard let frame = frames[position], let key = Self.key(frame, row: row, factor: factor, sourceHeight: sourceHeight),
              let pixels = rows.row(startingAt: key) else { return nil }
        let block = (row * factor)..<(row * factor + factor)
        let redo = frame.indicators.filter { $0.rows.overlaps(block) }.map { outputColumns($0.columns) }.reduce(0..<0, Self.hull)
        return FrameScaler.KnownRow(pixels: pixels, redo: redo)
    }

    /// The rows and columns of frame `position` that its indicators' rows need whole in the
    /// frame (the layer's pixels, then the indicators over them): the source columns of the
    /// output columns made again, or every column where a block is not one the batch made.
    func indicatorWindow(frame position: Int) -> (rows: Range<Int>, columns: Range<Int>)? {
        guard let frame = frames[position], !frame.indicators.isEmpty else { return nil }
        let rows = frame.indicators.map(\.rows).reduce(0..<0, Self.hull)
        // The output rows that read them (a row past the last block is read by none).
        let outputRows = (rows.lowerBound / factor)..<min(height, (rows.upperBound - 1) / factor + 1)
        guard outputRows.allSatisfy({ known(frame: position, row: $0) != nil }) else { return (rows, 0..<sourceWidth) }
        let columns = frame.indicators.map { outputColumns($0.columns) }.reduce(0..<0, Self.hull)
        let last = columns.upperBound > inside ? sourceWidth : columns.upperBound * factor
        return (rows, min(columns.lowerBound * factor, sourceWidth - 1)..<last)
    }

    /// The output columns whose blocks read any of source `columns`: to the end when they reach
    /// past the inside blocks (the last block repeats the frame's edge).
    private func outputColumns(_ columns: Range<Int>) -> Range<Int> {
        let end = columns.upperBound > inside * factor ? width : min(width, (columns.upperBound - 1) / factor + 1)
        return (columns.lowerBound / factor)..<max(columns.lowerBound / factor, end)
    }

    /// The smallest range holding both.
    private static func hull(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        a.isEmpty ? b : b.isEmpty ? a : min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }
}

/// The shrunk rows of the last batch a render's export drew, for the next batch to take over.
private final class LastShrink: Sendable {
    private let value = Mutex<SharedShrunkRows?>(nil)

    var rows: SharedShrunkRows? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

/// A layer tile read from one of its columns on: a row starts at the tile's `column`.
private struct ShiftedTile: Sendable {
    let tile: LayerTile
    let column: Int
    /// The layer's first row and the span's first column, in output pixels from the content's corner.
    let layerY: Int
    let contentColumn: Int

    func row(_ y: Int) -> UnsafePointer<UInt8> { tile.pixel(column, row: y) }
}
