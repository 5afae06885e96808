/// `isPagingEnabled`: the page a release settles on and the per-ms spring that takes it there (the
/// paging model of Apple's iAd scroll view).
public enum Paging {
    /// The page boundary a release at `offset` with `velocity` (pt/s) settles on: the adjacent one
    /// in the motion direction above 300 pt/s, else the nearest, clamped to the valid range.
    public static func target(
        offset: Double, velocity: Double, pageSize: Double, lower: Double, upper: Double
    ) -> Double {
        guard pageSize > 0 else { return offset.clamped(lower, upper) }
        let page = offset / pageSize
        let index: Double
        if abs(velocity) > UIKitConstants.minimumPagingVelocity {
            index = velocity > 0 ? page.rounded(.up) : page.rounded(.down)
        } else {
            index = page.rounded()
        }
        return (index * pageSize).clamped(lower, upper)
    }

    /// Longest settle integrated (s); the spring always ends far sooner.
    private static let maximumDuration = 20.0

    /// The spring from `offset` with `velocity` (pt/s) to `target`, per ms:
    /// v += 0.36·(target − x); v *= 0.9668; x += v/1000; at rest when |v| ≤ 10 and |target − x| ≤ 1.
    static func spring(from offset: Double, velocity: Double, to target: Double) -> SteppedPath {
        let dt = UIKitConstants.integrationStep
        var x = offset
        var v = velocity
        var positions = [x]
        var velocities = [v]
        while !isSettled(x, v, target), Double(positions.count) * dt < maximumDuration {
            v += UIKitConstants.pagingSpringPull * (target - x)
            v *= UIKitConstants.pagingFriction
            x += v * dt
            positions.append(x)
            velocities.append(v)
        }
        positions[positions.count - 1] = target
        velocities[velocities.count - 1] = 0
        return SteppedPath(positions: positions, velocities: velocities)
    }

    private static func isSettled(_ x: Double, _ v: Double, _ target: Double) -> Bool {
        abs(v) <= UIKitConstants.minimumVelocity && abs(target - x) <= UIKitConstants.pagingRestDistance
    }
}
