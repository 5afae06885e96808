import Dispatch
import Geometry
import Raster

/// The content resampled once for a run of frames that show it at one zoom scale, as Core
/// Animation renders a layer once and composites it at each frame's offset: during a fling at a
/// constant zoom every frame is the same resampled content moved by whole device pixels. Each
/// frame then copies its window of the layer; the bytes are exactly those ``Compositor/render(_:into:)``
/// draws, because every output pixel of a frame is computed from the same source pixels with the
/// same weights, whatever whole-pixel offset it is drawn at.
public struct ContentLayer: Sendable {
    public let zoomScale: Double
    /// The layer's rectangle, in output pixels from the placed content's top-left corner.
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int
    /// The layer's pixels side by side from column `x`: one tile when every frame shows the same
    /// columns (a vertical scroll), else tiles on a grid ``tileWidth`` wide from the content's
    /// corner, so that the next layer of a sideways scroll keeps those it still shows.
    public let tiles: [LayerTile]
    /// Whether the tiles are on the grid (the layer of a scroll with a sideways part).
    public let isTiled: Bool

    /// Tiles of 256 pixels: a few per frame row, and a whole number of 64-byte steps of a row's
    /// coded bytes (RGB or RGBA), where an encoder marks where windows may start.
    public static let tileWidth = 256

    init(zoomScale: Double, y: Int, tiles: [LayerTile], isTiled: Bool) {
        self.zoomScale = zoomScale
        x = tiles.first?.column ?? 0
        self.y = y
        width = tiles.width
        height = tiles.first?.height ?? 0
        (self.tiles, self.isTiled) = (tiles, isTiled)
    }

    /// The columns it holds, in output pixels from the placed content's corner.
    public var columns: Range<Int> { x..<(x + width) }

    /// This layer with only the tiles within `columns` (output pixels from the content's
    /// corner): what a layer that continues it may keep, the rest let go before it is drawn.
    public func keeping(columns: Range<Int>) -> ContentLayer? {
        let kept = tiles.filter { $0.isWithin(columns) }
        return kept.isEmpty ? nil : ContentLayer(zoomScale: zoomScale, y: y, tiles: kept, isTiled: isTiled)
    }

    /// Layers above this many pixels for frames of `framePixels` are not built: memory stays
    /// bounded (4 MP is 16 MB, and the rows an encoder codes from it), and a longer run is served
    /// by several layers. Frames larger than a phone's (an iPad's 5.7 MP) get half a frame's room
    /// to move in.
    public static func maximumPixels(framePixels: Int) -> Int {
        max(4 << 20, framePixels + framePixels / 2)
    }
}

extension Compositor {
    /// A frame and where it places the content, worked out once for every use a render makes of
    /// it: cutting runs, drawing the layer, the shared rows' spans, drawing the frame.
    public struct PlacedFrame: Sendable {
        public let frame: Frame
        fileprivate let whole: WholePlacement?
        fileprivate let window: Window?

        /// The frame drawn without its scroll indicators, where it places the content unchanged.
        public var withoutIndicators: PlacedFrame {
            var bare = frame
            bare.indicators = []
            return PlacedFrame(frame: bare, whole: whole, window: window)
        }
    }

    fileprivate typealias WholePlacement = (x: Int, y: Int, width: Int, height: Int, placed: Rect)
    fileprivate typealias Window = (x: Range<Int>, y: Range<Int>)

    /// `frame` placed: once per frame of a render.
    public func placed(_ frame: Frame) -> PlacedFrame {
        let whole = wholePixelPlacement(frame)
        return PlacedFrame(frame: frame, whole: whole, window: whole.flatMap(window))
    }

    /// Where `frame` places the content when a layer can serve it: opaque content and output, no
    /// header, the content's corner on a whole output pixel. Its size may end mid-pixel: the
    /// layer then holds the whole pixels, and the partly covered last column and row are drawn
    /// with each frame. `nil` otherwise.
    private func wholePixelPlacement(_ frame: Frame) -> WholePlacement? {
        guard content.isOpaque, opaqueOutput, header == nil || frame.headerFrame == nil,
              let placed = contentPlacement(frame) else { return nil }
        guard [placed.minX, placed.minY].allSatisfy({ $0 == $0.rounded() && abs($0) < 1e9 }),
              placed.width < 1e9, placed.height < 1e9 else { return nil }
        return (Int(placed.minX), Int(placed.minY), Int(placed.width.rounded(.down)), Int(placed.height.rounded(.down)), placed)
    }

