import FileSystem
import FrameDiff
import GoldenCheck
import ScrollRenderKit

/// Approving what was reviewed: each failing (or missing) case of a suite report — a shard's or a
/// merged one — has its actual sequence kept in the report (`NAME/actual/`); approving swaps it in
/// whole as the case's golden in the suite, so the next run of the same scenarios passes.
public enum SuiteApproval {
    public struct Approved: Sendable {
        public var name: String
        public var golden: String
        public var recording: GoldenRecording
    }

    /// Approves the failing cases of `report` that `names` selects (all when empty) into `suite`.
    /// Goldens go only where the suite keeps them, by each case's checked name: never where the
    /// report's results say.
    public static func approve(report: String, suite: RegressionSuite, names: [String]) throws(ApprovalError) -> [Approved] {
        let run: CheckRun
        do throws(ReportError) { run = try CheckRun.read(report: report) } catch { throw .report(error) }
        let failing = run.results.filter { $0.status == .failed || $0.status == .missing }
        if let unknown = names.first(where: { name in !failing.contains { $0.name == name } }) {
            throw .noSuchFailure(name: unknown, failing: failing.map(\.name))
        }
        var approved: [Approved] = []
        for result in failing where names.isEmpty || names.contains(result.name) {
            approved.append(try approve(result, report: report, suite: suite))
        }
        return approved
    }

    private static func approve(_ result: CheckResult, report: String, suite: RegressionSuite) throws(ApprovalError) -> Approved {
        let kept = FileSystem.join(report, result.name, HTMLReporter.actualFolder)
        guard FileSystem.kind(kept) == .folder else { throw .notKept(name: result.name, path: kept) }
        guard suite.cases.contains(where: { $0.name == result.name }) else { throw .notInSuite(name: result.name, suite: suite.folder) }
        let goldens = FileSystem.join(suite.folder, RegressionSuite.goldensFolder)
        let golden = FileSystem.join(goldens, result.name)
        // A golden that is a link is written where it leads: only ever a folder of the suite's goldens.
        let real = PathOverlap.resolved(golden)
        guard FileSystem.parent(of: real) == PathOverlap.resolved(goldens) else { throw .goldenElsewhere(name: result.name, golden: golden, leadsTo: real) }
        // A golden keeps its kind; a new one is a keyframe golden, as a suite records them.
        let kind = FileSystem.kind(golden) == nil ? GoldenRecording.Kind.keyframes : GoldenWriter.kind(of: golden)
        do throws(ScrollRenderError) {
            var recording = try GoldenWriter.write(kind, golden: golden, actual: kept, mode: .all, fromActual: { _ in true },
                                                   cancellation: Cancellation())
            recording.what = result.status == .missing ? .newGolden : .change
            return Approved(name: result.name, golden: golden, recording: recording)
        } catch {
            throw .recording(name: result.name, error)
        }
    }
}

/// Why a report's changes could not be approved.
public enum ApprovalError: Error, Sendable, CustomStringConvertible {
    case report(ReportError)
    /// `--filter` named a case that did not fail in the report.
    case noSuchFailure(name: String, failing: [String])
    /// The report does not hold the case's actual sequence (an older report, or a case that could not render).
    case notKept(name: String, path: String)
    /// The report's case is not a case of the suite.
    case notInSuite(name: String, suite: String)
    /// The case's golden is a link leading out of the suite's goldens folder, where approving never writes.
    case goldenElsewhere(name: String, golden: String, leadsTo: String)
    case recording(name: String, ScrollRenderError)

    public var description: String {
        switch self {
        case .report(let error): error.description
        case .noSuchFailure(let name, let failing):
            "\(FileSystem.printable(name)) did not fail in the report" + (failing.isEmpty ? "; nothing failed" : " (failing: \(failing.map(FileSystem.printable).joined(separator: ", ")))")
        case .notKept(let name, let path): "\(FileSystem.printable(name)): the report keeps no actual sequence at \(FileSystem.printable(path)); run the suite again with --report"
        case .notInSuite(let name, let suite): "\(FileSystem.printable(name)) is not a scenario of the suite \(FileSystem.printable(suite))"
        case .goldenElsewhere(let name, let golden, let target):
            "\(FileSystem.printable(name)): \(FileSystem.printable(golden)) is a link to \(FileSystem.printable(target)), outside the suite's goldens; approving writes only there"
        case .recording(let name, let error): "\(FileSystem.printable(name)): \(error.description)"
        }
    }
}
