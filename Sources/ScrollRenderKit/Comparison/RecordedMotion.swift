import Geometry
import ScrollPhysics

/// The offsets a real `UIScrollView` wrote, recorded on a device (for instance by swizzling
/// `-setContentOffset:`), as CSV: a header naming the columns, then a row per write. `t` (s) and
/// `offsetY` are needed; `offsetX` and `phase` (`dragging` while a finger or trackpad drags,
/// anything else after) are read when present, other columns are ignored, and lines starting with
/// `#` are comments. Without a `phase` column the release instant is given separately.
public struct RecordedMotion: Sendable {
    public struct Write: Sendable, Hashable {
        public var time: Double
        public var offset: Point
        public var isDragging: Bool
    }

    public let writes: [Write]
    /// Whether the rows said which writes were dragging ones.
    public let hasPhases: Bool
    /// Whether the recording stops before the motion came to rest: its header says what came
    /// next ("the next touch lands at t=…", after the last row), or its last write still moves a
    /// view that was not being dragged (more than ``restStep`` from the write before). Such a
    /// recording is compared up to its last row, at that row's time.
    public let endsBeforeRest: Bool
    /// The view's size and scale, when the `#` header gives them (`boundsWidth`, `boundsHeight`, `scale`).
    public let view: (size: Size, scale: Double)?

    /// A recording is minutes of 120-Hz writes at most; refused beyond this size.
    static let maximumFileSize = 16 << 20

    /// UIKit's rest write moves at most a stop-speed frame and a pixel (0.34 pt at 3x); a
    /// deceleration cut short moves more than this (pt) between its last two writes.
    static let restStep = 1.0

    public init(writes: [Write], hasPhases: Bool, endsBeforeRest: Bool = false, view: (size: Size, scale: Double)? = nil) {
        (self.writes, self.hasPhases, self.endsBeforeRest, self.view) = (writes, hasPhases, endsBeforeRest, view)
    }

    /// Reads `path` as every recorded log is read (``RecordedLog``); errors name the line and column.
    public static func read(path: String) throws(ScrollRenderError) -> RecordedMotion {
        let log = try RecordedLog(path: path, limit: maximumFileSize, describeHeader: "t,offsetY[,offsetX][,phase]")
        guard let t = log.names.firstIndex(of: "t"), let y = log.names.firstIndex(of: "offsetY") else {
            throw log.error(log.header.line, column: 1, "the header must name t and offsetY (and may name offsetX and phase)")
        }
        let x = log.names.firstIndex(of: "offsetX")
        let phase = log.names.firstIndex(of: "phase")
        var writes: [Write] = []
        for row in log.rows {
            let time = try log.number(row, t, "t", checkTime)
            if let last = writes.last, time < last.time {
                throw log.error(row.line, column: row.fields[t].column, "t: times must not go back (\(time) after \(last.time))")
            }
            let offsetX = try x.map { x throws(ScrollRenderError) in try log.number(row, x, "offsetX", checkOffset) } ?? 0
            let offsetY = try log.number(row, y, "offsetY", checkOffset)
            let dragging = phase.map { $0 < row.fields.count && row.fields[$0].text == "dragging" } ?? false
            writes.append(Write(time: time, offset: Point(x: offsetX, y: offsetY), isDragging: dragging))
        }
        guard writes.count >= 2 else { throw log.error(log.rows.last?.line ?? log.header.line, column: 1, "a recording needs at least two writes") }
        let notes = HeaderNotes(log)
        let (last, previous) = (writes[writes.count - 1], writes[writes.count - 2])
        let moving = !last.isDragging && (last.offset - previous.offset).length > restStep
        let continues = notes.number(after: "next touch lands at t=").map { $0 > last.time } ?? false
        var view: (size: Size, scale: Double)?
        if let width = notes.optionalNumber("boundsWidth"), let height = notes.optionalNumber("boundsHeight"), let scale = notes.optionalNumber("scale") {
            view = (Size(width: width, height: height), scale)
        }
        return RecordedMotion(writes: writes, hasPhases: phase != nil, endsBeforeRest: moving || continues, view: view)
    }

    /// A device's clock in seconds: since boot, decades at most.
    static let maximumTime = 1e9

    private static func checkTime(_ value: Double) throws(InvalidValue) {
        guard value.isFinite, abs(value) <= maximumTime else {
            throw InvalidValue("a time must be a finite number of seconds within ±\(Int(maximumTime)), not \(value)")
        }
    }

    private static func checkOffset(_ value: Double) throws(InvalidValue) {
        try ModelLimits.check(distance: value, "an offset")
    }

    /// The gestures: each run of dragging writes, as index ranges.
    var gestures: [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, write) in writes.enumerated() {
            if write.isDragging, start == nil { start = index }
            if !write.isDragging, let first = start {
                runs.append(first..<index)
                start = nil
            }
        }
        if let first = start { runs.append(first..<writes.count) }
        return runs
    }
}
