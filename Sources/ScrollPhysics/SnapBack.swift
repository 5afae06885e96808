#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How content released outside an edge returns to it (physics.md §2.5). The choice is made in
/// one place, ``preferred``; ``SimulationOptions/snapBackModel`` can swap it per simulation.
public enum SnapBackModel: Sendable, Hashable, CaseIterable {
    /// x = x₀(1 + 3.8t)e^(−11t): critically damped, fitted to the recorded iOS trace (max error 0.62 pt).
    case criticallyDamped
    /// x = x₀e^(−8t): IAD's return rule in continuous form (max error 3.2 pt).
    case exponential

    /// physics.md §2.5 recommends the first row.
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

/// A snap-back in closed form from `edge + displacement` to `edge`.
struct SnapBack: Sendable, Hashable {
    let edge: Double
    let displacement: Double
    let model: SnapBackModel
    /// When the overscroll falls below ``UIKitConstants/snapBackRestDistance``; the view then snaps.
    let duration: Double

    init(edge: Double, displacement: Double, model: SnapBackModel) {
        self.edge = edge
        self.displacement = displacement
        self.model = model
        duration = Self.restTime(displacement: abs(displacement), model: model)
    }

    func position(at t: Double) -> Double {
        t >= duration ? edge : edge + displacement * model.remainingFraction(at: Swift.max(0, t))
    }

    func velocity(at t: Double) -> Double {
        t >= duration || t < 0 ? 0 : displacement * model.fractionRate(at: t)
    }

    /// Solves |x₀|·fraction(t) = rest distance by bisection (the fraction is monotone).
    private static func restTime(displacement: Double, model: SnapBackModel) -> Double {
        let threshold = UIKitConstants.snapBackRestDistance / displacement
        guard threshold < 1 else { return 0 }
        var upper = 1.0
        while model.remainingFraction(at: upper) > threshold { upper *= 2 }
        var lower = 0.0
        for _ in 0..<64 {
            let middle = (lower + upper) / 2
            if model.remainingFraction(at: middle) > threshold { lower = middle } else { upper = middle }
        }
        return upper
    }
}
