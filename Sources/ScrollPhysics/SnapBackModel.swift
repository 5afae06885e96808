#if canImport(Glibc)
import Glibc
#endif

/// How content released outside an edge returns to it. The choice is made in one place,
/// ``preferred``; ``SimulationOptions/snapBackModel`` can swap it per simulation.
public enum SnapBackModel: Sendable, Hashable, CaseIterable {
    /// x = x₀(1 + 3.8t)e^(−11t): critically damped, fitted to a recorded iOS trace (max error 0.62 pt).
    case criticallyDamped
    /// x = x₀e^(−8t): the return rule of Apple's iAd scroll view in continuous form (max error 3.2 pt
    /// against the same trace).
    case exponential

    /// The critically damped fit, as it matches the recorded trace best.
    public static let preferred = SnapBackModel.criticallyDamped
    /// The remaining fraction of the initial overscroll after `t` seconds (1 at t = 0, decreasing).
    public func remainingFraction(at t: Double) -> Double {
        switch self {
        case .criticallyDamped:
            let ω = UIKitConstants.snapBackDampingRate
            return (1 + UIKitConstants.snapBackLinearRate * t) * exp(-ω * t)
        case .exponential:
            return exp(-UIKitConstants.snapBackExponentialRate * t)
        }
    }

    /// d/dt of ``remainingFraction(at:)`` (s⁻¹).
    func fractionRate(at t: Double) -> Double {
        switch self {
        case .criticallyDamped:
            let ω = UIKitConstants.snapBackDampingRate
            let a = UIKitConstants.snapBackLinearRate
            return exp(-ω * t) * (a - ω - a * ω * t)
        case .exponential:
            let rate = UIKitConstants.snapBackExponentialRate
            return -rate * exp(-rate * t)
        }
    }
}
