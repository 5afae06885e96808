import Geometry

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

    /// The estimate at the last sample; a finger that has been still long enough is still.
    private static func trackingVelocity(_ points: [TrackPoint], at t: Double) -> Point {
        let point = trackPoint(points, at: t)
        return t - point.time >= UIKitConstants.stillFingerPause ? .zero : point.velocity
    }

    private static func trackPoint(_ points: [TrackPoint], at t: Double) -> TrackPoint {
        points.last { $0.time <= t } ?? points[0]
    }
}
