import Geometry

/// What the scroll view shows at one instant: the unrounded offset and the zoom scale.
struct Pose: Sendable, Hashable {
    var contentOffset: Point
    var zoomScale: Double
}

/// One piece of an axis' motion after release, in local time from the piece's start.
enum AxisSegment: Sendable, Hashable {
    case hold(Double)
    case deceleration(Deceleration)
    /// The §2.4 bounce of `o` past `edge`; `side` is +1 past the upper edge, −1 before the lower.
    case bounce(edge: Double, side: Double, path: SteppedPath)
    case snapBack(SnapBack)
    case spring(SteppedPath)

    var duration: Double {
        switch self {
        case .hold: 0
        case .deceleration(let d): d.duration
        case .bounce(_, _, let path): path.duration
        case .snapBack(let s): s.duration
        case .spring(let path): path.duration
        }
    }

    func position(at t: Double) -> Double {
        switch self {
        case .hold(let x): x
        case .deceleration(let d): d.position(at: t)
        case .bounce(let edge, let side, let path): edge + side * path.position(at: t)
        case .snapBack(let s): s.position(at: t)
        case .spring(let path): path.position(at: t)
        }
    }

    func velocity(at t: Double) -> Double {
        switch self {
        case .hold: 0
        case .deceleration(let d): d.velocity(at: t)
        case .bounce(_, let side, let path): side * path.velocity(at: t)
        case .snapBack(let s): s.velocity(at: t)
        case .spring(let path): path.velocity(at: t)
        }
    }

    var endPosition: Double { position(at: duration) }
}

/// One axis' motion after release: segments back to back (e.g. deceleration, then bounce).
struct AxisTrajectory: Sendable, Hashable {
    private(set) var segments: [AxisSegment]

    init(_ segments: [AxisSegment]) {
        precondition(!segments.isEmpty, "an axis trajectory needs a segment")
        self.segments = segments
    }

    static func hold(_ x: Double) -> AxisTrajectory { AxisTrajectory([.hold(x)]) }

    var duration: Double { segments.reduce(0) { $0 + $1.duration } }
    var endPosition: Double { segments[segments.count - 1].endPosition }
    var startPosition: Double { segments[0].position(at: 0) }
    var isStill: Bool { duration == 0 && endPosition == startPosition }

    func appending(_ segment: AxisSegment) -> AxisTrajectory {
        AxisTrajectory(segments + [segment])
    }

    func position(at t: Double) -> Double { locate(t) { $0.position(at: $1) } }
    func velocity(at t: Double) -> Double { locate(t) { $0.velocity(at: $1) } }

    /// Reads the segment running at `t`; from the end on, the last segment exactly at its end.
    private func locate(_ t: Double, _ read: (AxisSegment, Double) -> Double) -> Double {
        var start = 0.0
        for segment in segments.dropLast() {
            let end = start + segment.duration
            if t < end { return read(segment, t - start) }
            start = end
        }
        let last = segments[segments.count - 1]
        return read(last, t >= start + last.duration ? last.duration : t - start)
    }
}

/// Motion after a release: each axis on its own, at a fixed zoom (physics.md §2.1 "axes are independent").
struct MomentumMotion: Sendable, Hashable {
    let horizontal: AxisTrajectory
    let vertical: AxisTrajectory
    let zoomScale: Double

    init(horizontal: AxisTrajectory, vertical: AxisTrajectory, zoomScale: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.zoomScale = zoomScale
    }

    init(axes: (Axis) -> AxisTrajectory, zoomScale: Double) {
        self.init(horizontal: axes(.horizontal), vertical: axes(.vertical), zoomScale: zoomScale)
    }

    func trajectory(_ axis: Axis) -> AxisTrajectory { axis == .horizontal ? horizontal : vertical }

    var duration: Double { Swift.max(horizontal.duration, vertical.duration) }
    var isStill: Bool { horizontal.isStill && vertical.isStill }

    func pose(at t: Double) -> Pose {
        Pose(contentOffset: .make { trajectory($0).position(at: t) }, zoomScale: zoomScale)
    }

    func velocity(at t: Double) -> Point { .make { trajectory($0).velocity(at: t) } }
}

/// A pose the finger put the content in, from `time` until the next touch sample.
struct TrackPoint: Sendable, Hashable {
    let time: Double
    let pose: Pose
    /// The release-velocity estimate at this sample (pt/s, content direction).
    let velocity: Point
}

/// How the pose evolves during a phase.
enum Motion: Sendable, Hashable {
    case still(Pose)
    case tracking([TrackPoint])
    case momentum(MomentumMotion)
    case animation(PoseAnimation)
}

/// What a phase means for the delegate: which callbacks end it and which flags it sets.
enum PhaseKind: Sendable, Hashable {
    case idle
    case tracking
    /// Deceleration, bounce, snap-back or paging settle. `announced`: the delegate expects one
    /// `scrollViewDidEndDecelerating` when it ends.
    case deceleration(announced: Bool)
    /// A display-link offset animation: `setContentOffset`/`scrollRectToVisible`, or scroll to top.
    case offsetAnimation(toTop: Bool)
    /// A Core Animation zoom: programmatic, or the bounce back into the zoom limits.
    case zoomAnimation(bounce: Bool)
}

/// A stretch of time with one motion model, from `start` (absolute seconds).
struct Phase: Sendable, Hashable {
    let start: Double
    var kind: PhaseKind
    var motion: Motion

    /// When the motion ends by itself (absolute); infinite for still and tracking phases.
    var naturalEnd: Double {
        switch motion {
        case .still, .tracking: .infinity
        case .momentum(let m): start + m.duration
        case .animation(let a): start + a.duration
        }
    }

    var isMoving: Bool { naturalEnd.isFinite }

    func pose(at t: Double) -> Pose {
        switch motion {
        case .still(let pose): pose
        case .tracking(let points): Self.trackPoint(points, at: t).pose
        case .momentum(let m): m.pose(at: localTime(t, duration: m.duration))
        case .animation(let a): a.pose(at: localTime(t, duration: a.duration))
        }
    }

    func velocity(at t: Double) -> Point {
        switch motion {
        case .still: .zero
        case .tracking(let points): Self.trackingVelocity(points, at: t)
        case .momentum(let m): m.velocity(at: localTime(t, duration: m.duration))
        case .animation(let a): a.velocity(at: localTime(t, duration: a.duration))
        }
    }

    /// Time since the start; exactly `duration` from the natural end on, since (start + d) − start
    /// can fall an ulp short of d and miss the final snap.
    private func localTime(_ t: Double, duration: Double) -> Double {
        t >= start + duration ? duration : t - start
    }

    /// The estimate at the last sample; a finger that has not moved for a whole window is still.
    private static func trackingVelocity(_ points: [TrackPoint], at t: Double) -> Point {
        let point = trackPoint(points, at: t)
        return t - point.time > UIKitConstants.velocitySampleWindow ? .zero : point.velocity
    }

    private static func trackPoint(_ points: [TrackPoint], at t: Double) -> TrackPoint {
        points.last { $0.time <= t } ?? points[0]
    }
}
