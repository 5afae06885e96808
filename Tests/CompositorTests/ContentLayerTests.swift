import Compositor
import Geometry
import Raster
import Testing
import _ScrollRenderTestSupport

/// A content layer resampled once gives, for every frame it serves, exactly the bytes of drawing
/// the frame on its own.
@Suite struct ContentLayerTests {
    /// Frames of a fling at one zoom, on whole device pixels, the first past the content's top-left edges.
    static func fling(zoom: Double, scale: Double, pointsPerPixel: Double = 1) -> [Compositor.Frame] {
        (0..<12).map { step in
            let t = Double(step)
            // Device-pixel offsets, as the simulation rounds them; the last frames overscroll.
            let size = zoom * pointsPerPixel
            let y = ((t * t * 2.5 - 20) * size * scale).rounded() / scale, x = ((t * 3 - 5) * size * scale).rounded() / scale
            return Compositor.Frame(contentOffset: Point(x: x, y: y), zoomScale: zoom,
                                    indicators: step % 3 == 0 ? [] : [Compositor.Indicator(
                                        frame: Rect(x: 70, y: 10 + t, width: 3, height: 30), cornerRadius: 1.5,
                                        color: RGBA(red: 0, green: 0, blue: 0, alpha: 89), alpha: 1)])
        }
    }

    @Test(arguments: [(1.0, 2.0, 1.0), (0.5, 2.0, 1.0), (2.0, 1.0, 1.0), (1.0, 1.0, 0.5), (0.25, 2.0, 1.0),
                      (0.2113, 3.0, 1.0), (0.37, 2.0, 1.0), (1.0, 3.0, 0.5)])
    func layerFramesEqualFramesDrawnAlone(zoom: Double, scale: Double, pointsPerPixel: Double) throws {
        // Odd sizes: at most zooms the content ends mid-pixel, and its last column and row show.
        let view = compositor(content: noiseImage(width: 301, height: 457), viewWidth: 80, viewHeight: 110,
                              scale: scale, pointsPerPixel: pointsPerPixel, background: grey(200))
        let frames = Self.fling(zoom: zoom, scale: scale, pointsPerPixel: pointsPerPixel)
        // In one tile, and in tiles 16 pixels wide (each drawn on its own).
        for tileWidth in [ContentLayer.tileWidth, 16] {
            let layer = try #require(view.contentLayer(for: frames, tileWidth: tileWidth), "whole-pixel frames at one zoom share a layer")
            #expect(tileWidth == ContentLayer.tileWidth || layer.width <= 16 || layer.tiles.count > 1)
            try checkFrames(frames, of: view, from: layer, zoom: zoom, scale: scale, pointsPerPixel: pointsPerPixel)
        }
    }

    /// Every frame drawn from `layer` is the frame drawn alone, and the rows it leaves out for an
    /// encoder are the layer's.
    func checkFrames(_ frames: [Compositor.Frame], of view: Compositor, from layer: ContentLayer, zoom: Double, scale: Double,
                     pointsPerPixel: Double) throws {
        var mappedRows = 0
        for (index, frame) in frames.enumerated() {
            var fromLayer = RGBAImage(width: 1, height: 1)
            let rowMap = try #require(view.render(frame, from: layer, into: &fromLayer))
            mappedRows += rowMap.compactMap { $0 }.count
            let drawn = view.render(frame)
            #expect(fromLayer == drawn, "frame \(index) at zoom \(zoom), scale \(scale)")
            // Left out for an encoder (when the layer spans the whole width): the rows the map names
            // stay as they were, the others are drawn; the mapped rows are the layer's in the span.
            let span = try #require(view.layerSpan(of: frame, in: layer))
            let leaves = span.columns == 0..<drawn.width
            var leaving = RGBAImage(width: drawn.width, height: drawn.height, fill: RGBA(red: 1, green: 2, blue: 3))
            #expect(view.render(frame, from: layer, into: &leaving, leavingLayerRows: true) == rowMap)
            for y in 0..<drawn.height {
                let expected = rowMap[y] == nil || !leaves ? drawn[drawn.width - 1, y] : RGBA(red: 1, green: 2, blue: 3)
                #expect(leaving[drawn.width - 1, y] == expected, "row \(y) of frame \(index)")
                if let layerRow = rowMap[y] {
                    let count = span.columns.count * 4, drawnStart = (y * drawn.width + span.columns.lowerBound) * 4
                    var row = [UInt8](repeating: 0, count: count)
                    let start = layer.x + span.layerColumn
                    layer.tiles.copy(row: layerRow, columns: start..<(start + span.columns.count), to: &row)
                    #expect(row == Array(drawn.pixels[drawnStart..<(drawnStart + count)]))
                }
            }
        }
        // Content at least half the view's width covers it in some frames: their rows are mapped.
        #expect(mappedRows > 0 || zoom * pointsPerPixel * 301 < 2 * 80)
    }

