import Geometry

/// A finger location at an absolute time.
struct TimedLocation: Sendable, Hashable {
    let time: Double
    let location: Point
}