    /// The whole pixels of content, in output pixels from the content's corner, that a frame
    /// placed at `placed` shows.
    private func window(_ placed: WholePlacement) -> Window? {
        let (left, right) = (max(0, -placed.x), min(placed.width, pixelWidth - placed.x))
        let (top, bottom) = (max(0, -placed.y), min(placed.height, pixelHeight - placed.y))
        return left < right && top < bottom ? (left..<right, top..<bottom) : nil
    }

    /// Whether one layer can serve all of `frames`: one zoom, all on whole pixels, and what they
    /// show together within ``ContentLayer/maximumPixels(framePixels:)``.
    public func canShareLayer(_ frames: some Collection<Frame>) -> Bool {
        layerRect(for: frames.map(placed)) != nil
    }

    /// A run of frames one layer can serve, started at `frame` and grown a frame at a time with
    /// ``extend(_:with:)``: each frame is placed once, so cutting a sequence into runs is linear.
    public func layerRun(startingWith frame: PlacedFrame, tileWidth: Int = ContentLayer.tileWidth) -> LayerRun? {
        guard let placed = frame.whole, let shown = frame.window, tileWidth > 0 else { return nil }
        return LayerRun(zoomScale: frame.frame.zoomScale, firstColumns: shown.x, contentWidth: placed.width, tileWidth: tileWidth,
                        limit: ContentLayer.maximumPixels(framePixels: pixelWidth * pixelHeight),
                        x: (shown.x.lowerBound, shown.x.upperBound), y: (shown.y.lowerBound, shown.y.upperBound))
    }

    /// Adds `frame` to `run` when the layer can serve it too, and says whether it did (`run` is
    /// unchanged when not).
    public func extend(_ run: inout LayerRun, with frame: PlacedFrame) -> Bool {
        guard frame.frame.zoomScale == run.zoomScale, let shown = frame.window else { return false }
        var grown = run
        grown.tiled = run.tiled || shown.x != run.firstColumns
        grown.x = (min(run.x.0, shown.x.lowerBound), max(run.x.1, shown.x.upperBound))
        grown.y = (min(run.y.0, shown.y.lowerBound), max(run.y.1, shown.y.upperBound))
        guard grown.rect != nil else { return false }
        run = grown
        return true
    }

    /// What the layer for `frames` would keep of `previous`: its tiles within that layer's
    /// columns, when both hold tiles of the same zoom and rows; `nil` otherwise. The rest can be
    /// let go before that layer is drawn.
    public func continuation(of previous: ContentLayer, for frames: some Collection<PlacedFrame>,
                             tileWidth: Int = ContentLayer.tileWidth) -> ContentLayer? {
        guard let rect = layerRect(for: frames, tileWidth: tileWidth), rect.tiled, previous.isTiled,
              frames.first?.frame.zoomScale == previous.zoomScale, rect.y == previous.y..<(previous.y + previous.height) else { return nil }
        return previous.keeping(columns: rect.x)
    }

    /// The union of what `frames` show (`shown`), in output pixels from the content's corner, and
    /// its columns widened to the tile grid when they do not all show the same ones (`tiled`),
    /// when one layer within ``ContentLayer/maximumPixels(framePixels:)`` can hold it.
    private func layerRect(for frames: some Collection<PlacedFrame>, tileWidth: Int = ContentLayer.tileWidth)
        -> (x: Range<Int>, y: Range<Int>, shown: Range<Int>, tiled: Bool)? {
        guard let first = frames.first, var run = layerRun(startingWith: first, tileWidth: tileWidth) else { return nil }
        for frame in frames.dropFirst() where !extend(&run, with: frame) { return nil }
        return run.rect
    }

