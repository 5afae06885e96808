#if canImport(Glibc)
import Glibc
#endif

/// Content outside an edge after the finger lifts — a fling that crossed the edge, or a release
/// past it — and how it comes back. One law, recorded on iOS, in edge coordinates with t in ms:
///
///     o(t) = 0.99^t · (o₀ + v·r(1 − r^t)/(1 − r))
///
/// o₀ is the overshoot at the start, v the outward velocity then (pt/ms), r the
/// `decelerationRate`. The 0.99/ms spring does not depend on r, and the overshoot is not passed
/// through the rubber band. When o falls below 0.5 pt the content snaps to the edge.
struct EdgeBounce: Sendable, Hashable {
    /// The edge's offset, and which side the content is on: +1 past the upper edge, −1 before the lower.
    let edge: Double
    let side: Double
    let law: OvershootLaw
    /// Seconds until the overshoot falls below the snap distance.
    let duration: Double

    init(edge: Double, side: Double, overshoot: Double, outwardVelocity: Speed, rate: DecelerationRate) {
        (self.edge, self.side) = (edge, side)
        law = OvershootLaw(start: max(0, overshoot), velocity: outwardVelocity.pointsPerMillisecond, rate: rate.rawValue)
        duration = law.snapTime() / 1000
    }

    func position(at t: Double) -> Double {
        guard t < duration else { return edge }
        return edge + side * max(0, law.overshoot(atMilliseconds: t * 1000))
    }

    /// pt/s in content-offset direction.
    func velocity(at t: Double) -> Double {
        guard t < duration else { return 0 }
        return side * law.outwardSpeed(atMilliseconds: t * 1000) * 1000
    }
}

/// o(t) = s^t · (o₀ + v·r(1 − r^t)/(1 − r)) with s = ``UIKitConstants/edgeSpringFactor``, t in ms.
struct OvershootLaw: Sendable, Hashable {
    let start: Double
    /// Outward, pt/ms.
    let velocity: Double
    let rate: Double

    /// The travel the velocity adds at most, v·r/(1 − r).
    private var reach: Double { velocity * rate / (1 - rate) }

    func overshoot(atMilliseconds ms: Double) -> Double {
        pow(UIKitConstants.edgeSpringFactor, ms) * (start + reach * (1 - pow(rate, ms)))
    }

    /// do/dt, pt/ms.
    func outwardSpeed(atMilliseconds ms: Double) -> Double {
        let spring = UIKitConstants.edgeSpringFactor
        let decay = pow(spring, ms)
        return decay * (log(spring) * (start + reach * (1 - pow(rate, ms))) - reach * log(rate) * pow(rate, ms))
    }

    /// When o falls below the snap distance for good (ms): it rises while the velocity carries it
    /// out, then falls, so one bisection past the peak finds it.
    func snapTime() -> Double {
        let peak = outwardSpeed(atMilliseconds: 0) > 0 ? Self.lastTime(from: 0) { outwardSpeed(atMilliseconds: $0) > 0 } : 0
        guard overshoot(atMilliseconds: peak) >= UIKitConstants.edgeSnapDistance else { return peak }
        return Self.lastTime(from: peak) { overshoot(atMilliseconds: $0) >= UIKitConstants.edgeSnapDistance }
    }

    /// Where `holds`, true at `start`, turns false (to 1e-9 ms); it must do so within a minute.
    private static func lastTime(from start: Double, _ holds: (Double) -> Bool) -> Double {
        var low = start, high = start + 1
        while holds(high) && high < 60_000 { (low, high) = (high, 2 * high) }
        while high - low > 1e-9 {
            let middle = (low + high) / 2
            if holds(middle) { low = middle } else { high = middle }
        }
        return high
    }
}
