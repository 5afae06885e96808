#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// A filled outline of the screen chrome — a glyph of "9:41", a status bar icon, the notch — given by
/// its signed distance: negative inside, positive outside, in the units of its coordinates.
///
/// The distance is exact for the primitives; their unions, intersections and differences take the
/// smaller or larger of two, which underestimates it near corners but, like every distance, changes
/// no faster than the point moves. That is all ``coverage(x:y:)`` needs: a pixel whose centre is
/// more than half a diagonal from the outline is wholly in or out, and the few an edge crosses are
/// supersampled as ``RoundedRect`` does. No font is involved: the digits are strokes of our own
/// drawing (``StatusBarGlyphs``).
indirect enum VectorShape: Sendable {
    case roundedRect(Rect, radius: Double)
    case disc(center: Point, radius: Double)
    /// A polyline of width `2 × halfWidth` with round joins, and flat or round ends.
    case stroke([Point], halfWidth: Double, flatStart: Bool, flatEnd: Bool)
    /// The part of a quarter-turn wedge opening upwards from `apex` (±45° from vertical).
    case upwardQuarter(apex: Point)
    /// Made by ``union(_:)``, which measures its parts' boxes once.
    case union(Union)
    case subtracting(VectorShape, VectorShape)
    case intersecting(VectorShape, VectorShape)
    /// The shape moved into other coordinates.
    case mapped(VectorShape, ChromeTransform)

    /// Signed distance from `point` to the outline (negative inside).
    func signedDistance(_ point: Point) -> Double {
        switch self {
        case let .roundedRect(rect, radius):
            return Self.roundedRectDistance(point, rect, radius)
        case let .disc(center, radius):
            return (point - center).length - radius
        case let .stroke(points, halfWidth, flatStart, flatEnd):
            return Self.strokeDistance(point, points, halfWidth, flatStart, flatEnd)
        case let .upwardQuarter(apex):
            // Outward normals of the two edges, at ±45° from the vertical.
            let d = point - apex, k = 0.5.squareRoot()
            return max((d.x + d.y) * k, (-d.x + d.y) * k)
        case let .union(union):
            return union.signedDistance(point)
        case let .subtracting(shape, hole):
            return max(shape.signedDistance(point), -hole.signedDistance(point))
        case let .intersecting(a, b):
            return max(a.signedDistance(point), b.signedDistance(point))
        case let .mapped(shape, transform):
            return shape.signedDistance(transform.inverse(point)) * transform.scale
        }
    }

    /// A rectangle that holds the whole shape (wedges, unbounded, give an empty one and must be intersected).
    var bounds: Rect {
        switch self {
        case let .roundedRect(rect, _): return rect
        case let .disc(center, radius): return Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        case let .stroke(points, halfWidth, _, _): return Self.grown(Self.enclosing(points), by: halfWidth)
        case .upwardQuarter: return .zero
        case let .union(union): return union.bounds
        case let .subtracting(shape, _): return shape.bounds
        case let .intersecting(a, b): return a.bounds.width > 0 ? a.bounds : b.bounds
        case let .mapped(shape, transform): return transform.apply(shape.bounds)
        }
    }

    /// Half a pixel's diagonal (0.7071), rounded up: a pixel whose centre is farther from an edge
    /// lies wholly on one side of it.
    static let halfPixelDiagonal = 0.7072

    /// The fraction of pixel `[x, x+1) × [y, y+1)` inside the shape (coordinates in pixels).
    func coverage(x: Int, y: Int) -> Double {
        let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
        let distance = signedDistance(centre)
        if distance <= -Self.halfPixelDiagonal { return 1 }
        if distance >= Self.halfPixelDiagonal { return 0 }
        let local = pruned(near: centre, within: Self.halfPixelDiagonal)
        return RoundedRect.supersampledCoverage(x: x, y: y) { local.signedDistance(Point(x: $0, y: $1)) }
    }

    /// The same shape within `reach` of `point`, without the parts that cannot be nearest there: a
    /// glyph's 256 samples in an edge pixel then measure a segment or two, not all of them.
    ///
    /// Distances change no faster than the points do, so a part whose distance at `point` exceeds the
    /// nearest one's by more than `2 × reach` cannot be the nearest anywhere within `reach`.
    func pruned(near point: Point, within reach: Double) -> VectorShape {
        switch self {
        case .roundedRect, .disc, .upwardQuarter:
            return self
        case let .stroke(points, halfWidth, flatStart, flatEnd):
            return Self.prunedStroke(points, halfWidth, flatStart, flatEnd, near: point, within: reach)
        case let .union(union):
            let distances = union.shapes.map { $0.signedDistance(point) }
            let nearest = distances.min() ?? .infinity
            let kept = zip(union.shapes, distances).filter { $1 <= nearest + 2 * reach }.map { $0.0.pruned(near: point, within: reach) }
            return kept.count == 1 ? kept[0] : .union(kept)
        case let .subtracting(shape, hole):
            return .subtracting(shape.pruned(near: point, within: reach), hole.pruned(near: point, within: reach))
        case let .intersecting(a, b):
            return .intersecting(a.pruned(near: point, within: reach), b.pruned(near: point, within: reach))
        case let .mapped(shape, transform):
            let inner = shape.pruned(near: transform.inverse(point), within: reach / transform.scale)
            if case let .mapped(innermost, first) = inner, let both = transform.after(first) {
                return .mapped(innermost, both)
            }
            return .mapped(inner, transform)
        }
    }

    /// A stroke's segments that can be nearest within `reach` of `point`, each its own stroke.
    private static func prunedStroke(_ points: [Point], _ halfWidth: Double, _ flatStart: Bool, _ flatEnd: Bool,
                                     near point: Point, within reach: Double) -> VectorShape {
        guard points.count > 2 else { return .stroke(points, halfWidth: halfWidth, flatStart: flatStart, flatEnd: flatEnd) }
        let segments = (1..<points.count).map { index in
            VectorShape.stroke([points[index - 1], points[index]], halfWidth: halfWidth,
                               flatStart: flatStart && index == 1, flatEnd: flatEnd && index == points.count - 1)
        }
        return VectorShape.union(segments).pruned(near: point, within: reach)
    }

    // MARK: - Primitives

    private static func roundedRectDistance(_ p: Point, _ rect: Rect, _ radius: Double) -> Double {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let qx = abs(p.x - rect.midX) - (rect.width / 2 - r)
        let qy = abs(p.y - rect.midY) - (rect.height / 2 - r)
        let outside = Point(x: max(qx, 0), y: max(qy, 0)).length
        return outside + min(max(qx, qy), 0) - r
    }

    private static func strokeDistance(_ p: Point, _ points: [Point], _ halfWidth: Double, _ flatStart: Bool, _ flatEnd: Bool) -> Double {
        guard points.count > 1 else { return points.first.map { (p - $0).length - halfWidth } ?? .infinity }
        var best = Double.infinity
        for index in 1..<points.count {
            best = min(best, segmentDistance(p, points[index - 1], points[index], halfWidth,
                                             flatStart && index == 1, flatEnd && index == points.count - 1))
        }
        return best
    }

    /// Distance to one segment of a stroke, in the segment's own frame: `u` along it, `v` across.
    private static func segmentDistance(_ p: Point, _ a: Point, _ b: Point, _ halfWidth: Double,
                                        _ flatStart: Bool, _ flatEnd: Bool) -> Double {
        let d = b - a, length = d.length
        guard length > 0 else { return (p - a).length - halfWidth }
        let t = p - a
        let u = (t.x * d.x + t.y * d.y) / length
        let v = abs(t.x * d.y - t.y * d.x) / length
        if u < 0 && !flatStart { return (p - a).length - halfWidth }
        if u > length && !flatEnd { return (p - b).length - halfWidth }
        let across = v - halfWidth
        var along = -Double.infinity
        if flatStart { along = max(along, -u) }
        if flatEnd { along = max(along, u - length) }
        return along > 0 && across > 0 ? Point(x: along, y: across).length : max(along, across)
    }

    /// How far `p` lies outside `box` (0 inside): no more than the distance to anything in it.
    static func boxDistance(_ p: Point, _ box: Rect) -> Double {
        let dx = max(box.minX - p.x, 0, p.x - box.maxX), dy = max(box.minY - p.y, 0, p.y - box.maxY)
        return Point(x: dx, y: dy).length
    }

    private static func enclosing(_ points: [Point]) -> Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    private static func grown(_ rect: Rect, by amount: Double) -> Rect {
        Rect(x: rect.minX - amount, y: rect.minY - amount, width: rect.width + 2 * amount, height: rect.height + 2 * amount)
    }

    /// The smallest rectangle holding every box that is not empty (`.zero` when none is).
    static func enclosing(_ boxes: [Rect]) -> Rect {
        boxes.filter { $0.width > 0 }.reduce(nil) { merged($0, $1) } ?? .zero
    }

    private static func merged(_ a: Rect?, _ b: Rect) -> Rect {
        guard let a else { return b }
        let minX = min(a.minX, b.minX), minY = min(a.minY, b.minY)
        return Rect(x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
    }
}

extension VectorShape {
    /// Points along an elliptical arc, `from` and `to` in radians (0 = +x, π/2 = +y, downwards), a
    /// sixteenth of a half turn apart at most: the polyline strays from the arc by under half a
    /// hundredth of its radius (a twentieth of a pixel on a 3× status bar's largest curve).
    static func arc(center: Point, radiusX: Double, radiusY: Double, from start: Double, to end: Double) -> [Point] {
        let steps = max(2, Int((abs(end - start) / (Double.pi / 16)).rounded(.up)))
        return (0...steps).map { step in
            let angle = start + (end - start) * Double(step) / Double(steps)
            return Point(x: center.x + radiusX * cos(angle), y: center.y + radiusY * sin(angle))
        }
    }
}

extension VectorShape {
    /// The union of `shapes`.
    static func union(_ shapes: [VectorShape]) -> VectorShape {
        .union(Union(shapes))
    }

    /// Shapes taken together, with each one's box measured once: a mask asks a glyph's distance at
    /// every pixel, and measuring its strokes' boxes each time was most of the work.
    struct Union: Sendable {
        let shapes: [VectorShape]
        /// Each shape's ``VectorShape/bounds``.
        let boxes: [Rect]
        let bounds: Rect

        init(_ shapes: [VectorShape]) {
            self.shapes = shapes
            boxes = shapes.map(\.bounds)
            bounds = VectorShape.enclosing(boxes)
        }

        func signedDistance(_ p: Point) -> Double {
            var best = Double.infinity
            for (shape, box) in zip(shapes, boxes) {
                // A shape whose bounding box is farther than the best so far cannot be nearer.
                if box.width > 0, VectorShape.boxDistance(p, box) >= best { continue }
                best = min(best, shape.signedDistance(p))
            }
            return best
        }
    }
}