    /// The columns (output pixels from the content's corner) that frames at each zoom scale
    /// show: a picture decoded in part holds no others, and layers at that zoom draw their tiles
    /// within them.
    public func shownColumns(of frames: some Collection<PlacedFrame>) -> [Double: Range<Int>] {
        var columns: [Double: Range<Int>] = [:]
        for placed in frames {
            guard let shown = placed.window?.x else { continue }
            let zoomScale = placed.frame.zoomScale, known = columns[zoomScale] ?? shown
            columns[zoomScale] = min(known.lowerBound, shown.lowerBound)..<max(known.upperBound, shown.upperBound)
        }
        return columns
    }

    /// The layer holding what every frame of `frames` shows (all at one zoom scale, on whole
    /// pixels), its tiles resampled in row bands on all cores but those `previous` holds for the
    /// same zoom and rows, which it keeps. Tiles are drawn within the columns frames show: those
    /// of `frames`, and `reach` (``shownColumns(of:)`` of all frames at their zoom; a tile drawn
    /// there serves the next layers as they go). `nil` when a frame cannot be served or the
    /// layer would pass ``ContentLayer/maximumPixels(framePixels:)``.
    public func contentLayer(for frames: [Frame], reach: Range<Int>? = nil, continuing previous: ContentLayer? = nil,
                             tileWidth: Int = ContentLayer.tileWidth) -> ContentLayer? {
        contentLayer(for: frames.map(placed), reach: reach, continuing: previous, tileWidth: tileWidth)
    }

    /// ``contentLayer(for:reach:continuing:tileWidth:)`` of frames already placed.
    public func contentLayer(for frames: [PlacedFrame], reach: Range<Int>? = nil, continuing previous: ContentLayer? = nil,
                             tileWidth: Int = ContentLayer.tileWidth) -> ContentLayer? {
        guard let first = frames.first, let placed = first.whole,
              let rect = layerRect(for: frames, tileWidth: tileWidth) else { return nil }
        let columns = rect.tiled
            ? stride(from: rect.x.lowerBound, to: rect.x.upperBound, by: tileWidth).map { $0..<min($0 + tileWidth, rect.x.upperBound) }
            : [rect.x]
        let held = previous.flatMap { $0.isTiled && rect.tiled && $0.zoomScale == first.frame.zoomScale && $0.y == rect.y.lowerBound
                                      && $0.height == rect.y.count ? $0.tiles : nil } ?? []
        let reach = reach.map { min($0.lowerBound, rect.shown.lowerBound)..<max($0.upperBound, rect.shown.upperBound) } ?? rect.shown
        let tiles = columns.map { columns in
            held.first { $0.columns == columns && $0.drawn.contains(columns.clamped(to: rect.shown)) }
                ?? borrowedTile(columns: columns, rows: rect.y, placed: placed.placed)
                ?? LayerTile(column: columns.lowerBound, width: columns.count, height: rect.y.count, drawn: columns.clamped(to: reach))
        }
        let fresh = tiles.filter { tile in !tile.isBorrowed && !held.contains { $0.isSameTile(as: tile) } }
        let bands = max(1, min(rect.y.count, 8 / max(1, fresh.count)))
        DispatchQueue.concurrentPerform(iterations: fresh.count * bands) { item in
            draw(fresh[item / bands], band: item % bands, of: bands, contentTop: rect.y.lowerBound, shown: reach,
                 placed: placed.placed)
        }
        return ContentLayer(zoomScale: first.frame.zoomScale, y: rect.y.lowerBound, tiles: tiles, isTiled: rect.tiled)
    }

    /// The layer for `frame` alone when it costs no drawing, its one tile the picture's memory,
    /// borrowed (a screenshot at its device's size); `nil` otherwise: where a frame no layer
    /// serves with others reads its rows instead of drawing them.
    public func borrowedLayer(for frame: PlacedFrame) -> ContentLayer? {
        guard let placed = frame.whole, let rect = layerRect(for: [frame]), !rect.tiled,
              let tile = borrowedTile(columns: rect.x, rows: rect.y, placed: placed.placed) else { return nil }
        return ContentLayer(zoomScale: frame.frame.zoomScale, y: rect.y.lowerBound, tiles: [tile], isTiled: false)
    }

