import Geometry

/// A stretch of time with one motion model, from `start` (absolute seconds).
struct Phase: Sendable, Hashable {
    let start: Double
    var kind: PhaseKind
    var motion: Motion
    /// The display rate (Hz) whose ticks drive momentum: UIKit's display link sees that a
    /// deceleration or bounce has settled at the first tick after it has, and writes the rest
    /// there (recorded: the resting write shares its instant with the last tick's).
    var tickRate = 60.0

    /// When the motion ends by itself (absolute); infinite for still and tracking phases.
    var naturalEnd: Double {
        switch motion {
        case .still, .tracking: .infinity
        case .momentum(let m): Self.tick(atOrAfter: start + m.duration, rate: tickRate)
        case .animation(let a): start + a.duration
        }
    }

    /// The first display tick (k / rate) at or after `t`.
    static func tick(atOrAfter t: Double, rate: Double) -> Double {
        (t * rate - UIKitConstants.timeTolerance * rate).rounded(.up) / rate
    }

    /// The last display tick (k / rate) at or before `t`.
    static func tick(atOrBefore t: Double, rate: Double) -> Double {
        (t * rate + UIKitConstants.timeTolerance * rate).rounded(.down) / rate
    }

    /// The last display tick (k / rate) strictly before `t`.
    static func tick(before t: Double, rate: Double) -> Double {
        tick(atOrAfter: t, rate: rate) - 1 / rate
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
