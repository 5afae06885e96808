import Geometry

/// What the scroll view shows at one instant: the unrounded `contentOffset` and the `zoomScale`.
struct Pose: Sendable, Hashable {
    var contentOffset: Point
    var zoomScale: Double
}
