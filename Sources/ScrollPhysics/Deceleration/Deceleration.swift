#if canImport(Glibc)
import Glibc
#endif

/// One axis of UIKit's deceleration after a fling. UIKit steps it every millisecond (v ← r·v,
/// x ← x + v, v in pt/ms), which sums in closed form, exact at any frame rate, to
/// x(t) = x₀ + v₀·k·(1 − e^(−λt)), v(t) = v₀e^(−λt), with λ = −1000·ln r and the reach
/// k = r/(1000·(1 − r)) s — 0.1 % short of the continuous 1/λ at the normal rate. It ends when |v|
/// reaches 10 pt/s. Recorded: four flicks of one take fit the per-millisecond sum with the
/// recognizer's release velocity to 1–2 pt/s, where 1/λ needs 4.5–7.5 pt/s less, and the rests of
/// three other recordings lay 1.7–2.1 pt short of x₀ + (v₀ − 10)/λ.
public struct Deceleration: Sendable, Hashable {
    public let startPosition: Double
    public let startVelocity: Double
    public let decayConstant: Double
    /// How far 1 pt/s of start velocity carries (s): k = 1/(1000·(e^(λ/1000) − 1)).
    public let reach: Double
    /// When the motion ends (s), normally where |v| = ``UIKitConstants/minimumVelocity``.
    public let duration: Double
    /// Where it ends: x₀ + sign(v₀)(|v₀| − 10)·k, or a delegate's target exactly.
    public let endPosition: Double

    /// The natural deceleration from a release at `x0` with velocity `v0` (pt/s).
    public init(from x0: Double, velocity v0: Double, decayConstant λ: Double) {
        let vMin = UIKitConstants.minimumVelocity
        let k = Self.reach(decayConstant: λ)
        startPosition = x0
        startVelocity = v0
        decayConstant = λ
        reach = k
        duration = abs(v0) > vMin ? log(abs(v0) / vMin) / λ : 0
        endPosition = abs(v0) > vMin ? x0 + v0.signum * (abs(v0) - vMin) * k : x0
    }

    private init(x0: Double, v0: Double, λ: Double, duration: Double, end: Double) {
        startPosition = x0
        startVelocity = v0
        decayConstant = λ
        reach = Self.reach(decayConstant: λ)
        self.duration = duration
        endPosition = end
    }

    /// The distance per pt/s of start velocity that UIKit's per-millisecond steps add up to:
    /// Σ r^n/1000 over n ≥ 1, r = e^(−λ/1000).
    public static func reach(decayConstant λ: Double) -> Double {
        1 / (1000 * expm1(λ / 1000))
    }

    /// `targetContentOffset` as UIKit proposes it, before clamping: x₀ + sign(v₀)(|v₀| − 10)/λ
    /// (recorded by others to 0.17 pt); its per-millisecond motion stops 0.1 % short of it.
    public static func naturalTarget(from x0: Double, velocity v0: Double, decayConstant λ: Double) -> Double {
        guard abs(v0) > UIKitConstants.minimumVelocity else { return x0 }
        return x0 + v0.signum * (abs(v0) - UIKitConstants.minimumVelocity) / λ
    }

    /// A deceleration that ends exactly at `target`, as UIKit does when the delegate changes
    /// `targetContentOffset` (the rule of Apple's iAd scroll view, in per-millisecond form):
    /// further than the natural end keeps λ and raises v₀ to sign·VMIN + e/k; shorter keeps v₀ and
    /// takes the rate whose reach is |e|/(|v₀| − VMIN). A target behind the motion (or from rest)
    /// uses the first rule with the sign of e.
    public static func toward(_ target: Double, from x0: Double, velocity v0: Double, decayConstant λ: Double)
        -> Deceleration
    {
        let e = target - x0
        let vMin = UIKitConstants.minimumVelocity
        guard e != 0 else { return Deceleration(from: x0, velocity: 0, decayConstant: λ) }
        let natural = Deceleration(from: x0, velocity: v0, decayConstant: λ)
        let sameDirection = abs(v0) > vMin && e.signum == v0.signum
        if sameDirection && abs(e) < abs(natural.endPosition - x0) {
            let shorter = 1000 * log1p((abs(v0) - vMin) / (1000 * abs(e)))
            return Deceleration(x0: x0, v0: v0, λ: shorter, duration: log(abs(v0) / vMin) / shorter, end: target)
        }
        let v = e.signum * vMin + e / reach(decayConstant: λ)
        return Deceleration(x0: x0, v0: v, λ: λ, duration: log(abs(v) / vMin) / λ, end: target)
    }

    public func position(at t: Double) -> Double {
        guard t < duration else { return endPosition }
        guard t > 0 else { return startPosition }
        return startPosition + startVelocity * reach * -expm1(-decayConstant * t)
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
        let fraction = 1 - distance / (startVelocity * reach)
        guard fraction > 0 else { return nil }
        return Swift.min(duration, -log(fraction) / decayConstant)
    }

    /// The same motion cut short at `t`, ending at `end` (an edge it crossed).
    func truncated(at t: Double, end: Double) -> Deceleration {
        Deceleration(x0: startPosition, v0: startVelocity, λ: decayConstant, duration: t, end: end)
    }
}
