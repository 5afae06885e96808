import Geometry
import ScrollPhysics

/// How a rendered sequence's motion compares with offsets recorded on a device: per gesture, the
/// offset at release, the travel after it and the dragging writes; then the resting offset, the
/// peak past it, the path after each release and when the last write came. UIKit writes offsets a
/// display frame after the touch that moved them, so paths are compared after the best constant
/// time shift within ``shiftWindow``: dragging writes from the drag's start, the path after a
/// release from the release.
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
    public var recordedRest: Double
    public var modelRest: Double
    /// The farthest the motion went past its resting offset after the last release.
    public var recordedPeakPastRest: Double
    public var modelPeakPastRest: Double
    /// From the last release to the last write that changed the offset (s).
    public var recordedLastWrite: Double
    public var modelLastWrite: Double

    /// UIKit's writes trail the touches by up to a 60-Hz frame.
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
        let usesX = recorded.writes.contains { $0.offset.x != 0 }
        func axis(_ p: Point) -> Point { usesX ? p : Point(x: 0, y: p.y) }
        func value(_ p: Point) -> Double { usesX ? p.length : p.y }
        let didScroll = manifest.events.filter { $0.name == "scrollViewDidScroll" }
        let start = manifest.frames.first?.contentOffset ?? didScroll.first?.contentOffset ?? .zero
        let model = Series(times: [0] + didScroll.map(\.time), offsets: ([start] + didScroll.map(\.contentOffset)).map(axis))
        let releases = manifest.events.filter { $0.name == "scrollViewWillEndDragging" }
        let begins = manifest.events.filter { $0.name == "scrollViewWillBeginDragging" }.map(\.time)
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
        gestures = zip(runs.indices, zip(runs, releases)).map { index, pair in
            let (run, event) = pair
            let recordedRelease = writes[run.upperBound - 1].time
            let map = event.time - recordedRelease
            let end = index + 1 < runs.count ? runs[index + 1].lowerBound : writes.count
            let modelEnd = begins.first { $0 > event.time } ?? .infinity
            let modelRelease = axis(event.contentOffset)
            let after = (run.upperBound..<end).map { (writes[$0].time + map, offsets[$0] - offsets[run.upperBound - 1]) }
            let (pathError, shift) = Self.bestShift(after) { model.path(at: $0) - modelRelease }
            // Dragging writes line up from the drag's start: fingers resting before the lift would
            // shift them by the rest's length if aligned at the release.
            let startMap = index < begins.count ? begins[index] - writes[run.lowerBound].time : map
            let dragging = run.map { (writes[$0].time + startMap, offsets[$0]) }
            return GestureComparison(
                recordedOffsetAtRelease: value(offsets[run.upperBound - 1]), modelOffsetAtRelease: value(modelRelease),
                recordedTravel: value(offsets[end - 1] - offsets[run.upperBound - 1]),
                modelTravel: value(model.written(at: modelEnd.isFinite ? modelEnd - 1e-9 : .infinity) - modelRelease),
                draggingError: Self.bestShift(dragging) { model.written(at: $0) }.error, pathError: pathError, pathShift: shift)
        }
        let lastReleaseWrite = runs[gestures.count - 1].upperBound - 1
        let lastRelease = writes[lastReleaseWrite].time
        let modelLastRelease = releases[gestures.count - 1].time
        let (restRecorded, restModel) = (offsets[offsets.count - 1], model.offsets[model.offsets.count - 1])
        recordedRest = value(restRecorded)
        modelRest = value(restModel)
        let direction = restRecorded - offsets[lastReleaseWrite]
        recordedPeakPastRest = Self.peak(offsets.indices.filter { writes[$0].time > lastRelease }.map { offsets[$0] - restRecorded }, direction)
        modelPeakPastRest = Self.peak(model.times.indices.filter { model.times[$0] > modelLastRelease }.map { model.offsets[$0] - restModel }, direction)
        let recordedChange = offsets.indices.last { $0 > 0 && offsets[$0] != offsets[$0 - 1] }.map { writes[$0].time } ?? lastRelease
        recordedLastWrite = Swift.max(0, recordedChange - lastRelease)
        modelLastWrite = Swift.max(0, (didScroll.last?.time ?? modelLastRelease) - modelLastRelease)
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
