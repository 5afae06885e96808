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
    /// RGBA, `width × height`, row after row: what an encoder reads the rows frames show from.
    public let pixels: [UInt8]

    /// Layers above this many pixels for frames of `framePixels` are not built: memory stays
    /// bounded (4 MP is 16 MB, and the rows an encoder codes from it), and a longer run is served
    /// by several layers. Frames larger than a phone's (an iPad's 5.7 MP) get half a frame's room
    /// to move in.
    public static func maximumPixels(framePixels: Int) -> Int {
        max(4 << 20, framePixels + framePixels / 2)
    }
}

extension Compositor {
    /// Where `frame` places the content when a layer can serve it: opaque content and output, no
    /// header, the content's corner on a whole output pixel. Its size may end mid-pixel: the
    /// layer then holds the whole pixels, and the partly covered last column and row are drawn
    /// with each frame. `nil` otherwise.
    private func wholePixelPlacement(_ frame: Frame) -> (x: Int, y: Int, width: Int, height: Int, placed: Rect)? {
        guard content.isOpaque, opaqueOutput, header == nil || frame.headerFrame == nil,
              let placed = contentPlacement(frame) else { return nil }
        guard [placed.minX, placed.minY].allSatisfy({ $0 == $0.rounded() && abs($0) < 1e9 }),
              placed.width < 1e9, placed.height < 1e9 else { return nil }
        return (Int(placed.minX), Int(placed.minY), Int(placed.width.rounded(.down)), Int(placed.height.rounded(.down)), placed)
    }

    /// The whole pixels of content `frame` shows, in output pixels from the content's corner.
    private func window(_ frame: Frame) -> (x: Range<Int>, y: Range<Int>)? {
        guard let placed = wholePixelPlacement(frame) else { return nil }
        let (left, right) = (max(0, -placed.x), min(placed.width, pixelWidth - placed.x))
        let (top, bottom) = (max(0, -placed.y), min(placed.height, pixelHeight - placed.y))
        return left < right && top < bottom ? (left..<right, top..<bottom) : nil
    }

    /// Whether one layer can serve all of `frames`: one zoom, all on whole pixels, and what they
    /// show together within ``ContentLayer/maximumPixels(framePixels:)``.
    public func canShareLayer(_ frames: some Collection<Frame>) -> Bool {
        layerRect(for: frames) != nil
    }

    /// The union of what `frames` show, in output pixels from the content's corner, when one
    /// layer within ``ContentLayer/maximumPixels(framePixels:)`` can hold it.
    private func layerRect(for frames: some Collection<Frame>) -> (x: Range<Int>, y: Range<Int>)? {
        guard let zoomScale = frames.first?.zoomScale else { return nil }
        var x = (Int.max, Int.min), y = (Int.max, Int.min)
        for frame in frames {
            guard frame.zoomScale == zoomScale, let shown = window(frame) else { return nil }
            x = (min(x.0, shown.x.lowerBound), max(x.1, shown.x.upperBound))
            y = (min(y.0, shown.y.lowerBound), max(y.1, shown.y.upperBound))
        }
        let (width, height) = (x.1 - x.0, y.1 - y.0)
        let limit = ContentLayer.maximumPixels(framePixels: pixelWidth * pixelHeight)
        return width * height <= limit ? (x.0..<x.1, y.0..<y.1) : nil
    }

