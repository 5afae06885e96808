#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// The finger's release velocity, measured as Apple's iAd scroll view does: (last − first)/Δt over the
/// touch samples of the last 100 ms; zero when fewer than two samples fall in the window.
enum VelocityEstimator {
    /// Finger velocity (pt/s) at `time` from `samples` (in time order).
    static func fingerVelocity(_ samples: [TimedLocation], at time: Double) -> Point {
        let earliest = time - UIKitConstants.velocitySampleWindow - UIKitConstants.timeTolerance
        // From the end back, so that a long drag costs only the window's samples.
        var end = samples.endIndex
        while end > samples.startIndex, samples[end - 1].time > time { end -= 1 }
        var start = end
        while start > samples.startIndex, samples[start - 1].time >= earliest { start -= 1 }
        guard start < end else { return .zero }
        let first = samples[start], last = samples[end - 1]
        guard last.time > first.time else { return .zero }
        return (last.location - first.location) / (last.time - first.time)
    }

    /// A fling in the same direction as the deceleration it interrupted gains
    /// sign·min(0.000816·|v_existing|^1.967, 40000) pt/s per axis (Flutter's fit to iOS).
    static func addingCarriedMomentum(to velocity: Point, from caught: Point) -> Point {
        .make { axis in
            let v = velocity[axis]
            let existing = caught[axis]
            guard abs(v) > UIKitConstants.minimumDecelerationVelocity, existing.signum == v.signum else { return v }
            let carried = UIKitConstants.carriedMomentumCoefficient
                * pow(abs(existing), UIKitConstants.carriedMomentumExponent)
            return v + v.signum * Swift.min(carried, UIKitConstants.carriedMomentumLimit)
        }
    }
}
