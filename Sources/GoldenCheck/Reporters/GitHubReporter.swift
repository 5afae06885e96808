import FileSystem
import ScrollRenderKit
import TextFormat

#if canImport(Glibc)
import Glibc
#endif

/// The run as GitHub Actions shows it: an `::error` annotation per failing case, on its scenario
/// file, and a Markdown summary of the run appended to the job's summary file
/// (`$GITHUB_STEP_SUMMARY`). Each escapes for its own medium: workflow-command properties and
/// data, and Markdown table cells.
public struct GitHubReporter: CheckReporter {
    /// Where the annotations go (the job's log: standard output).
    public var write: @Sendable (String) throws(ReportError) -> Void
    /// The job summary file, when the runner gives one.
    public var summaryFile: String?
    public var naming: @Sendable (NamedTerm) -> String

    public init(summaryFile: String?, naming: @escaping @Sendable (NamedTerm) -> String,
                write: @escaping @Sendable (String) throws(ReportError) -> Void) {
        (self.summaryFile, self.naming, self.write) = (summaryFile, naming, write)
    }

    public func end(_ run: CheckRun) throws(ReportError) {
        let annotations = run.results.filter(\.fails).map(annotation)
        if !annotations.isEmpty { try write(annotations.joined(separator: "\n") + "\n") }
        guard let summaryFile else { return }
        do throws(FileSystemError) {
            try FileSystem.append(Array(summary(run).utf8), to: summaryFile)
        } catch {
            throw .cannotWrite(path: summaryFile, reason: error.reason)
        }
    }

    /// `::error file=Examples/fling.json,title=fling: motion parts at t = 0.1 s (fling 800 → 820 pt/s)::…`
    func annotation(_ result: CheckResult) -> String {
        var title = "\(result.name): \(headline(result))"
        if let change = result.recipeChanges.first { title += " (\(change)\(result.recipeChanges.count > 1 ? ", …" : ""))" }
        var properties = ["title=" + Self.property(title)]
        if let source = result.source { properties.insert("file=" + Self.property(source), at: 0) }
        let message = ([result.verdict(naming: naming)] + result.explanation(everyFrame: "every frame: the report")
                       + (result.approve.map { ["approve: " + $0] } ?? [])).joined(separator: "\n")
        return "::error \(properties.joined(separator: ","))::\(Self.data(message))"
    }

    /// The verdict in a few words: where the motion parts, else the first difference.
    func headline(_ result: CheckResult) -> String {
        if let motion = result.report?.motion, let parting = motion.firstParting {
            return "motion parts at t = \(TextFormat.number(parting.time, places: 3)) s"
        }
        return result.verdict(naming: naming)
    }

    /// The job summary: the result, a row per case (failing first), then the approve commands.
    func summary(_ run: CheckRun) -> String {
        let ordered = run.results.filter(\.fails) + run.results.filter { !$0.fails }
        var lines = ["### \(Self.cell(run.name)): \(Self.cell(run.summary))", "", "| | scenario | result | changed since the golden |", "|---|---|---|---|"]
        for result in ordered {
            let mark = result.fails ? "❌" : result.status == .recorded ? "📝" : "✅"
            lines.append("| \(mark) | \(Self.cell(result.name)) | \(Self.cell(result.verdict(naming: naming))) | \(Self.cell(result.recipeChanges.joined(separator: "; "))) |")
        }
        let approvals = run.approval.map { run.passed ? [] : [$0] } ?? ordered.filter { $0.status == .failed }.compactMap(\.approve)
        if !approvals.isEmpty {
            lines += ["", "To approve the changes:", "", "```sh"] + approvals.map(TextFormat.printable) + ["```"]
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// A workflow command's property value: `%`, CR, LF, `:` and `,` percent-encoded, as the runner reads them.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// A workflow command's data: `%`, CR and LF percent-encoded; other control characters shown escaped.
    static func data(_ text: String) -> String {
        TextFormat.printableLines(text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D"))
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Text in a Markdown table cell: one line, no cell break, no markup.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in TextFormat.printable(text) {
            switch character {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "`", "*", "_", "[", "]", "\\": out += "\\\(character)"
            default: out.append(character)
            }
        }
        return out
    }
}
