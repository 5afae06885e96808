/// One of the two scrolling axes; the physics runs on each axis on its own (physics.md §2.1).
public enum Axis: Sendable, Hashable, CaseIterable, Codable {
    case horizontal
    case vertical
}

extension Point {
    /// The component along `axis`, so per-axis code reads the same for x and y.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set {
            switch axis {
            case .horizontal: x = newValue
            case .vertical: y = newValue
            }
        }
    }

    /// Builds a point from a per-axis rule.
    static func make(_ component: (Axis) -> Double) -> Point {
        Point(x: component(.horizontal), y: component(.vertical))
    }

    public static prefix func - (point: Point) -> Point { Point(x: -point.x, y: -point.y) }
    public static func / (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x / rhs, y: lhs.y / rhs) }

    /// Euclidean length, e.g. of a finger translation.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The point rounded to device pixels, as UIKit rounds `contentOffset` (physics.md §1 #25).
    public func roundedToPixels(scale: Double) -> Point {
        Point(x: x.roundedToPixels(scale: scale), y: y.roundedToPixels(scale: scale))
    }
}

extension Size {
    /// The extent along `axis`.
    public subscript(axis: Axis) -> Double {
        axis == .horizontal ? width : height
    }
}

extension EdgeInsets {
    /// The inset at the start of `axis` (left or top).
    public func leading(_ axis: Axis) -> Double { axis == .horizontal ? left : top }

    /// The inset at the end of `axis` (right or bottom).
    public func trailing(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }
}

extension Double {
    /// Rounds to the nearest device pixel (1/`scale` pt), half away from zero like `round()`.
    public func roundedToPixels(scale: Double) -> Double {
        (self * scale).rounded() / scale
    }

    /// Clamps to `[lower, upper]`.
    func clamped(_ lower: Double, _ upper: Double) -> Double {
        Swift.min(Swift.max(self, lower), upper)
    }

    /// −1, 0 or +1.
    var signum: Double { self > 0 ? 1 : (self < 0 ? -1 : 0) }
}