    /// `columns` of content rows `rows` (output pixels from the content's corner) as a tile of the
    /// picture's own memory, when drawing them would copy it exactly: level 0 of an opaque
    /// picture at its own size, on whole pixels (a screenshot at its device's size), the pixel
    /// left of the tile within the picture. `nil` otherwise.
    private func borrowedTile(columns: Range<Int>, rows: Range<Int>, placed: Rect) -> LayerTile? {
        // A picture pixel a device pixel, first: the filters are built only for those.
        guard content.isOpaque, placed.width == Double(content.geometry.width), !columns.isEmpty, !rows.isEmpty else { return nil }
        let at = Rect(x: Double(-columns.lowerBound), y: Double(-rows.lowerBound), width: placed.width, height: placed.height)
        guard let (level, across, down) = Self.filters(for: content.geometry, mipmapped: content.levels.count > 1, placedAt: at,
                                                       clippedTo: nil, width: columns.count, height: rows.count),
              level == 0, across.copies, down.copies, (across.outputStart, across.outputCount) == (0, columns.count),
              (down.outputStart, down.outputCount) == (0, rows.count), let origin = content.origin(atLevel: 0) else { return nil }
        let picture = content.levels[0], (x, y) = (across.readColumns.0 - origin.x, down.readRows.0 - origin.y)
        guard x >= 0, y >= 0, x + columns.count <= picture.width, y + rows.count <= picture.height else { return nil }
        return LayerTile(column: columns.lowerBound, width: columns.count, height: rows.count, borrowing: picture.pixels,
                         at: (y * picture.width + x - 1) * 4, bytesPerRow: picture.width * 4)
    }

    /// Draws band `band` of `bands` of `tile`'s rows where frames show them (`shown` columns):
    /// its drawn columns, and the pixel left of them when frames show it too. The content is
    /// placed as the frames place it (`placed`, of which row `contentTop` is the tile's first).
    private func draw(_ tile: LayerTile, band: Int, of bands: Int, contentTop: Int, shown: Range<Int>, placed: Rect) {
        let (width, height) = (tile.width + 1, tile.height)
        // Buffer column 0 is the one left of the tile.
        let origin = Rect(x: Double(1 - tile.column), y: Double(-contentTop), width: placed.width, height: placed.height)
        let (top, bottom) = (band * height / bands, (band + 1) * height / bands)
        guard let base = tile.mutablePixels else { return }
        let pixels = UnsafeMutableBufferPointer(start: base, count: width * height * 4)
        let left = tile.drawn.lowerBound - 1
        for columns in [tile.drawn, shown.contains(left) ? left..<(left + 1) : left..<left] where !columns.isEmpty {
            let clip = Rect(x: Double(columns.lowerBound + 1 - tile.column), y: Double(top), width: Double(columns.count),
                            height: Double(bottom - top))
            draw(content, placedAt: origin, clippedTo: clip, into: pixels, width: width, height: height)
        }
    }

    /// Which columns of `frame` show `layer`'s pixels, and from which layer column: in every row
    /// that shows a layer row (see ``render(_:from:into:leavingLayerRows:)``), those columns are
    /// that row's pixels and the others are the frame's own (background, a partly covered edge).
    public func layerSpan(of frame: Frame, in layer: ContentLayer) -> LayerSpan? {
        layerSpan(of: placed(frame), in: layer)
    }

    /// ``layerSpan(of:in:)`` of a frame already placed.
    public func layerSpan(of frame: PlacedFrame, in layer: ContentLayer) -> LayerSpan? {
        guard let (placed, shown) = placement(of: frame, in: layer) else { return nil }
        let start = shown.x.lowerBound + placed.x
        return LayerSpan(columns: start..<(start + shown.x.count), layerColumn: shown.x.lowerBound - layer.x)
    }

    /// Where `frame` places the content and which of its pixels it shows, when `layer` holds them all.
    private func placement(of frame: PlacedFrame, in layer: ContentLayer) -> (placed: WholePlacement, shown: Window)? {
        guard frame.frame.zoomScale == layer.zoomScale, let placed = frame.whole, let shown = frame.window,
              shown.x.lowerBound >= layer.x, shown.x.upperBound <= layer.x + layer.width,
              shown.y.lowerBound >= layer.y, shown.y.upperBound <= layer.y + layer.height else { return nil }
        return (placed, shown)
    }

