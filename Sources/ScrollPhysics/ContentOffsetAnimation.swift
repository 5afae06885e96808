#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// UIKit's animation curve for `setContentOffset(_:animated:)`: progress = sin²(π/2 · t/T)
/// (physics.md §1 #23, read from UIKit at runtime, H). Reused (GUESS) for zoom animations,
/// zoom bounce, scroll to top and the indicator fade.
public enum EaseInOutSine {
    /// Progress 0…1 at `fraction` 0…1 of the duration.
    public static func progress(_ fraction: Double) -> Double {
        let f = fraction.clamped(0, 1)
        let s = sin(Double.pi / 2 * f)
        return s * s
    }

    /// d(progress)/d(fraction).
    static func slope(_ fraction: Double) -> Double {
        guard fraction > 0, fraction < 1 else { return 0 }
        return Double.pi / 2 * sin(Double.pi * fraction)
    }
}

/// An offset and zoom animation along the sin² curve, as `setContentOffset(_:animated:)`,
/// `zoom(to:animated:)`, the zoom bounce and scroll to top run it (physics.md §2.7–§2.8).
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