    /// A sideways scroll in two runs: the second layer keeps the first's tiles it still shows
    /// (the same tiles, not drawn again) and draws the rest; its frames are the frames drawn alone.
    @Test func aContinuedLayerKeepsTheTilesItStillShows() throws {
        let view = compositor(content: noiseImage(width: 301, height: 457), viewWidth: 80, viewHeight: 110, scale: 2,
                              background: grey(200))
        let frames = (0..<8).map { Compositor.Frame(contentOffset: Point(x: Double($0 * 9), y: 0), zoomScale: 1) }
        let first = try #require(view.contentLayer(for: Array(frames[0..<4]), tileWidth: 16))
        let kept = try #require(view.continuation(of: first, for: frames[4...].map(view.placed), tileWidth: 16))
        let second = try #require(view.contentLayer(for: Array(frames[4...]), continuing: kept, tileWidth: 16))
        let same = second.tiles.filter { tile in first.tiles.contains { $0.isSameTile(as: tile) } }
        // Every kept tile drawn whole is kept (one drawn in part may be drawn again, wider).
        let whole = kept.tiles.filter { $0.drawn == $0.columns }
        #expect(!whole.isEmpty && whole.allSatisfy { tile in same.contains { $0.isSameTile(as: tile) } })
        #expect(second.tiles.count > same.count)
        try checkFrames(Array(frames[4...]), of: view, from: second, zoom: 1, scale: 2, pointsPerPixel: 1)
        // At another zoom nothing is kept.
        let zoomed = frames[4...].map { Compositor.Frame(contentOffset: $0.contentOffset, zoomScale: 1.5) }
        #expect(view.continuation(of: first, for: zoomed.map(view.placed), tileWidth: 16) == nil)
        // Nor of a vertical scroll's layer (one tile, off the grid), which the next is not drawn beside.
        let down = (0..<4).map { Compositor.Frame(contentOffset: Point(x: 5, y: Double($0 * 9)), zoomScale: 1) }
        let column = try #require(view.contentLayer(for: down, tileWidth: 16))
        #expect(column.tiles.count == 1 && !column.isTiled)
        #expect(view.continuation(of: column, for: frames[4...].map(view.placed), tileWidth: 16) == nil)
        let other = try #require(view.contentLayer(for: zoomed, continuing: kept, tileWidth: 16))
        #expect(!other.tiles.contains { tile in first.tiles.contains { $0.isSameTile(as: tile) } })
        try checkFrames(zoomed, of: view, from: other, zoom: 1.5, scale: 2, pointsPerPixel: 1)
    }

    /// A picture drawn at its own size on whole pixels (a screenshot at its device's size): the
    /// layer's tiles are the picture's memory, borrowed, not drawn, but for one whose left
    /// neighbour would lie before the picture's first pixel; its frames are the frames drawn alone.
    @Test func aPictureAtItsOwnSizeIsBorrowedNotDrawn() throws {
        let view = compositor(content: noiseImage(width: 301, height: 457), viewWidth: 80, viewHeight: 110, scale: 2,
                              background: grey(200))
        // Half the zoom at twice the scale: a picture pixel is a device pixel.
        let frames = (0..<6).map { Compositor.Frame(contentOffset: Point(x: 10 + Double($0 * 7), y: 40 + Double($0 * 11)), zoomScale: 0.5) }
        for tileWidth in [ContentLayer.tileWidth, 16] {
            let layer = try #require(view.contentLayer(for: frames, tileWidth: tileWidth))
            #expect(layer.tiles.allSatisfy { $0.isBorrowed })
            try checkFrames(frames, of: view, from: layer, zoom: 0.5, scale: 2, pointsPerPixel: 1)
        }
        let corner = try #require(view.contentLayer(for: [Compositor.Frame(zoomScale: 0.5)], tileWidth: 16))
        #expect(!corner.tiles[0].isBorrowed && corner.tiles.dropFirst().allSatisfy { $0.isBorrowed })
        // A picture as wide as the view, as a screenshot is: one tile of whole rows, borrowed.
        let screenshot = compositor(content: noiseImage(width: 160, height: 457), viewWidth: 80, viewHeight: 110, scale: 2,
                                    background: grey(200))
        let down = (0..<6).map { Compositor.Frame(contentOffset: Point(x: 0, y: 40 + Double($0 * 11)), zoomScale: 0.5) }
        let column = try #require(screenshot.contentLayer(for: down))
        #expect(column.tiles.count == 1 && column.tiles[0].isBorrowed && column.tiles[0].width == 160)
        try checkFrames(down, of: screenshot, from: column, zoom: 0.5, scale: 2, pointsPerPixel: 1)
        // Magnified, the picture is drawn.
        let magnified = try #require(view.contentLayer(for: [Compositor.Frame(contentOffset: Point(x: 10, y: 40), zoomScale: 1)]))
        #expect(!magnified.tiles.contains { $0.isBorrowed })
    }

