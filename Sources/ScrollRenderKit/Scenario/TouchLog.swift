import Geometry
import ScrollPhysics

/// A touch log recorded in an app, as CSV: a header line, then `t,x,y` per touch sample (seconds,
/// view points). Each row is one sample of one finger: the first the touch-down, the last the
/// lift-off. Errors name the file, the line and the column.
struct TouchLog {
    /// A log is a few minutes of 120-Hz samples at most; refused beyond this size.
    static let maximumFileSize = 4 << 20

    let path: String

    func points() throws(ScrollRenderError) -> [TimedPoint] {
        let bytes = try InputFile.read(path, limit: Self.maximumFileSize)
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let header = lines.first else { throw error(line: 1, "the file is empty; expected a header line t,x,y") }
        let columns = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard columns == ["t", "x", "y"] else { throw error(line: 1, "the header must be t,x,y, not \(header)") }
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
        guard fields.count == 3 else { throw error(line: line, "expected 3 columns t,x,y, found \(fields.count)") }
        var numbers: [Double] = []
        for (column, field) in zip(["t", "x", "y"], fields) {
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
