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
