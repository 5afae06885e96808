import Geometry
import ScrollPhysics
import TextFormat

/// How a rendered sequence's motion compares with offsets recorded on a device: per gesture, the
/// offset at release, the travel after it and the dragging writes; then the resting offset, the
/// peak past it, the path after each release and when the last write came.
///
/// Times are compared as equal: the recording's clock maps onto the model's where the first drag
/// began (UIKit's first dragging write, the model's `scrollViewWillBeginDragging`, both on a
/// display tick), then every dragging write of the take is compared after one constant shift
/// within ``shiftWindow`` (``draggingShift``), and the path after each release after its own
/// best shift. A recording without phases is aligned at its release instead. A recording cut
/// before its rest (``RecordedMotion/endsBeforeRest``) is compared up to its last row, at that
/// row's time: its "rest" is that row, and nothing after it is compared.
public struct RecordedMotionComparison: Sendable {
    /// One gesture's numbers (offsets in points, vertical unless the recording has `offsetX`).
    public struct GestureComparison: Sendable, Hashable, Codable {
        public var recordedOffsetAtRelease: Double
        public var modelOffsetAtRelease: Double
        public var recordedTravel: Double
        public var modelTravel: Double
        /// The largest distance between recorded and model dragging writes, after the best shift.
        public var draggingError: Double
        /// The largest distance of the path after release (relative to the release offsets).
        public var pathError: Double
        /// The shift (s) that fits the path best: positive when the model is later.
        public var pathShift: Double
    }

    public var gestures: [GestureComparison]
    /// The one shift (s) of the model's time that fits every dragging write of the take best:
    /// positive when the model is later.
    public var draggingShift: Double
    /// Whether the recording was cut before its rest: the rest and the peak are at and up to its
    /// last row, and the last write is the last up to that row's time.
    public var endsBeforeRest: Bool
    /// The recording's view and the render's, when they differ ("420×912 @3x" against "402×874 @3x").
    public var recordedView: String?
    public var renderedView: String?
    public var recordedRest: Double
    public var modelRest: Double
    /// The farthest the motion went past its resting offset after the last release.
    public var recordedPeakPastRest: Double
    public var modelPeakPastRest: Double
    /// From the last release to the last write that changed the offset (s).
    public var recordedLastWrite: Double
    public var modelLastWrite: Double

    /// How far a constant shift may move the model's time to fit: less than a 60-Hz frame.
    public static let shiftWindow = 0.016

    /// A model offset: the write in effect at an instant, or the path through the writes.
    private struct Series {
        let times: [Double]
        let offsets: [Point]

        func written(at t: Double) -> Point { offsets[index(atOrBefore: t)] }

        func path(at t: Double) -> Point {
            let i = index(atOrBefore: t)
            guard i + 1 < times.count, t > times[i] else { return offsets[i] }
            let f = (t - times[i]) / (times[i + 1] - times[i])
            return offsets[i] + (offsets[i + 1] - offsets[i]) * f
        }

        private func index(atOrBefore t: Double) -> Int { times.lastIndex(atOrBefore: t) { $0 } }
    }

    /// Compares `recorded` with the motion `manifest` describes; `release` is the recorded release
    /// instant when the recording has no `phase` column.
    public init(recorded: RecordedMotion, manifest: Manifest, release: Double? = nil) throws(ScrollRenderError) {
        let view = manifest.settings.scrollView
        try self.init(recorded: recorded, events: manifest.events, start: manifest.frames.first?.contentOffset,
                      displayRate: view.displayRate, view: (view.boundsSize, view.displayScale), release: release)
    }

