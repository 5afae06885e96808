import FileSystem
import ScrollRenderKit
import Foundation
import FrameDiff

/// `results.json`, the run's results as a merge reads them back (Playwright's blob): every case's
/// comparison, what was recorded or went wrong, and how to approve it, with the pictures named
/// relative to the report that holds the file, so that a merged report names its own copies.
struct ResultsFile: Codable, Sendable {
    static let name = "results.json"
    static let format = 2

    struct Case: Codable, Sendable {
        var name: String
        var status: CheckResult.Status
        var seconds: Double
        /// The verdict as the run worded it (for people reading the file; a merge words its own).
        var verdict: String
        var golden: String
        var report: DiffReport?
        var failure: String?
        var recorded: GoldenRecording?
        var recordingRefused: String?
        var recipeChanges: [String]?
        var approve: String?
        var source: String?
    }

    var format: Int
    var name: String
    var part: SuitePart?
    var approval: String?
    var cases: [Case]

    /// The file of `run`, its pictures named relative to `root`, where the report is put.
    init(_ run: CheckRun, root: String, verdict: (CheckResult) -> String) {
        format = Self.format
        name = run.name
        part = run.part
        approval = run.approval
        cases = run.results.map { result in
            var failure: String?
            if case .failed(let error) = result.outcome { failure = error.description }
            return Case(name: result.name, status: result.status, seconds: result.seconds, verdict: verdict(result), golden: result.golden,
                        report: result.report.map { Self.picturesMoved($0) { Self.relative($0, to: root) } },
                        failure: failure, recorded: result.recorded, recordingRefused: result.recordingRefused,
                        recipeChanges: result.recipeChanges.isEmpty ? nil : result.recipeChanges, approve: result.approve, source: result.source)
        }
    }

    func json() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every field is a plain value; encoding cannot fail.
        return Array(try! encoder.encode(self)) + [0x0A]
    }

    /// The results a run left in the report at `folder`.
    static func read(_ folder: String) throws(ReportError) -> ResultsFile {
        let path = FileSystem.join(folder, name)
        let bytes: [UInt8]
        do throws(FileSystemError) {
            bytes = try FileSystem.readRegularFile(path, limit: 256 << 20)
        } catch {
            throw error.kind == .notFound ? .notFound(path: folder) : .unreadable(path: path, reason: error.reason)
        }
        let file: ResultsFile
        do {
            file = try JSONDecoder().decode(ResultsFile.self, from: Data(bytes))
        } catch {
            throw .unreadable(path: path, reason: "its results are not those of this version of scrollrender")
        }
        guard file.format == format else { throw .unreadable(path: path, reason: "results of format \(file.format), not \(format)") }
        for item in file.cases {
            if let problem = CaseName.problem(item.name) {
                throw .unreadable(path: path, reason: "a case named \(FileSystem.printable(item.name)): \(problem)")
            }
        }
        return file
    }

    /// The cases as results, their pictures named under `root`, where the merged report is put.
    func results(root: String) -> [CheckResult] {
        cases.map { item in
            let report = item.report.map { Self.picturesMoved($0) { $0.hasPrefix("/") ? $0 : FileSystem.join(root, $0) } }
            let outcome: CheckResult.Outcome = switch (item.status, report) {
            case (_, let report?): report.passed ? .passed(DiffComparison(report: report, manifests: nil))
                                                 : .differs(DiffComparison(report: report, manifests: nil))
            case (.missing, nil), (.recorded, nil): .missingGolden
            default: .failed(.reported(item.failure ?? item.verdict))
            }
            var result = CheckResult(name: item.name, outcome: outcome, golden: item.golden, approve: item.approve, seconds: item.seconds)
            result.recorded = item.recorded
            result.recordingRefused = item.recordingRefused
            result.recipeChanges = item.recipeChanges ?? []
            result.source = item.source
            return result
        }
    }

    /// A picture of the report at `root` as a path inside it; any other path as it is.
    static func relative(_ path: String, to root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// `report` with its pictures' paths changed by `move`.
    static func picturesMoved(_ report: DiffReport, _ move: (String) -> String) -> DiffReport {
        var report = report
        for index in report.frames.indices {
            guard let images = report.frames[index].images else { continue }
            report.frames[index].images = DiffReport.Images(expected: move(images.expected), actual: move(images.actual),
                                                            difference: move(images.difference))
        }
        return report
    }
}

/// Writes `results.json` into the HTML report it travels with, before the report is put in place.
public struct ResultsReporter: CheckReporter {
    let report: HTMLReporter
    public var naming: @Sendable (NamedTerm) -> String

    public init(inside report: HTMLReporter, naming: @escaping @Sendable (NamedTerm) -> String) {
        (self.report, self.naming) = (report, naming)
    }

    public func end(_ run: CheckRun) throws(ReportError) {
        let file = ResultsFile(run, root: report.path) { $0.verdict(naming: naming) }
        try report.stage(file.json(), named: ResultsFile.name)
    }
}
