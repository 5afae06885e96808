import FrameDiff
import ScrollRenderKit
import TextFormat

/// The CI log of a suite run: a line per case — its verdict first, the motion's when it parts —
/// failing cases with their first problems and the command that approves them, then the result.
/// Every line is escaped for a terminal: no name or verdict can move the cursor or forge a line.
public struct LogReporter: CheckReporter {
    /// Where the log goes (standard output).
    public var write: @Sendable (String) throws(ReportError) -> Void
    /// How the log names run options.
    public var naming: @Sendable (NamedTerm) -> String

    public init(naming: @escaping @Sendable (NamedTerm) -> String, write: @escaping @Sendable (String) throws(ReportError) -> Void) {
        (self.naming, self.write) = (naming, write)
    }

    public func end(_ run: CheckRun) throws(ReportError) {
        try write(lines(run).map(TextFormat.printable).joined(separator: "\n") + "\n")
    }

    func lines(_ run: CheckRun) -> [String] {
        let everyFrame = TextFormat.naming("every frame: its diff page, with \(TextFormat.term("report")) DIR") { naming(NamedTerm(marked: $0)) }
        var lines: [String] = []
        for result in run.results {
            lines.append("\(Self.mark(result.status)) \(result.name): \(result.verdict(naming: naming))")
            guard result.status == .failed else { continue }
            lines += result.explanation(everyFrame: everyFrame).map { "       " + $0 }
            if let approve = result.approve { lines.append("       approve: " + approve) }
        }
        lines.append("result: " + run.summary)
        if !run.passed, let approval = run.approval { lines.append("approve every change: " + approval) }
        return lines
    }

    static func mark(_ status: CheckResult.Status) -> String {
        switch status {
        case .passed: "ok  "
        case .failed: "FAIL"
        case .missing: "MISS"
        case .recorded: "REC "
        case .error: "ERR "
        }
    }
}
