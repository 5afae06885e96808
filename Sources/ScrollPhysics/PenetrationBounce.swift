#if canImport(Glibc)
import Glibc
#endif

/// The bounce of content that is outside an edge: how a fling that crosses an edge overshoots and
/// comes back, and how content released outside an edge while moving outward returns. It is the
/// "penetration" model of Apple's iAd scroll view, integrated per millisecond from the moment the
/// motion crossed the edge (or was released outside it).
///
/// Works in edge coordinates: `o` is the distance outside (≥ 0), `w` the outward velocity (pt/s).
/// The overshoot is not passed through the rubber band, as UIKit does not.
enum PenetrationBounce {
    /// Longest bounce integrated (s); the model always ends long before this.
    private static let maximumDuration = 20.0

    /// The path of `o` from `overscroll` with outward velocity `outwardVelocity`, ending at 0.
    static func path(overscroll: Double, outwardVelocity: Double, rate: DecelerationRate) -> SteppedPath {
        let dt = UIKitConstants.integrationStep
        let friction = pow(rate.rawValue, 1000 * dt)
        var o = overscroll
        var w = outwardVelocity
        var positions = [o]
        var velocities = [w]
        while !isAtRest(o, w), Double(positions.count) * dt < maximumDuration {
            w *= friction
            o += w * dt
            w = w > 0 ? w - UIKitConstants.penetrationDeceleration * o * dt : -UIKitConstants.penetrationAcceleration * o
            positions.append(o)
            velocities.append(w)
        }
        positions[positions.count - 1] = 0
        velocities[velocities.count - 1] = 0
        return SteppedPath(positions: positions, velocities: velocities)
    }

    /// The bounce ends when |w| ≤ 10 pt/s and o < 0.5 pt; the content then snaps to the edge.
    private static func isAtRest(_ o: Double, _ w: Double) -> Bool {
        abs(w) <= UIKitConstants.minimumVelocity && o < UIKitConstants.bounceRestDistance
    }
}
