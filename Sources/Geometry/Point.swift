/// A position in points, like `CGPoint`, with `Double` components so that nothing mixes in `CGFloat`.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        (self.x, self.y) = (x, y)
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }

    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
    public static func / (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x / rhs, y: lhs.y / rhs) }
    public static prefix func - (point: Point) -> Point { Point(x: -point.x, y: -point.y) }

    /// Euclidean length, e.g. of a finger translation.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The point rounded to device pixels, as UIKit rounds `contentOffset`.
    public func roundedToPixels(scale: Double) -> Point {
        Point(x: x.roundedToPixels(scale: scale), y: y.roundedToPixels(scale: scale))
    }
}
