import FileSystem
import Foundation
import TextFormat

extension ConformanceScore {
    /// The measures a row shows, in order, each the worst of its gestures: the column's heading and
    /// the check names it gathers (compare-motion's, less "gesture N: ").
    static let columns: [(heading: String, checks: [String])] = [
        ("release", ["offset at release"]), ("travel", ["travel after release"]), ("path", ["path after release"]),
        ("drag", ["dragging writes"]), ("rest", ["resting offset", "offset at the last row"]),
        ("peak", ["peak past the rest", "peak past the last row"]), ("rest time", ["last write after release", "last write up to the last row"]),
    ]

    /// Every measure of a vector, or nil when they logged none.
    public func checks(_ entry: Entry, _ tolerances: RecordedMotionTolerances) -> [RecordedMotionCheck]? {
        entry.comparison?.checks(tolerances)
    }

    /// A vector's measures outside `tolerances`, theirs against iOS's: "offset at release: theirs
    /// 41.67 pt, iOS 57.67 pt (-16.00, ±3 pt)", "path after release 51.43 pt (over 5 pt)".
    public func failures(_ entry: Entry, _ tolerances: RecordedMotionTolerances) -> [String] {
        guard let checks = entry.comparison?.checks(tolerances) else { return ["no offsets: no \(FileSystem.printable(entry.path))"] }
        return checks.filter { !$0.passed }.map { check in
            guard let theirs = check.recorded, let ios = check.model else { return check.failure }
            return String(format: "%@: theirs %.2f %@, iOS %.2f %@ (%+.2f, ±%@ %@)", check.name, theirs, check.unit, ios, check.unit, theirs - ios,
                          TextFormat.number(check.limit), check.unit)
        }
    }

    /// Whether every vector was logged and every measure is within `tolerances`.
    public func passes(_ tolerances: RecordedMotionTolerances) -> Bool {
        entries.allSatisfy { $0.comparison?.passes(tolerances) ?? false }
    }

    /// "within tolerance (offsets ±3 pt, …) on 12 vectors", or what failed and where.
    public func verdict(_ tolerances: RecordedMotionTolerances) -> String {
        let failing = entries.filter { $0.comparison.map { !$0.passes(tolerances) } ?? false }.map(\.vector.name)
        guard !failing.isEmpty || !missing.isEmpty else { return "within tolerance (\(tolerances.description)) on \(entries.count) vectors" }
        var parts: [String] = []
        if !failing.isEmpty { parts.append("\(failing.count) of \(entries.count) vectors outside tolerance (\(failing.joined(separator: ", ")))") }
        if !missing.isEmpty { parts.append("no offsets for \(missing.joined(separator: ", "))") }
        return "OUTSIDE TOLERANCE: " + parts.joined(separator: "; ")
    }

    /// One row per vector: each measure's error (theirs − iOS's, in pt, the rest time in ms; the
    /// worst gesture's), `*` beside those outside tolerance, then the vector's result.
    public func table(_ tolerances: RecordedMotionTolerances) -> String {
        let width = Swift.max(6, entries.map(\.vector.name.count).max() ?? 0)
        func pad(_ text: String, _ count: Int, left: Bool = false) -> String {
            let space = String(repeating: " ", count: Swift.max(0, count - text.count))
            return left ? text + space : space + text
        }
        var lines = [pad("vector", width, left: true) + Self.columns.map { pad($0.heading, 11) }.joined() + "  result"]
        for entry in entries {
            var line = pad(entry.vector.name, width, left: true)
            guard let checks = entry.comparison?.checks(tolerances) else {
                lines.append(line + Self.columns.map { _ in pad("—", 11) }.joined() + "  MISSING: no \(FileSystem.printable(entry.path))")
                continue
            }
            for column in Self.columns {
                let matching = checks.filter { check in column.checks.contains { check.name == $0 || check.name.hasSuffix(": " + $0) } }
                guard let worst = matching.max(by: { abs($0.error) < abs($1.error) }) else {
                    line += pad("", 11)
                    continue
                }
                // The check's error is the model's minus the recording's: theirs is the recording.
                let error = worst.recorded == nil ? worst.error : -worst.error
                let value = abs(error) < 0.05 ? "0.0" : String(format: worst.recorded == nil ? "%.1f" : "%+.1f", error)
                line += pad(value + (matching.allSatisfy(\.passed) ? " " : "*"), 11)
            }
            lines.append(line + "  " + (checks.allSatisfy(\.passed) ? "ok" : "OUTSIDE"))
        }
        lines.append("errors: theirs − iOS's (pt; rest time ms), the worst gesture's; path and drag the largest distance; * outside \(tolerances.description)")
        lines.append("result: " + verdict(tolerances))
        return lines.joined(separator: "\n")
    }
}
