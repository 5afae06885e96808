/// `isPagingEnabled`: the page a release settles on and the per-ms spring that takes it there.
public enum Paging {
    /// The page boundary a release at `offset` with `velocity` (pt/s) settles on: the one nearest
    /// to where the deceleration would take it, at most one page from the page the drag began on
    /// (`dragStart`, default: `offset`), clamped to the valid range.
    public static func target(
        offset: Double, velocity: Double, pageSize: Double, lower: Double, upper: Double,
        decayConstant: Double = DecelerationRate.normal.decayConstant, dragStart: Double? = nil
    ) -> Double {
        guard pageSize > 0 else { return offset.clamped(lower, upper) }
        let flings = abs(velocity) > UIKitConstants.minimumDecelerationVelocity
        let projected = flings ? Deceleration.naturalTarget(from: offset, velocity: velocity, decayConstant: decayConstant) : offset
        let startPage = ((dragStart ?? offset) / pageSize).rounded()
        let index = (projected / pageSize).rounded().clamped(startPage - 1, startPage + 1)
        return (index * pageSize).clamped(lower, upper)
    }

    /// Friction per ms of the paging spring for a bounds length `dimension` (pt) along the paging axis.
    static func friction(dimension: Double) -> Double {
        guard dimension <= UIKitConstants.pagingLargeDimension else { return UIKitConstants.pagingLargeFriction }
        return UIKitConstants.pagingFrictionBase + UIKitConstants.pagingFrictionPerPoint * dimension
    }

    /// Pull of the paging spring, per ms² (v in pt/ms), for a bounds length `dimension`.
    static func pull(dimension: Double) -> Double {
        guard dimension <= UIKitConstants.pagingLargeDimension else { return UIKitConstants.pagingLargePull }
        return UIKitConstants.pagingPullBase - UIKitConstants.pagingPullPerPoint * dimension
    }

    /// Longest settle integrated (s); the spring always ends far sooner.
    private static let maximumDuration = 20.0

    /// The spring from `offset` with `velocity` to `target` for pages `dimension` pt long, per
    /// ms (v in pt/ms): v += pull·(target − x); v *= friction; x += v; at rest when |v| ≤ 10 pt/s
    /// and |target − x| ≤ 1 pt.
    static func spring(from offset: Double, velocity: Speed, to target: Double, dimension: Double) -> SteppedPath {
        let dt = UIKitConstants.integrationStep
        let (pull, friction) = (pull(dimension: dimension), friction(dimension: dimension))
        var x = offset
        var v = velocity.pointsPerMillisecond
        var positions = [x]
        var velocities = [velocity.pointsPerSecond]
        while !isSettled(x, Speed(pointsPerMillisecond: v), target), Double(positions.count) * dt < maximumDuration {
            v += pull * (target - x)
            v *= friction
            x += v
            positions.append(x)
            velocities.append(Speed(pointsPerMillisecond: v).pointsPerSecond)
        }
        positions[positions.count - 1] = target
        velocities[velocities.count - 1] = 0
        return SteppedPath(positions: positions, velocities: velocities)
    }

    private static func isSettled(_ x: Double, _ v: Speed, _ target: Double) -> Bool {
        abs(v.pointsPerSecond) <= UIKitConstants.minimumVelocity && abs(target - x) <= UIKitConstants.pagingRestDistance
    }
}
