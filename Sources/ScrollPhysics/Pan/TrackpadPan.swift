import Geometry

/// A two-finger pan on a trackpad, as a timeline step gives it (see ``PanInput/trackpad``).
/// Translations have a finger's sign: moving the fingers up (negative y) scrolls toward the end
/// of the content, as a touch drag's translation does.
public enum TrackpadPan: Sendable, Hashable, Codable {
    /// The pan's cumulative translation (pt) at times (s) from the gesture's first sample, as a
    /// recording gives it; the fingers lift at the last sample.
    case path([TimedPoint])
    /// A flick released at this velocity (pt/s, content-offset direction).
    case fling(velocity: Point)
    /// The fingers move by `translation` over `duration` seconds (`nil`: a natural pace), hold
    /// still for `hold` seconds and lift without velocity.
    case drag(translation: Point, hold: Double, duration: Double?)
}

extension TouchScript {
    /// A trackpad pan's events: UIKit receives one per display frame, so samples within a frame
    /// coalesce into its last, and each takes its frame's time counted from the first movement
    /// (recorded on iPadOS: the recognizer's velocities fit whole-frame intervals to 0.15 pt/s,
    /// where the write times jitter by a fraction of a millisecond). The pan starts at
    /// translation 0 at the first sample's time; further samples at translation 0 before the first
    /// movement keep their own times: the fingers resting, until the movement begins.
    static func trackpad(_ points: [TimedPoint], frameRate: Double) -> TouchScript {
        guard let first = points.first else { return TouchScript(samples: []) }
        let moving = points.firstIndex { $0.location != .zero } ?? points.count
        var still = first.location == .zero ? Array(points[1..<moving]) : []
        var frames: [TimedPoint] = first.location == .zero ? [] : [first]
        let anchor = frames.first?.time ?? points.dropFirst(1 + still.count).first?.time ?? first.time
        for point in points.dropFirst(1 + still.count) {
            let time = anchor + ((point.time - anchor) * frameRate).rounded() / frameRate
            let framed = TimedPoint(time: time, location: point.location)
            if let last = frames.last, abs(last.time - time) < 0.5 / frameRate {
                frames[frames.count - 1] = framed
            } else {
                frames.append(framed)
            }
        }
        let lift = frames.popLast() ?? still.popLast() ?? TimedPoint(time: first.time, location: .zero)
        var samples = [TouchSample(time: first.time, phase: .began, locations: [.zero])]
        samples += (still + frames).map { TouchSample(time: $0.time, phase: .moved, locations: [$0.location]) }
        samples.append(TouchSample(time: lift.time, phase: .ended, locations: [lift.location]))
        return TouchScript(samples: samples)
    }
}
