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
        let window = samples.filter { $0.time >= earliest && $0.time <= time }
        guard let first = window.first, let last = window.last, last.time > first.time else { return .zero }
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
