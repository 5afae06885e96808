import FileSystem
import Geometry
import FrameSequence
import TextFormat

/// Two sequences compared on their motion alone — every frame's `contentOffset` and `zoomScale`,
/// and the delegate callbacks in order — as a motion golden (a folder holding only
/// `manifest.json`, a few kilobytes) is compared: an iOS team checking its scroll physics needs
/// no pixels. Frame goldens are compared the same way too, whenever both manifests record motion,
/// so that every output can say first what moved.
///
/// The tolerance covers rest: offsets are compared at equal times, the sequence that ends sooner
/// held at its last (resting) frame, so a fling that lasts a frame longer within the tolerance
/// passes. Callbacks are compared by kind and order, each run of per-frame callbacks
/// (`scrollViewDidScroll`, `scrollViewDidZoom`) as one, their numbers within the tolerance.
public struct MotionComparison: Sendable, Hashable, Codable {
    /// How far an offset may part, in points (zoom scales: that over 1000, relative); a callback's
    /// numbers (offsets, targets, locations, and velocities as UIKit passes them, in pt/ms) too.
    public var offsetTolerance: Double
    /// The lengths of the whole sequences (a part's manifest gives its whole sequence's).
    public var expectedFrames: Int
    public var actualFrames: Int
    /// The frames whose motion was compared, by number: every frame of the longer sequence, or —
    /// when a manifest records part of its sequence (`--frames`, `--shard`) — the frames both hold.
    public var comparedFrames: Range<Int>
    /// Set when a manifest holds part of its sequence: the motion of the other frames is unknown.
    public var isPartial: Bool
    /// The first frame that parts beyond the tolerance, if any.
    public var firstParting: Parting?
    /// The largest offset difference of any frame compared, in points.
    public var largestOffsetDifference: Double
    /// The first delegate callback that differs (in kind, or in its numbers), if any.
    public var firstCallbackDifference: CallbackDifference?

    public struct Parting: Sendable, Hashable, Codable {
        /// The frame's number (of the sequence that still moves, when one has come to rest).
        public var index: Int
        public var time: Double
        public var expected: Point
        public var actual: Point
        public var expectedZoomScale: Double
        public var actualZoomScale: Double
    }

    public struct CallbackDifference: Sendable, Hashable, Codable {
        /// Its position among the callbacks of the expected sequence (of the actual one when the
        /// expected has run out), from 0.
        public var position: Int
        /// When it came.
        public var time: Double?
        public var expected: String?
        public var actual: String?
        /// For callbacks of one kind: which number parts ("targetContentOffset expected (0, 400),
        /// actual (0, 410)").
        public var detail: String?
    }

