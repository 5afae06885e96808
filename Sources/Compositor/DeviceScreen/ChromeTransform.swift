import Geometry

/// Places chrome drawn in points onto a frame's pixels: a uniform scale, then an optional quarter
/// turn for landscape, then a shift. Only these, so that distances scale by one number and stay exact.
struct ChromeTransform: Sendable, Equatable {
    var scale: Double
    /// Portrait point `(x, y)` goes to `(y, portraitWidth − x)`: the top of the phone turns to the left.
    var quarterTurnWidth: Double?
    var offset: Point

    init(scale: Double, quarterTurnWidth: Double? = nil, offset: Point = .zero) {
        (self.scale, self.quarterTurnWidth, self.offset) = (scale, quarterTurnWidth, offset)
    }

    func apply(_ point: Point) -> Point {
        let turned = quarterTurnWidth.map { Point(x: point.y, y: $0 - point.x) } ?? point
        return Point(x: turned.x * scale + offset.x, y: turned.y * scale + offset.y)
    }

    func inverse(_ point: Point) -> Point {
        let turned = Point(x: (point.x - offset.x) / scale, y: (point.y - offset.y) / scale)
        return quarterTurnWidth.map { Point(x: $0 - turned.y, y: turned.x) } ?? turned
    }

    /// `first`, then this, as one transform; `nil` when either turns (not needed, so not written).
    func after(_ first: ChromeTransform) -> ChromeTransform? {
        guard quarterTurnWidth == nil, first.quarterTurnWidth == nil else { return nil }
        return ChromeTransform(scale: scale * first.scale, offset: Point(x: first.offset.x * scale + offset.x, y: first.offset.y * scale + offset.y))
    }

    /// The smallest rectangle holding `rect` once placed.
    func apply(_ rect: Rect) -> Rect {
        let a = apply(Point(x: rect.minX, y: rect.minY)), b = apply(Point(x: rect.maxX, y: rect.maxY))
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
