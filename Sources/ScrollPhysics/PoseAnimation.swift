import Geometry

/// A `contentOffset` and `zoomScale` animation along the ``EaseInOutSine`` curve, as
/// `setContentOffset(_:animated:)`, `scrollRectToVisible(_:animated:)`, `zoom(to:animated:)`,
/// `setZoomScale(_:animated:)`, the zoom bounce and scroll to top run it.
struct PoseAnimation: Sendable, Hashable {
    let from: Pose
    let to: Pose
    let duration: Double

    func pose(at t: Double) -> Pose {
        guard t < duration else { return to }
        let p = EaseInOutSine.progress(t / duration)
        return Pose(
            contentOffset: from.contentOffset + (to.contentOffset - from.contentOffset) * p,
            zoomScale: from.zoomScale + (to.zoomScale - from.zoomScale) * p
        )
    }

    /// Offset velocity (pt/s).
    func velocity(at t: Double) -> Point {
        guard t >= 0, t < duration else { return .zero }
        return (to.contentOffset - from.contentOffset) * (EaseInOutSine.slope(t / duration) / duration)
    }
}