    /// The frame rows that show `layer`'s rows whole in the frame's ``layerSpan(of:in:)`` but for
    /// what indicators draw over them, the content row (output pixels from the content's corner)
    /// the first of them shows, and the rows and columns each indicator may change: where frames
    /// of a scroll show the same content rows, whatever their offsets. `nil` when the layer
    /// cannot serve the frame.
    public func contentRows(of frame: PlacedFrame, in layer: ContentLayer)
        -> (rows: Range<Int>, firstContentRow: Int, indicators: [(rows: Range<Int>, columns: Range<Int>)])? {
        guard let (placed, shown) = placement(of: frame, in: layer) else { return nil }
        return ((shown.y.lowerBound + placed.y)..<(shown.y.upperBound + placed.y), shown.y.lowerBound, pixelsTouched(by: frame.frame))
    }

    /// The rows and columns of the frame each of `frame`'s indicators may change (within the
    /// frame, never empty).
    private func pixelsTouched(by frame: Frame) -> [(rows: Range<Int>, columns: Range<Int>)] {
        frame.indicators.compactMap { IndicatorRenderer.pixels(touchedBy: $0, scale: displayScale, width: pixelWidth, height: pixelHeight) }
    }

    /// The frame columns where the columns `frame`'s indicators may change begin and end: where
    /// an encoder cuts a layer's rows for the rows under them (``rowsUnderIndicators(of:in:)``).
    public func indicatorEdges(of frame: PlacedFrame) -> Set<Int> {
        Set(pixelsTouched(by: frame.frame).flatMap { [$0.columns.lowerBound, $0.columns.upperBound] })
    }

