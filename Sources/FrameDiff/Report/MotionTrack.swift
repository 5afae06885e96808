import FrameSequence

/// The motion a sequence's manifest records — `contentOffset` and `zoomScale` at every frame, and
/// the delegate callbacks — as the report draws it, from a manifest the one reader read.
struct MotionTrack: Sendable {
    struct Sample: Sendable {
        var time: Double
        var contentOffset: (x: Double, y: Double)
        var zoomScale: Double
    }

    struct Event: Sendable {
        var time: Double
        var name: String
    }

    var frames: [Sample]
    var events: [Event]

    static let empty = MotionTrack(frames: [], events: [])

    init(frames: [Sample], events: [Event]) {
        (self.frames, self.events) = (frames, events)
    }

    /// The motion of `manifest`.
    init(_ manifest: SequenceManifest) {
        frames = manifest.frames.map { Sample(time: $0.time, contentOffset: ($0.contentOffset.x, $0.contentOffset.y), zoomScale: $0.zoomScale) }
        events = manifest.events.map { Event(time: $0.time, name: $0.name) }
    }
}