    /// The layer holding what every frame of `frames` shows (all at one zoom scale, on whole
    /// pixels), resampled in row bands on all cores; `nil` when a frame cannot be served or the
    /// layer would pass ``ContentLayer/maximumPixels(framePixels:)``.
    public func contentLayer(for frames: [Frame]) -> ContentLayer? {
        guard let first = frames.first, let placed = wholePixelPlacement(first), let rect = layerRect(for: frames) else { return nil }
        let (width, height) = (rect.x.count, rect.y.count)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let bands = min(height, 8)
        // The content placed as the frames place it, shifted so that the layer's corner is (0, 0).
        let origin = Rect(x: Double(-rect.x.lowerBound), y: Double(-rect.y.lowerBound), width: placed.placed.width,
                          height: placed.placed.height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let shared = SendablePointer(buffer)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let rows = Rect(x: 0, y: Double(band * height / bands), width: Double(width),
                                height: Double((band + 1) * height / bands - band * height / bands))
                draw(content, placedAt: origin, clippedTo: rows, into: shared.buffer, width: width, height: height)
            }
        }
        return ContentLayer(zoomScale: first.zoomScale, x: rect.x.lowerBound, y: rect.y.lowerBound, width: width, height: height,
                            pixels: pixels)
    }

    /// Which columns of `frame` show `layer`'s pixels, and from which layer column: in every row
    /// that shows a layer row (see ``render(_:from:into:leavingLayerRows:)``), those columns are
    /// that row's pixels and the others are the frame's own (background, a partly covered edge).
    public func layerSpan(of frame: Frame, in layer: ContentLayer) -> LayerSpan? {
        guard let (placed, shown) = placement(of: frame, in: layer) else { return nil }
        let start = shown.x.lowerBound + placed.x
        return LayerSpan(columns: start..<(start + shown.x.count), layerColumn: shown.x.lowerBound - layer.x)
    }

    /// Where `frame` places the content and which of its pixels it shows, when `layer` holds them all.
    private func placement(of frame: Frame, in layer: ContentLayer)
        -> (placed: (x: Int, y: Int, width: Int, height: Int, placed: Rect), shown: (x: Range<Int>, y: Range<Int>))? {
        guard frame.zoomScale == layer.zoomScale, let placed = wholePixelPlacement(frame), let shown = window(frame),
              shown.x.lowerBound >= layer.x, shown.x.upperBound <= layer.x + layer.width,
              shown.y.lowerBound >= layer.y, shown.y.upperBound <= layer.y + layer.height else { return nil }
        return (placed, shown)
    }

    /// Renders `frame` with its content copied from `layer`: the same bytes as ``render(_:into:)``.
    /// Returns `nil`, drawing nothing, when the layer cannot serve it; otherwise, for each row of
    /// the frame, the layer row it shows unchanged in the frame's ``layerSpan(of:in:)``, or `nil`
    /// for a row that is not one: background, an indicator, a partly covered edge. With
    /// `leavingLayerRows`, when the span is the frame's whole width, those rows are not copied
    /// (an encoder reads them from the layer).
    public func render(_ frame: Frame, from layer: ContentLayer, into image: inout RGBAImage,
                       leavingLayerRows: Bool = false) -> [Int?]? {
        guard let (placed, shown) = placement(of: frame, in: layer) else { return nil }
        let (width, height) = (pixelWidth, pixelHeight)
        if image.width != width || image.height != height { image = RGBAImage(width: width, height: height) }
        let covered = ((shown.x.lowerBound + placed.x)..<(shown.x.upperBound + placed.x),
                       (shown.y.lowerBound + placed.y)..<(shown.y.upperBound + placed.y))
        let layerRows = layerRows(frame, placed: placed, shown: shown, layer: layer)
        let leaving = leavingLayerRows && covered.0 == 0..<width
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            Blending.fill(pixels, width: width, with: background, except: covered)
            layer.pixels.withUnsafeBufferPointer { source in
                let count = shown.x.count * 4
                for row in shown.y where !leaving || layerRows[row + placed.y] == nil {
                    let from = ((row - layer.y) * layer.width + shown.x.lowerBound - layer.x) * 4
                    let to = ((row + placed.y) * width + covered.0.lowerBound) * 4
                    (pixels.baseAddress! + to).update(from: source.baseAddress! + from, count: count)
                }
            }
            drawPartialEdges(placed, into: pixels, width: width, height: height)
            for indicator in frame.indicators {
                IndicatorRenderer.draw(indicator, scale: displayScale, into: pixels, width: width, height: height)
            }
        }
        return layerRows
    }

    /// The layer row each frame row shows unchanged in its span, if any.
    private func layerRows(_ frame: Frame, placed: (x: Int, y: Int, width: Int, height: Int, placed: Rect),
                           shown: (x: Range<Int>, y: Range<Int>), layer: ContentLayer) -> [Int?] {
        var rows = [Int?](repeating: nil, count: pixelHeight)
        // A partly covered last row is not among the layer's whole rows, so it is never one of these.
        for row in shown.y { rows[row + placed.y] = row - layer.y }
        for indicator in frame.indicators {
            for y in IndicatorRenderer.rows(touchedBy: indicator, scale: displayScale, width: pixelWidth, height: pixelHeight) {
                rows[y] = nil
            }
        }
        return rows
    }

    /// The content's last column and row when they end mid-pixel: composited over the background
    /// as a whole frame would composite them (the corner once, with the column).
    private func drawPartialEdges(_ placed: (x: Int, y: Int, width: Int, height: Int, placed: Rect),
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

/// A buffer the layer's bands write into from several threads, each into its own rows.
private struct SendablePointer: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }
}