    /// `frame`'s indicators drawn over `image`, a frame drawn without them: what an encoder that
    /// reads most of a frame's rows in a layer draws over the few rows it fills in itself.
    public func drawIndicators(of frame: Frame, over image: inout RGBAImage) {
        let (width, height) = (image.width, image.height)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for indicator in frame.indicators {
                IndicatorRenderer.draw(indicator, scale: displayScale, into: pixels, width: width, height: height)
            }
        }
    }

    /// Renders `frame` with its content copied from `layer`: the same bytes as ``render(_:into:)``.
    /// Returns `nil`, drawing nothing, when the layer cannot serve it; otherwise, for each row of
    /// the frame, the layer row it shows unchanged in the frame's ``layerSpan(of:in:)``, or `nil`
    /// for a row that is not one: background, an indicator, a partly covered edge. With
    /// `leavingLayerRows`, when the span is the frame's whole width, those rows are not copied
    /// (an encoder reads them from the layer).
    public func render(_ frame: Frame, from layer: ContentLayer, into image: inout RGBAImage,
                       leavingLayerRows: Bool = false) -> [Int?]? {
        render(placed(frame), from: layer, into: &image, leavingLayerRows: leavingLayerRows)
    }

    /// ``render(_:from:into:leavingLayerRows:)`` of a frame already placed. When it leaves layer
    /// rows, the rows with a patch in `patches` (``rowsUnderIndicators(of:in:)``) hold only their
    /// patch's columns (the layer's pixels and the indicators over them).
    public func render(_ placedFrame: PlacedFrame, from layer: ContentLayer, into image: inout RGBAImage,
                       leavingLayerRows: Bool = false, patches: [LayerRowPatch?] = []) -> [Int?]? {
        let frame = placedFrame.frame
        guard let (placed, shown) = placement(of: placedFrame, in: layer) else { return nil }
        let (width, height) = (pixelWidth, pixelHeight)
        if image.width != width || image.height != height { image = RGBAImage(width: width, height: height) }
        let covered = ((shown.x.lowerBound + placed.x)..<(shown.x.upperBound + placed.x),
                       (shown.y.lowerBound + placed.y)..<(shown.y.upperBound + placed.y))
        let layerRows = layerRows(frame, placed: placed, shown: shown, layer: layer)
        let leaving = leavingLayerRows && covered.0 == 0..<width
        let patches = leaving ? patches : []
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            Blending.fill(pixels, width: width, with: background, except: covered)
            for row in shown.y where !leaving || layerRows[row + placed.y] == nil {
                // A patched row's columns lie in the layer from the same column (the span is the whole width).
                let columns = (patches.isEmpty ? nil : patches[row + placed.y]).map { (shown.x.lowerBound + $0.columns.lowerBound)..<(shown.x.lowerBound + $0.columns.upperBound) } ?? shown.x
                let to = ((row + placed.y) * width + covered.0.lowerBound + columns.lowerBound - shown.x.lowerBound) * 4
                layer.tiles.copy(row: row - layer.y, columns: columns, to: pixels.baseAddress! + to)
            }
            drawPartialEdges(placed, into: pixels, width: width, height: height)
            for indicator in frame.indicators {
                IndicatorRenderer.draw(indicator, scale: displayScale, into: pixels, width: width, height: height)
            }
        }
        return layerRows
    }

    /// By frame row, for those that show a layer row whole in the frame's ``layerSpan(of:in:)``
    /// but for the columns its indicators may change, that row and those columns: where a frame
    /// drawn for an encoder that reads the rest in the layer needs only those columns. Empty
    /// when no row is one.
    public func rowsUnderIndicators(of placedFrame: PlacedFrame, in layer: ContentLayer) -> [LayerRowPatch?] {
        let touchedPixels = pixelsTouched(by: placedFrame.frame)
        guard !touchedPixels.isEmpty, let (placed, shown) = placement(of: placedFrame, in: layer) else { return [] }
        let shownRows = (shown.y.lowerBound + placed.y)..<(shown.y.upperBound + placed.y)
        var patches = [LayerRowPatch?](repeating: nil, count: pixelHeight)
        for touched in touchedPixels {
            let own = touched.columns
            for y in touched.rows.clamped(to: shownRows) {
                let columns = patches[y].map { min($0.columns.lowerBound, own.lowerBound)..<max($0.columns.upperBound, own.upperBound) } ?? own
                patches[y] = LayerRowPatch(layerRow: y - placed.y - layer.y, columns: columns)
            }
        }
        return patches
    }

    /// The layer row each frame row shows unchanged in its span, if any.
    private func layerRows(_ frame: Frame, placed: WholePlacement, shown: Window, layer: ContentLayer) -> [Int?] {
        var rows = [Int?](repeating: nil, count: pixelHeight)
        // A partly covered last row is not among the layer's whole rows, so it is never one of these.
        for row in shown.y { rows[row + placed.y] = row - layer.y }
        for touched in pixelsTouched(by: frame) {
            for y in touched.rows { rows[y] = nil }
        }
        return rows
    }

    /// The content's last column and row when they end mid-pixel: composited over the background
    /// as a whole frame would composite them (the corner once, with the column).
    private func drawPartialEdges(_ placed: WholePlacement,
                                  into pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
        let (column, row) = (placed.x + placed.width, placed.y + placed.height)
        if placed.placed.maxX > Double(column) {
            draw(content, placedAt: placed.placed, clippedTo: Rect(x: Double(column), y: 0, width: 1, height: Double(height)),
                 into: pixels, width: width, height: height)
        }
        if placed.placed.maxY > Double(row) {
            draw(content, placedAt: placed.placed, clippedTo: Rect(x: 0, y: Double(row), width: Double(column), height: 1),
                 into: pixels, width: width, height: height)
        }
    }
}

/// What a run of frames at one zoom scale shows together, in output pixels from the content's
/// corner: grown a frame at a time by ``Compositor/extend(_:with:)``.
public struct LayerRun: Sendable {
    let zoomScale: Double
    let firstColumns: Range<Int>
    let contentWidth: Int
    let tileWidth: Int
    let limit: Int
    var x: (Int, Int)
    var y: (Int, Int)
    /// Frames show different columns: the layer is cut in tiles on the grid.
    var tiled = false

    /// The layer's rectangle (its columns widened to the tile grid when tiled), what the frames
    /// show, and whether it is tiled; `nil` when it would pass the layer limit.
    var rect: (x: Range<Int>, y: Range<Int>, shown: Range<Int>, tiled: Bool)? {
        var columns = x
        if tiled { columns = (x.0 / tileWidth * tileWidth, min((x.1 + tileWidth - 1) / tileWidth * tileWidth, contentWidth)) }
        guard (columns.1 - columns.0) * (y.1 - y.0) <= limit else { return nil }
        return (columns.0..<columns.1, y.0..<y.1, x.0..<x.1, tiled)
    }
}
