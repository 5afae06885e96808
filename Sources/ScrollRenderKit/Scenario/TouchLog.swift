import Geometry
import ScrollPhysics

/// A log recorded in an app, as CSV: a header line, then a time and two coordinates a row —
/// `t,x,y` for a finger's touch samples (seconds, view points; the first row the touch-down, the
/// last the lift-off), `t,tx,ty` for a trackpad pan's translation. Errors name the file, the line
/// and the column.
struct TouchLog {
    /// A log is a few minutes of 120-Hz samples at most; refused beyond this size.
    static let maximumFileSize = 4 << 20

    let path: String
    /// The header's names, lower case.
    var columns = ["t", "x", "y"]

    func points() throws(ScrollRenderError) -> [TimedPoint] {
        let bytes = try InputFile.read(path, limit: Self.maximumFileSize)
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let header = lines.first else { throw error(line: 1, "the file is empty; expected a header line t,x,y") }
        let names = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard names == columns else { throw error(line: 1, "the header must be \(columns.joined(separator: ",")), not \(header)") }
        let rows = lines.dropFirst()
        do throws(InvalidValue) { try ModelLimits.check(pathPointCount: rows.count) } catch {
            throw self.error(line: lines.count, error.problem)
        }
        var points: [TimedPoint] = []
        points.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            points.append(try point(row, line: index + 2))
        }
        return points
    }

    private func point(_ row: Substring, line: Int) throws(ScrollRenderError) -> TimedPoint {
        let fields = row.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 3 else { throw error(line: line, "expected 3 columns \(columns.joined(separator: ",")), found \(fields.count)") }
        var numbers: [Double] = []
        for (column, field) in zip(columns, fields) {
            guard let number = Double(field.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                throw error(line: line, "column \(column): expected a number, not \"\(field)\"")
            }
            numbers.append(number)
        }
        return TimedPoint(time: numbers[0], location: Point(x: numbers[1], y: numbers[2]))
    }

    private func error(line: Int, _ message: String) -> ScrollRenderError {
        .invalidScenario(path: path, keyPath: "line \(line)", message: message)
    }
}