    public init(expected: SequenceManifest, actual: SequenceManifest, offsetTolerance: Double = 0) {
        self.offsetTolerance = offsetTolerance
        expectedFrames = expected.totalFrames
        actualFrames = actual.totalFrames
        isPartial = expected.partial || actual.partial
        largestOffsetDifference = 0
        let pairs: [(SequenceManifest.Frame, SequenceManifest.Frame)]
        if isPartial {
            // A part's other frames are unknown: the frames both hold, by number.
            comparedFrames = Self.held(expected).clamped(to: Self.held(actual))
            let actualByIndex = Dictionary(actual.frames.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
            pairs = expected.frames.filter { comparedFrames.contains($0.index) }.compactMap { e in actualByIndex[e.index].map { (e, $0) } }
        } else {
            pairs = Self.atEqualTimes(expected.frames, actual.frames)
            comparedFrames = pairs.isEmpty ? 0..<0 : 0..<pairs.count
        }
        for (e, a) in pairs {
            let distance = Self.distance(e.contentOffset, a.contentOffset)
            largestOffsetDifference = max(largestOffsetDifference, distance)
            if firstParting == nil, distance > offsetTolerance || !zoomScalesAgree(e.zoomScale, a.zoomScale) {
                let later = e.time >= a.time ? e : a
                firstParting = Parting(index: later.index, time: later.time, expected: e.contentOffset, actual: a.contentOffset,
                                       expectedZoomScale: e.zoomScale, actualZoomScale: a.zoomScale)
            }
        }
        firstCallbackDifference = compareCallbacks(expected.events, actual.events)
    }

    /// Frame pairs at equal times: each frame of either sequence against the other's frame of that
    /// time, a sequence past its end held at its last frame (its rest). Frames come one a 1/fps
    /// apart, so at one frame rate this pairs frame numbers.
    static func atEqualTimes(_ expected: [SequenceManifest.Frame], _ actual: [SequenceManifest.Frame]) -> [(SequenceManifest.Frame, SequenceManifest.Frame)] {
        guard !expected.isEmpty, !actual.isEmpty else { return [] }
        func frame(_ frames: [SequenceManifest.Frame], at time: Double) -> SequenceManifest.Frame {
            // The last frame shown at `time` (a microsecond's grace for rounding), or the first.
            var (low, high) = (0, frames.count)
            while low < high {
                let middle = (low + high) / 2
                if frames[middle].time <= time + 1e-6 { low = middle + 1 } else { high = middle }
            }
            return frames[max(0, low - 1)]
        }
        let times = (expected.map(\.time) + actual.map(\.time)).sorted()
        var pairs: [(SequenceManifest.Frame, SequenceManifest.Frame)] = []
        var last = -Double.infinity
        for time in times where time > last + 1e-6 {
            pairs.append((frame(expected, at: time), frame(actual, at: time)))
            last = time
        }
        return pairs
    }

    /// Offsets part by their larger axis difference.
    static func distance(_ a: Point, _ b: Point) -> Double {
        max(abs(a.x - b.x), abs(a.y - b.y))
    }

    private func zoomScalesAgree(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= max(offsetTolerance / 1000, 1e-9) * max(a, b)
    }

    /// The frames a manifest records motion for, by number.
    private static func held(_ manifest: SequenceManifest) -> Range<Int> {
        manifest.partial ? manifest.frameRange?.frames ?? 0..<0 : 0..<manifest.frameCount
    }

    // MARK: - Callbacks

    /// Callbacks that come every frame while the view moves: a run of them is one step.
    static let perFrameCallbacks: Set<String> = ["scrollViewDidScroll", "scrollViewDidZoom"]

    /// A callback, or a run of per-frame callbacks, with where it starts among the callbacks.
    struct Step {
        var position: Int
        var first: SequenceManifest.Event
        var last: SequenceManifest.Event
        /// The callback's name, or the run's names in order of first appearance.
        var kind: [String]
    }

    static func steps(_ events: [SequenceManifest.Event]) -> [Step] {
        var steps: [Step] = []
        for (position, event) in events.enumerated() {
            if perFrameCallbacks.contains(event.name), var run = steps.last, perFrameCallbacks.contains(run.first.name) {
                run.last = event
                if !run.kind.contains(event.name) { run.kind.append(event.name) }
                steps[steps.count - 1] = run
            } else {
                steps.append(Step(position: position, first: event, last: event, kind: [event.name]))
            }
        }
        return steps
    }

    private func compareCallbacks(_ expected: [SequenceManifest.Event], _ actual: [SequenceManifest.Event]) -> CallbackDifference? {
        let (e, a) = (Self.steps(expected), Self.steps(actual))
        for index in 0..<max(e.count, a.count) {
            let (x, y) = (e[safe: index], a[safe: index])
            guard let x, let y, x.kind == y.kind else {
                return CallbackDifference(position: x?.position ?? y?.position ?? 0, time: x?.first.time ?? y?.first.time,
                                          expected: x.map { $0.kind.joined(separator: "/") }, actual: y.map { $0.kind.joined(separator: "/") })
            }
            if let detail = numbersPart(x, y) {
                return CallbackDifference(position: x.position, time: x.first.time, expected: x.first.name, actual: y.first.name, detail: detail)
            }
        }
        return nil
    }

    /// Which number of two callbacks of one kind parts beyond the tolerance, in words; `nil` when none.
    private func numbersPart(_ e: Step, _ a: Step) -> String? {
        func point(_ name: String, _ x: Point?, _ y: Point?) -> String? {
            switch (x, y) {
            case (nil, nil): return nil
            case let (x?, y?) where Self.distance(x, y) <= offsetTolerance: return nil
            default: return "\(name) expected \(x.map(Self.point) ?? "none"), actual \(y.map(Self.point) ?? "none")"
            }
        }
        func scale(_ name: String, _ x: Double?, _ y: Double?) -> String? {
            switch (x, y) {
            case (nil, nil): return nil
            case let (x?, y?) where zoomScalesAgree(x, y): return nil
            default: return "\(name) expected \(x.map { TextFormat.number($0) } ?? "none"), actual \(y.map { TextFormat.number($0) } ?? "none")"
            }
        }
        // A run: where it starts and where it ends.
        let ends = perFrame(e) ? [(e.first, a.first, "first "), (e.last, a.last, "last ")] : [(e.first, a.first, "")]
        for (x, y, which) in ends {
            if let text = point(which + "contentOffset", x.contentOffset, y.contentOffset) ?? scale(which + "zoomScale", x.zoomScale, y.zoomScale) {
                return text
            }
        }
        let (x, y) = (e.first, a.first)
        if let text = point("targetContentOffset", x.targetContentOffset, y.targetContentOffset)
            ?? point("proposedTargetContentOffset", x.proposedTargetContentOffset, y.proposedTargetContentOffset)
            ?? point("location", x.location, y.location) ?? scale("scale", x.scale, y.scale) {
            return text
        }
        // Velocities as UIKit passes them, in points a millisecond.
        if let text = point("velocity (pt/ms)", x.velocity, y.velocity) { return text }
        if x.willDecelerate != y.willDecelerate {
            return "willDecelerate expected \(x.willDecelerate.map(String.init) ?? "none"), actual \(y.willDecelerate.map(String.init) ?? "none")"
        }
        return nil
    }

    private func perFrame(_ step: Step) -> Bool { Self.perFrameCallbacks.contains(step.first.name) }

    // MARK: - Verdict

    /// Equal where compared. A part passes on the frames it holds; ``isPartial`` says so.
    public var passed: Bool {
        firstParting == nil && firstCallbackDifference == nil && !comparedFrames.isEmpty
    }

    /// Which frames were compared, for a part: "frames 0–0 of 190 compared".
    public var comparedNote: String? {
        guard isPartial else { return nil }
        guard !comparedFrames.isEmpty else { return "no frames compared: the manifests hold no frame in common" }
        return "frames \(comparedFrames.lowerBound)–\(comparedFrames.upperBound - 1) of \(max(expectedFrames, actualFrames)) compared"
    }

    /// Where the motion first parts, in a sentence that leads every output: "motion parts at frame
    /// 3 (t = 0.05 s): contentOffset expected (0, 16.5), actual (0, 17.5)"; `nil` when it does not.
    public var partingSentence: String? {
        guard let parting = firstParting else { return nil }
        return "motion parts at frame \(parting.index) (t = \(TextFormat.number(parting.time, places: 3)) s): contentOffset "
            + "expected \(Self.point(parting.expected)), actual \(Self.point(parting.actual))"
            + (parting.expectedZoomScale == parting.actualZoomScale ? "" :
                ", zoomScale expected \(TextFormat.number(parting.expectedZoomScale)), actual \(TextFormat.number(parting.actualZoomScale))")
    }

    /// The delegate callbacks' difference, in a sentence; `nil` when they agree.
    public var callbackSentence: String? {
        guard let callback = firstCallbackDifference else { return nil }
        let when = callback.time.map { " (t = \(TextFormat.number($0, places: 3)) s)" } ?? ""
        if let detail = callback.detail {
            return "delegate callbacks differ at callback \(callback.position + 1), \(callback.expected ?? "")\(when): \(detail)"
        }
        return "delegate callbacks differ at callback \(callback.position + 1)\(when): expected \(callback.expected ?? "none"), actual \(callback.actual ?? "none")"
    }

    /// One sentence per way the motion differs.
    public var problems: [String] {
        var lines: [String] = []
        if let parting = partingSentence {
            lines.append(parting + "; largest offset difference \(TextFormat.number(largestOffsetDifference, places: 2)) pt")
        }
        if let callbacks = callbackSentence { lines.append(callbacks) }
        return lines
    }

    /// The motion's verdict in one line: what parts first, or that it agrees.
    public var verdict: String {
        if let parting = problems.first { return parting }
        guard !comparedFrames.isEmpty else { return "motion not compared: the two sides hold no frame in common" }
        let frames = "\(comparedFrames.count) \(comparedFrames.count == 1 ? "frame" : "frames")"
        let within = offsetTolerance > 0 ? " within \(TextFormat.number(offsetTolerance)) pt" : ""
        return "motion equal\(within) (\(frames) and the delegate callbacks)"
    }

    /// Said when the sequences last differently but agree: the shorter was held at its rest.
    public var lengthNote: String? {
        guard !isPartial, expectedFrames != actualFrames else { return nil }
        return "note: the motion lasts \(expectedFrames) frames expected, \(actualFrames) actual; offsets were compared at equal times, the shorter held at its rest"
    }

    static func point(_ point: Point) -> String {
        "(\(TextFormat.number(point.x, places: 2)), \(TextFormat.number(point.y, places: 2)))"
    }

    /// Whether both manifests record motion (frames with offsets): what a motion verdict needs.
    public static func recordsMotion(_ expected: SequenceManifest, _ actual: SequenceManifest) -> Bool {
        !expected.frames.isEmpty && !actual.frames.isEmpty
    }

    /// Whether `folder` is a motion golden: a manifest and no frames.
    public static func isMotionGolden(_ folder: String) -> Bool {
        guard FileSystem.isRegularFile(FileSystem.join(folder, "manifest.json")), let names = FileSystem.entries(folder) else { return false }
        return !names.contains { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