    /// Compares `recorded` with the model's delegate callbacks (every `scrollViewDidScroll` a
    /// write), as a manifest or a conformance vector holds them; `start` is the offset before the
    /// first write (the first frame's); `clock` is the model's time minus the recording's when it
    /// is known (a conformance vector's offsets are logged on the model's clock), else found.
    public init(recorded: RecordedMotion, events: [Manifest.Event], start: Point?, displayRate: Double, view rendered: (Size, Double),
                release: Double? = nil, clock knownClock: Double? = nil) throws(ScrollRenderError) {
        let usesX = recorded.writes.contains { $0.offset.x != 0 }
        func axis(_ p: Point) -> Point { usesX ? p : Point(x: 0, y: p.y) }
        func value(_ p: Point) -> Double { usesX ? p.length : p.y }
        let didScroll = events.filter { $0.name == "scrollViewDidScroll" }
        let start = start ?? didScroll.first?.contentOffset ?? .zero
        let releases = events.filter { $0.name == "scrollViewWillEndDragging" }
        let model = Self.series(start: start, didScroll: didScroll, releases: releases, rate: displayRate, axis: axis)
        let begins = events.filter { $0.name == "scrollViewWillBeginDragging" }.map(\.time)
        var runs = recorded.gestures
        if !recorded.hasPhases {
            guard let release else { throw .cannotCompareMotion(.releaseUnknown) }
            let writes = recorded.writes.first!.time...recorded.writes.last!.time
            guard release.isFinite, writes.contains(release) else { throw .beyondInput(.release(release, writes: writes)) }
            let last = recorded.writes.lastIndex { $0.time <= release } ?? 0
            runs = [0..<(last + 1)]
        }
        guard !runs.isEmpty else { throw .cannotCompareMotion(.noDraggingWrites) }
        guard !releases.isEmpty else { throw .cannotCompareMotion(.noRenderedRelease) }
        let writes = recorded.writes
        let offsets = writes.map { axis($0.offset) }
        let releaseOf = { (index: Int) in writes[runs[index].upperBound - 1].time }
        // The recording's time + clock = the model's: where the first drag began, or (without
        // phases) at the release.
        let clock = knownClock ?? (recorded.hasPhases && !begins.isEmpty ? begins[0] - writes[runs[0].lowerBound].time : releases[0].time - releaseOf(0))
        let count = Swift.min(runs.count, releases.count)
        let dragging = (0..<count).map { index in runs[index].map { (time: writes[$0].time + clock, offset: offsets[$0]) } }
        let fit = Self.bestShift(dragging.flatMap { $0 }) { model.written(at: $0) }
        draggingShift = fit.shift
        endsBeforeRest = recorded.endsBeforeRest
        // The model's write of the last row's frame: UIKit writes on a display tick, within a
        // millisecond or so of where the model's falls.
        let cut = writes[writes.count - 1].time + clock + fit.shift + 0.5 / displayRate
        gestures = (0..<count).map { index in
            let run = runs[index]
            let end = index + 1 < runs.count ? runs[index + 1].lowerBound : writes.count
            let nextBegin = begins.first { $0 > releases[index].time }
            let modelEnd = index + 1 < count ? nextBegin.map { $0 - 1e-9 } ?? .infinity : recorded.endsBeforeRest ? cut : .infinity
            let modelRelease = axis(releases[index].contentOffset)
            let after = (run.upperBound..<end).map { (writes[$0].time + clock, offsets[$0] - offsets[run.upperBound - 1]) }
            let (pathError, shift) = Self.bestShift(after) { model.path(at: $0) - modelRelease }
            let draggingError = dragging[index].map { (model.written(at: $0.time + fit.shift) - $0.offset).length }.max() ?? 0
            return GestureComparison(
                recordedOffsetAtRelease: value(offsets[run.upperBound - 1]), modelOffsetAtRelease: value(modelRelease),
                recordedTravel: value(offsets[end - 1] - offsets[run.upperBound - 1]),
                modelTravel: value(model.written(at: modelEnd) - modelRelease),
                draggingError: draggingError, pathError: pathError, pathShift: shift)
        }
        let lastReleaseWrite = runs[count - 1].upperBound - 1
        let lastRelease = writes[lastReleaseWrite].time
        let modelLastRelease = releases[count - 1].time
        // Up to the last row when the recording was cut there; the model's last write otherwise.
        let modelLimit = recorded.endsBeforeRest ? cut : .infinity
        let (restRecorded, restModel) = (offsets[offsets.count - 1], model.written(at: modelLimit))
        recordedRest = value(restRecorded)
        modelRest = value(restModel)
        let direction = restRecorded - offsets[lastReleaseWrite]
        recordedPeakPastRest = Self.peak(offsets.indices.filter { writes[$0].time > lastRelease }.map { offsets[$0] - restRecorded }, direction)
        modelPeakPastRest = Self.peak(model.times.indices.filter { model.times[$0] > modelLastRelease && model.times[$0] <= modelLimit }
            .map { model.offsets[$0] - restModel }, direction)
        let recordedChange = offsets.indices.last { $0 > 0 && offsets[$0] != offsets[$0 - 1] }.map { writes[$0].time } ?? lastRelease
        recordedLastWrite = Swift.max(0, recordedChange - lastRelease)
        // From the same instant: the recorded release, on the model's clock (a cut recording's last
        // row is its last write; the model's is the last at or before that row's frame).
        let modelChange = didScroll.last { $0.time <= modelLimit }?.time ?? modelLastRelease
        modelLastWrite = Swift.max(0, modelChange - (lastRelease + clock + fit.shift))
        if let view = recorded.view, view.size != rendered.0 || view.scale != rendered.1 {
            recordedView = Self.describe(view.size, view.scale)
            renderedView = Self.describe(rendered.0, rendered.1)
        }
    }

    /// The model's writes, and at each release the offset again a display frame before the first
    /// write after it: the model's momentum counts from there (its first write moves a whole
    /// frame), so the path between the release and that write is not a straight line from the
    /// release's write.
    private static func series(start: Point, didScroll: [Manifest.Event], releases: [Manifest.Event], rate: Double, axis: (Point) -> Point) -> Series {
        var points = [(time: 0.0, offset: start)] + didScroll.map { (time: $0.time, offset: $0.contentOffset) }
        for release in releases {
            guard let next = points.firstIndex(where: { $0.time > release.time }) else { continue }
            let clock = points[next].time - 1 / rate
            if clock > points[next - 1].time { points.insert((clock, release.contentOffset), at: next) }
        }
        return Series(times: points.map(\.time), offsets: points.map { axis($0.offset) })
    }

    /// "420×912 @3x".
    private static func describe(_ size: Size, _ scale: Double) -> String {
        "\(TextFormat.number(size.width))×\(TextFormat.number(size.height)) @\(TextFormat.number(scale))x"
    }

    /// The farthest past the rest in the direction of travel (0 if the motion never passed it).
    private static func peak(_ pastRest: [Point], _ direction: Point) -> Double {
        let length = direction.length
        guard length > 0 else { return 0 }
        return pastRest.map { ($0.x * direction.x + $0.y * direction.y) / length }.max().map { Swift.max(0, $0) } ?? 0
    }

    /// The smallest largest error over shifts of the model's time within the window, and that shift.
    private static func bestShift(_ samples: [(time: Double, offset: Point)], model: (Double) -> Point) -> (error: Double, shift: Double) {
        guard !samples.isEmpty else { return (0, 0) }
        var best = (error: Double.infinity, shift: 0.0)
        for step in -32...32 {
            let shift = Double(step) * shiftWindow / 32
            let error = samples.map { (model($0.time + shift) - $0.offset).length }.max() ?? 0
            if error < best.error - 1e-12 || (abs(error - best.error) <= 1e-12 && abs(shift) < abs(best.shift)) { best = (error, shift) }
        }
        return best
    }
}

extension RecordedMotionComparison: Codable {}