    @Test func framesALayerCannotServeAreLeftToTheCompositor() {
        let view = compositor(content: noiseImage(width: 120, height: 200), viewWidth: 50, viewHeight: 60, scale: 2)
        // A corner off the pixel grid, and a transparent picture: no layer.
        #expect(view.contentLayer(for: [Compositor.Frame(contentOffset: Point(x: 0.25, y: 0), zoomScale: 1)]) == nil)
        let transparent = compositor(content: makeImage(width: 40, height: 40) { _, _ in RGBA(red: 1, green: 2, blue: 3, alpha: 100) },
                                     viewWidth: 20, viewHeight: 20)
        #expect(transparent.contentLayer(for: [Compositor.Frame()]) == nil)
        // A frame at another zoom is refused by the layer, drawing nothing.
        let layer = view.contentLayer(for: [Compositor.Frame(zoomScale: 1)])!
        var image = RGBAImage(width: 1, height: 1)
        #expect(view.render(Compositor.Frame(zoomScale: 2), from: layer, into: &image) == nil)
        #expect(!view.canShareLayer([Compositor.Frame(zoomScale: 1), Compositor.Frame(zoomScale: 2)]))
    }

    @Test func aLayerHoldsAtMostItsLimit() {
        // 1000×1000-pixel frames over content magnified to 2400×4000 pixels: far apart, they show
        // more together than one layer may hold; near, they share one.
        let view = compositor(content: noiseImage(width: 120, height: 200), viewWidth: 1000, viewHeight: 1000, scale: 1)
        let frame = { (x: Double, y: Double) in Compositor.Frame(contentOffset: Point(x: x, y: y), zoomScale: 20) }
        #expect(view.canShareLayer([frame(0, 0), frame(500, 500)]))
        #expect(!view.canShareLayer([frame(0, 0), frame(1400, 2000)]))
        #expect(view.contentLayer(for: [frame(0, 0), frame(1400, 2000)]) == nil)
        #expect(view.canShareLayer([frame(1400, 2000)]))
        // Frames larger than a phone's (4 MP here) get half a frame's room to move in: 2000×2900 shares.
        let large = compositor(content: noiseImage(width: 120, height: 200), viewWidth: 2000, viewHeight: 2000, scale: 1)
        #expect(large.canShareLayer([frame(0, 0), frame(0, 900)]))
        #expect(!large.canShareLayer([frame(0, 0), frame(0, 1100)]))
    }
}

/// A layer run grown a frame at a time (linear) accepts exactly the frames that the whole-prefix
/// check accepts, so that cutting a sequence into runs gives the same runs, and the same frames.
@Suite struct LayerRunTests {
    @Test(arguments: [1, 2, 3])
    func growingARunAgreesWithCheckingTheWholePrefix(seed: UInt64) throws {
        let view = compositor(content: noiseImage(width: 2000, height: 3000), viewWidth: 80, viewHeight: 110, scale: 2,
                              pointsPerPixel: 1, background: grey(200))
        var state = seed
        func next(_ range: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(range))
        }
        // Sideways and vertical steps of whole device pixels, now and then a zoom change or a
        // half-pixel offset, and long jumps that pass the layer limit.
        var x = 0.0, y = 0.0, zoom = 1.0
        let frames = (0..<400).map { _ -> Compositor.Frame in
            x += Double(next(7) - 2) * (next(20) == 0 ? 40 : 1)
            y += Double(next(9) - 2) * (next(20) == 0 ? 300 : 1)
            if next(40) == 0 { zoom = zoom == 1 ? 0.5 : 1 }
            let offset = Point(x: x + (next(30) == 0 ? 0.25 : 0), y: y)
            return Compositor.Frame(contentOffset: offset, zoomScale: zoom)
        }
        var checked = 0, refused = 0
        for start in frames.indices {
            guard var run = view.layerRun(startingWith: view.placed(frames[start])) else {
                #expect(!view.canShareLayer(frames[start...min(start + 1, frames.count - 1)]) || start == frames.count - 1)
                continue
            }
            var end = start + 1
            while end < frames.count, end - start < 40 {
                let grows = view.extend(&run, with: view.placed(frames[end]))
                #expect(grows == view.canShareLayer(frames[start...end]), "frames \(start)...\(end)")
                checked += 1
                if !grows {
                    refused += 1
                    break
                }
                end += 1
            }
        }
        // Both answers were asked many times.
        #expect(checked > 300 && refused > 50, "\(checked) checked, \(refused) refused")
    }
}

