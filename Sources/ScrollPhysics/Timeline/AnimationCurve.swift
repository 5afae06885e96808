#if canImport(Glibc)
import Glibc
#endif

/// How an animation's progress runs from 0 to 1 over its duration.
enum AnimationCurve: Sendable, Hashable {
    /// sin²(π/2 · t/T): `setContentOffset(_:animated:)` and the zoom animations.
    case easeInOutSine
    /// A critically damped spring of this response (s): p(t) = 1 − (1 + ωt)·e^(−ωt), ω = 2π/response.
    /// Scroll to top.
    case criticallyDampedSpring(response: Double)

    /// Progress at `t` seconds of an animation lasting `duration`.
    func progress(at t: Double, duration: Double) -> Double {
        switch self {
        case .easeInOutSine:
            return EaseInOutSine.progress(t / duration)
        case .criticallyDampedSpring(let response):
            let omega = 2 * Double.pi / response
            return 1 - (1 + omega * t) * exp(-omega * t)
        }
    }

    /// d(progress)/dt, per second.
    func rate(at t: Double, duration: Double) -> Double {
        switch self {
        case .easeInOutSine:
            return EaseInOutSine.slope(t / duration) / duration
        case .criticallyDampedSpring(let response):
            let omega = 2 * Double.pi / response
            return omega * omega * t * exp(-omega * t)
        }
    }
}
