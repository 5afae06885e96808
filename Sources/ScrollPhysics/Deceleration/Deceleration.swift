#if canImport(Glibc)
import Glibc
#endif

/// One axis of UIKit's deceleration after a fling, in closed form so that it is exact at any frame
/// rate: x(t) = x₀ + (v₀/λ)(1 − e^(−λt)), v(t) = v₀e^(−λt), ending when |v| reaches 10 pt/s.
public struct Deceleration: Sendable, Hashable {
    public let startPosition: Double
    public let startVelocity: Double
    public let decayConstant: Double
    /// When the motion ends (s), normally where |v| = ``UIKitConstants/minimumVelocity``.
    public let duration: Double
    /// Where it ends; exactly the target, so no rounding drift creeps into the rest offset.
    public let endPosition: Double

    /// The natural deceleration from a release at `x0` with velocity `v0` (pt/s).
    public init(from x0: Double, velocity v0: Double, decayConstant λ: Double) {
        let vMin = UIKitConstants.minimumVelocity
        startPosition = x0
        startVelocity = v0
        decayConstant = λ
        duration = abs(v0) > vMin ? log(abs(v0) / vMin) / λ : 0
        endPosition = abs(v0) > vMin ? Self.naturalTarget(from: x0, velocity: v0, decayConstant: λ) : x0
    }

    private init(x0: Double, v0: Double, λ: Double, duration: Double, end: Double) {
        startPosition = x0
        startVelocity = v0
        decayConstant = λ
        self.duration = duration
        endPosition = end
    }

    /// `targetContentOffset` before clamping: x₀ + sign(v₀)(|v₀| − 10)/λ, where the motion stops.
    public static func naturalTarget(from x0: Double, velocity v0: Double, decayConstant λ: Double) -> Double {
        guard abs(v0) > UIKitConstants.minimumVelocity else { return x0 }
        return x0 + v0.signum * (abs(v0) - UIKitConstants.minimumVelocity) / λ
    }

    /// A deceleration that ends exactly at `target`, as UIKit does when the delegate changes
    /// `targetContentOffset` (the rule of Apple's iAd scroll view): further than the natural target
    /// keeps λ and raises v₀ to sign·VMIN + λ·e; shorter keeps v₀ and uses λ' = (|v₀| − VMIN)/|e|.
    /// A target behind the motion (or from rest) uses the first rule with the sign of e.
    public static func toward(_ target: Double, from x0: Double, velocity v0: Double, decayConstant λ: Double)
        -> Deceleration
    {
        let e = target - x0
        let vMin = UIKitConstants.minimumVelocity
        guard e != 0 else { return Deceleration(from: x0, velocity: 0, decayConstant: λ) }
        let natural = naturalTarget(from: x0, velocity: v0, decayConstant: λ)
        let sameDirection = abs(v0) > vMin && e.signum == v0.signum
        if sameDirection && abs(target - x0) < abs(natural - x0) {
            let shorter = (abs(v0) - vMin) / abs(e)
            return Deceleration(x0: x0, v0: v0, λ: shorter, duration: log(abs(v0) / vMin) / shorter, end: target)
        }
        let v = e.signum * vMin + λ * e
        return Deceleration(x0: x0, v0: v, λ: λ, duration: log(abs(v) / vMin) / λ, end: target)
    }

    public func position(at t: Double) -> Double {
        guard t < duration else { return endPosition }
        guard t > 0 else { return startPosition }
        return startPosition + startVelocity / decayConstant * (1 - exp(-decayConstant * t))
    }

    public func velocity(at t: Double) -> Double {
        guard t < duration, t >= 0 else { return 0 }
        return startVelocity * exp(-decayConstant * t)
    }

    /// The instant the motion reaches `edge`, if it crosses it before stopping.
    func time(toReach edge: Double) -> Double? {
        let distance = edge - startPosition
        guard distance.signum == startVelocity.signum || distance == 0 else { return nil }
        guard abs(endPosition - startPosition) > abs(distance) else { return nil }
        let fraction = 1 - distance * decayConstant / startVelocity
        guard fraction > 0 else { return nil }
        return Swift.min(duration, -log(fraction) / decayConstant)
    }

    /// The same motion cut short at `t`, ending at `end` (an edge it crossed).
    func truncated(at t: Double, end: Double) -> Deceleration {
        Deceleration(x0: startPosition, v0: startVelocity, λ: decayConstant, duration: t, end: end)
    }
}
