import Geometry

/// What a delegate does to `targetContentOffset` in `scrollViewWillEndDragging`, as apps do to make
/// content settle on something: cards of a fixed size, a list of stops, or one place.
public enum TargetContentOffsetAdjustment: Sendable, Hashable, Codable {
    /// The nearest multiple of the interval on each axis (0: that axis as UIKit proposed).
    case snapInterval(Size)
    /// The nearest of these offsets.
    case snapTo([Point])
    /// Always this offset.
    case offset(Point)

    /// The target the delegate sets for UIKit's `proposed` one.
    public func target(for proposed: Point) -> Point {
        switch self {
        case .snapInterval(let interval):
            func snap(_ value: Double, _ step: Double) -> Double { step > 0 ? (value / step).rounded() * step : value }
            return Point(x: snap(proposed.x, interval.width), y: snap(proposed.y, interval.height))
        case .snapTo(let stops):
            return stops.min { ($0 - proposed).length < ($1 - proposed).length } ?? proposed
        case .offset(let offset):
            return offset
        }
    }

    /// Intervals of zero or more (at least one positive), 1 to 10,000 stops, all within the model's distances.
    public func check() throws(InvalidValue) {
        switch self {
        case .snapInterval(let interval):
            for side in [interval.width, interval.height] {
                try ModelLimits.check(distance: side, "a snap interval")
                guard side >= 0 else { throw InvalidValue("a snap interval must be zero or more, not \(side)") }
            }
            guard interval.width > 0 || interval.height > 0 else { throw InvalidValue("a snap interval needs a positive width or height") }
        case .snapTo(let stops):
            guard (1...10_000).contains(stops.count) else { throw InvalidValue("snapTo needs 1 to 10000 offsets, not \(stops.count)") }
            for stop in stops { try ModelLimits.check(point: stop, "a snap offset") }
        case .offset(let offset):
            try ModelLimits.check(point: offset, "a target offset")
        }
    }
}
