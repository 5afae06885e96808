import Geometry

/// A `contentOffset` and `zoomScale` animation along a curve: sin² for `setContentOffset(_:animated:)`,
/// `scrollRectToVisible(_:animated:)`, `zoom(to:animated:)`, `setZoomScale(_:animated:)` and the
/// zoom bounce; a critically damped spring for scroll to top.
struct PoseAnimation: Sendable, Hashable {
    let from: Pose
    let to: Pose
    let duration: Double
    var curve = AnimationCurve.easeInOutSine

    func pose(at t: Double) -> Pose {
        guard t < duration else { return to }
        let p = curve.progress(at: t, duration: duration)
        return Pose(
            contentOffset: from.contentOffset + (to.contentOffset - from.contentOffset) * p,
            zoomScale: from.zoomScale + (to.zoomScale - from.zoomScale) * p
        )
    }

    /// Offset velocity (pt/s).
    func velocity(at t: Double) -> Point {
        guard t >= 0, t < duration else { return .zero }
        return (to.contentOffset - from.contentOffset) * curve.rate(at: t, duration: duration)
    }
}
