import Geometry
import ScrollPhysics

/// A log recorded in an app, as CSV: a header line, then a time and two coordinates a row —
/// `t,x,y` for a finger's touch samples (seconds, view points; the first row the touch-down, the
/// last the lift-off), `t,tx,ty` for a trackpad pan's translation. Read as every recorded log is
/// (``RecordedLog``), each value checked by the rules a drag path's points have, so that an error
/// names the file's line and column.
struct TouchLog {
    /// A log is a few minutes of 120-Hz samples at most; refused beyond this size.
    static let maximumFileSize = 4 << 20

    let path: String
    /// The header's names, lower case.
    var columns = ["t", "x", "y"]

    func points() throws(ScrollRenderError) -> [TimedPoint] {
        let log = try RecordedLog(path: path, limit: Self.maximumFileSize, describeHeader: columns.joined(separator: ","))
        guard log.names.map({ $0.lowercased() }) == columns else {
            throw log.error(log.header.line, column: 1, "the header must be \(columns.joined(separator: ",")) (found \(log.names.count) other names)")
        }
        do throws(InvalidValue) { try ModelLimits.check(pathPointCount: log.rows.count) } catch {
            throw log.error(log.rows.last?.line ?? log.header.line, column: 1, error.problem)
        }
        var points: [TimedPoint] = []
        points.reserveCapacity(log.rows.count)
        for row in log.rows {
            guard row.fields.count == 3 else {
                throw log.error(row.line, column: 1, "expected 3 columns \(columns.joined(separator: ",")), found \(row.fields.count)")
            }
            let time = try log.number(row, 0, columns[0]) { v throws(InvalidValue) in try ModelLimits.check(seconds: v, "a time") }
            if let last = points.last, time <= last.time {
                throw log.error(row.line, column: row.fields[0].column, "\(columns[0]): times must increase (\(time) follows \(last.time))")
            }
            let x = try log.number(row, 1, columns[1]) { v throws(InvalidValue) in try ModelLimits.check(distance: v, "a coordinate") }
            let y = try log.number(row, 2, columns[2]) { v throws(InvalidValue) in try ModelLimits.check(distance: v, "a coordinate") }
            points.append(TimedPoint(time: time, location: Point(x: x, y: y)))
        }
        return points
    }
}
