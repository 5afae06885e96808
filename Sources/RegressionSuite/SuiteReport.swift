import Foundation
import FrameDiff
import TextFormat

/// What a suite run says: a line per case in the CI log (the verdict first, the motion's when it
/// parts, and the command that approves a change), one JUnit file with a test case per scenario,
/// one HTML index of every case — failing first — opening each case's diff page, and
/// `results.json`, from which the shards of one suite merge into the report one run would give.
public struct SuiteReport: Sendable, Codable, Hashable {
    /// `scrollrender test Examples`.
    public var name: String
    /// Sorted by case name.
    public var results: [SuiteCaseResult]

    public init(name: String, results: [SuiteCaseResult]) {
        self.name = name
        self.results = results.sorted { $0.name < $1.name }
    }

    /// The shards of one suite as one run.
    public static func merged(_ parts: [SuiteReport]) -> SuiteReport {
        SuiteReport(name: parts.first?.name ?? "scrollrender test", results: parts.flatMap(\.results))
    }

    public var passed: Bool { !results.contains(where: \.fails) }

    /// "all 12 scenarios equal", or what failed.
    public var summary: String {
        let failing = results.filter(\.fails)
        let recorded = results.filter { $0.status == .recorded }.count
        let tail = recorded > 0 ? "; \(recorded) recorded" : ""
        guard !failing.isEmpty else { return "passed: \(Self.scenarios(results.count)) checked\(tail)" }
        let counts = [SuiteCaseResult.Status.failed, .missing, .error].compactMap { status -> String? in
            let count = failing.filter { $0.status == status }.count
            return count == 0 ? nil : "\(count) \(status == .failed ? "different" : status == .missing ? "without a golden" : "not compared")"
        }
        return "FAILED: \(counts.joined(separator: ", ")) of \(Self.scenarios(results.count)) (\(failing.map(\.name).joined(separator: ", ")))\(tail)"
    }

    /// The CI log: a line per case, failing cases with their first problems and `approve(name)`,
    /// the command that records them; then the summary.
    public func text(approve: (String) -> String) -> String {
        var lines: [String] = []
        for result in results {
            let mark = switch result.status {
            case .passed: "ok  "
            case .failed: "FAIL"
            case .missing: "MISS"
            case .recorded: "REC "
            case .error: "ERR "
            }
            lines.append("\(mark) \(TextFormat.printable(result.name)): \(result.verdict)")
            guard result.status == .failed else { continue }
            // The motion first when it parts, then the pixels summarised (``DiffReport/verdictLines``).
            lines += (result.report?.verdictLines(everyFrame: "every frame: its diff page, with --report DIR") ?? []).map { "       " + $0 }
            lines.append("       approve: " + approve(result.name))
        }
        lines.append("result: " + summary)
        return lines.joined(separator: "\n")
    }

    /// One test case per scenario, failing with its verdict first.
    public var junit: String {
        JUnitReport(cases: results.map { result in
            let outcome: JUnitReport.Case.Outcome = switch (result.report, result.status) {
            case (let report?, .passed), (let report?, .failed), (let report?, .recorded): .compared(report)
            default: .notCompared(result.verdict)
            }
            return JUnitReport.Case(name: result.name, seconds: result.seconds, outcome: outcome)
        }, name: name).xml
    }

    /// The report's index: every case, failing first, each linked to its diff page.
    public var indexPage: String {
        let ordered = results.filter(\.fails) + results.filter { !$0.fails }
        let rows = ordered.map { result in
            let name = result.page.map { "<a href=\"\(Markup.escape($0))\">\(Markup.escapeLine(result.name))</a>" } ?? Markup.escapeLine(result.name)
            return "<tr class=\"\(result.status.rawValue)\"><td>\(result.status.rawValue)</td><td>\(name)</td><td>\(Markup.escapeLine(result.verdict))</td><td>\(String(format: "%.2f", result.seconds)) s</td></tr>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Markup.escapeLine(name)): \(Markup.escapeLine(summary))</title>
            <style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td{padding:4px 10px;border-bottom:1px solid #ddd}
            tr.failed td:first-child,tr.missing td:first-child,tr.error td:first-child{color:#b00020;font-weight:bold}tr.passed td:first-child{color:#1b5e20}</style></head>
            <body><h1>\(Markup.escapeLine(name))</h1><p class="summary">\(Markup.escapeLine(summary))</p>
            <table><tr><th>status</th><th>scenario</th><th>result</th><th>time</th></tr>\(rows.joined())</table></body></html>

            """
    }

    public func json() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every field is a plain value; encoding cannot fail.
        return Array(try! encoder.encode(self)) + [0x0A]
    }

    static func scenarios(_ count: Int) -> String { count == 1 ? "1 scenario" : "\(count) scenarios" }
}
