import Geometry

/// A velocity in the plane, its unit in its type. The pan recognizer reports points per second
/// (`velocity(in:)`), and so do the model's motions; UIKit's
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` and its per-millisecond laws
/// (the fling streak, the edge bounce, paging's spring) speak points per millisecond.
public struct Velocity: Sendable, Hashable {
    public var pointsPerSecond: Point

    public init(pointsPerSecond: Point) {
        self.pointsPerSecond = pointsPerSecond
    }

    public init(pointsPerMillisecond: Point) {
        pointsPerSecond = Point(x: pointsPerMillisecond.x * 1000, y: pointsPerMillisecond.y * 1000)
    }

    public var pointsPerMillisecond: Point {
        Point(x: pointsPerSecond.x / 1000, y: pointsPerSecond.y / 1000)
    }
}

/// A speed along one axis, its unit in its type (see ``Velocity``).
public struct Speed: Sendable, Hashable {
    public var pointsPerSecond: Double

    public init(pointsPerSecond: Double) {
        self.pointsPerSecond = pointsPerSecond
    }

    public init(pointsPerMillisecond: Double) {
        pointsPerSecond = pointsPerMillisecond * 1000
    }

    public var pointsPerMillisecond: Double { pointsPerSecond / 1000 }
}
