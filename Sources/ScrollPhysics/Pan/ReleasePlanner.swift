import Geometry

/// What each axis does when the finger lifts: decelerate (bouncing if it crosses an edge), snap back
/// from overscroll, settle on a page, or stay.
struct ReleasePlanner {
    let scrollView: ScrollView
    let pose: Pose
    /// Release velocity, pt/s in content-offset direction.
    let velocity: Point
    let limits: OffsetLimits

    /// The offset where the drag began, which bounds how far a paging release may go.
    let dragStart: Point?

    /// How much farther than the natural deceleration a streak of fast flicks carries (``FlingStreak``).
    let distanceMultiplier: Double

    init(scrollView: ScrollView, pose: Pose, velocity: Point, dragStart: Point? = nil, distanceMultiplier: Double = 1) {
        self.scrollView = scrollView
        self.dragStart = dragStart
        self.distanceMultiplier = distanceMultiplier
        self.pose = pose
        self.velocity = velocity
        limits = OffsetLimits(scrollView, zoomScale: pose.zoomScale)
    }

    private var decayConstant: Double { scrollView.decelerationRate.decayConstant }

    /// `targetContentOffset` as UIKit proposes it: the clamped natural target, or the page.
    var naturalTarget: Point { .make(naturalTarget) }

    /// The motion after the delegate had its say: axes whose target it changed end exactly there.
    func motion(target: Point) -> MomentumMotion {
        let natural = naturalTarget
        return MomentumMotion(
            axes: { trajectory($0, target: target[$0], modified: target[$0] != natural[$0]) },
            zoomScale: pose.zoomScale)
    }

    private func naturalTarget(_ axis: Axis) -> Double {
        let x = pose.contentOffset[axis]
        let v = velocity[axis]
        guard limits.canScroll(axis) else { return limits.clamp(x, axis) }
        if scrollView.isPagingEnabled {
            let page = scrollView.boundsSize[axis]
            return Paging.target(offset: x, velocity: v, pageSize: page, lower: limits.lower[axis], upper: limits.upper[axis],
                                 decayConstant: decayConstant, dragStart: dragStart?[axis])
        }
        let flings = abs(v) > UIKitConstants.minimumDecelerationVelocity
        let free = flings ? x + distanceMultiplier * (Deceleration.naturalTarget(from: x, velocity: v, decayConstant: decayConstant) - x) : x
        return limits.clamp(free, axis)
    }

    private func trajectory(_ axis: Axis, target: Double, modified: Bool) -> AxisTrajectory {
        let x = pose.contentOffset[axis]
        guard limits.canScroll(axis) else { return snapBack(axis) }
        if scrollView.isPagingEnabled { return pagingTrajectory(axis, target: target) }
        if modified {
            let end = scrollView.bounces ? target : limits.clamp(target, axis)
            return decelerate(.toward(end, from: x, velocity: velocity[axis], decayConstant: decayConstant), axis)
        }
        return naturalTrajectory(axis)
    }

    /// Inside the range: a deceleration (bouncing at an edge it crosses) or nothing. Past an edge:
    /// the edge law from the overshoot and the release velocity, unless the fling is inward and
    /// strong enough to carry the content back into the range by itself.
    private func naturalTrajectory(_ axis: Axis) -> AxisTrajectory {
        let x = pose.contentOffset[axis]
        let v = velocity[axis]
        let overscroll = limits.overscroll(x, axis)
        let flings = abs(v) > UIKitConstants.minimumDecelerationVelocity
        let decay = Deceleration(from: x, velocity: v, decayConstant: decayConstant)
        guard overscroll != 0 else { return flings ? decelerate(streaked(decay), axis) : .hold(x) }
        if flings && v.signum != overscroll.signum && abs(decay.endPosition - x) > abs(overscroll) {
            return decelerate(decay, axis)
        }
        return AxisTrajectory([bounce(axis, from: x, side: overscroll.signum, outwardVelocity: overscroll.signum * v)])
    }

    /// The free deceleration carried `distanceMultiplier` times as far (the same λ, a higher start).
    private func streaked(_ decay: Deceleration) -> Deceleration {
        guard distanceMultiplier != 1 else { return decay }
        let x = decay.startPosition
        return .toward(x + distanceMultiplier * (decay.endPosition - x), from: x, velocity: decay.startVelocity, decayConstant: decayConstant)
    }

    /// Back to the edge from rest if outside the range, else stay (also for an axis that cannot
    /// scroll, e.g. content zoomed out below the bounds).
    private func snapBack(_ axis: Axis) -> AxisTrajectory {
        let x = pose.contentOffset[axis]
        let overscroll = limits.overscroll(x, axis)
        guard overscroll != 0 else { return .hold(x) }
        return AxisTrajectory([bounce(axis, from: x, side: overscroll.signum, outwardVelocity: 0)])
    }

    /// A deceleration that bounces (or stops, without `bounces`) at the edge ahead if it crosses
    /// it, and comes back if it ends outside the range anyway (a delegate target out of range).
    private func decelerate(_ decay: Deceleration, _ axis: Axis) -> AxisTrajectory {
        let ahead = decay.startVelocity > 0 ? limits.upper[axis] : limits.lower[axis]
        let x = decay.startPosition
        let startsBeforeEdge = decay.startVelocity > 0 ? x <= ahead : x >= ahead
        if startsBeforeEdge, let crossing = decay.time(toReach: ahead) {
            let cut = decay.truncated(at: crossing, end: ahead)
            guard scrollView.bounces else { return AxisTrajectory([.deceleration(cut)]) }
            let speed = abs(decay.velocity(at: crossing))
            return AxisTrajectory([.deceleration(cut), bounce(axis, from: ahead, side: decay.startVelocity.signum, outwardVelocity: speed)])
        }
        let trajectory = AxisTrajectory([.deceleration(decay)])
        let outside = limits.overscroll(decay.endPosition, axis)
        guard outside != 0 else { return trajectory }
        return trajectory.appending(bounce(axis, from: decay.endPosition, side: outside.signum, outwardVelocity: 0))
    }

    /// The edge law from offset `x` (on or past the edge on `side`: +1 upper, −1 lower) with an
    /// outward velocity in pt/s.
    private func bounce(_ axis: Axis, from x: Double, side: Double, outwardVelocity: Double) -> AxisSegment {
        let edge = side > 0 ? limits.upper[axis] : limits.lower[axis]
        return .edgeBounce(EdgeBounce(edge: edge, side: side, overshoot: abs(x - edge),
                                      outwardVelocity: Speed(pointsPerSecond: outwardVelocity), rate: scrollView.decelerationRate))
    }

    /// The spring starts with the release velocity above the paging fling speed, else from rest
    /// (a guess).
    private func pagingTrajectory(_ axis: Axis, target: Double) -> AxisTrajectory {
        let x = pose.contentOffset[axis]
        let v = velocity[axis]
        let fast = abs(v) > UIKitConstants.minimumPagingVelocity
        guard fast || x != target else { return .hold(x) }
        return AxisTrajectory([.spring(Paging.spring(from: x, velocity: Speed(pointsPerSecond: fast ? v : 0), to: target, dimension: scrollView.boundsSize[axis]))])
    }
}
