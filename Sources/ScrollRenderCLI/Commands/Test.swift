import ArgumentParser
import FileSystem
import Foundation
import FrameDiff
import RegressionSuite
import ScrollRenderKit

/// `scrollrender test SUITE`: every scenario of a suite rendered, compared with its golden and
/// reported as one — one summary line and exit status, one JUnit file, one HTML report — split
/// across CI jobs with `--shard` and joined with `merge-reports`.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders every scenario of a suite folder and compares each with its golden (SUITE/goldens/NAME/).",
        discussion: """
            A suite is a folder of scenario files (NAME.json) and their goldens (goldens/NAME/: \
            frames and manifest.json, or the manifest alone to compare only the motion); a golden \
            without a scenario file re-renders from its manifest. Goldens are recorded compact \
            for review (1 px per point, 20 fps) unless --full-resolution.

            Examples:
              scrollrender test Examples --picture SampleImages/tesla.jpg --record missing
              scrollrender test Examples --picture SampleImages/tesla.jpg --junit junit.xml
              scrollrender test Examples --picture tesla.jpg --shard 1/3 --report r1
              scrollrender merge-reports report r1 r2 r3 --junit junit.xml

            Exit status: 0 every scenario equal (or recorded), 1 a scenario differs, lacks a \
            golden or cannot be compared, 64 bad arguments.
            """)

    @Argument(help: "The suite folder: NAME.json scenarios and goldens/NAME/ goldens.")
    var suite: String

    @Option(help: ArgumentHelp("The picture every scenario scrolls.", valueName: "IMAGE"))
    var picture: String

    @Option(help: ArgumentHelp("Record goldens: those missing, those that differ (failed), all, or none (never, the default). SCROLLRENDER_RECORD sets the same, except when CI is set.", valueName: "failed|missing|all|never"))
    var record: RecordMode?

    @Option(name: .customLong("filter"), help: ArgumentHelp("Run only this scenario (repeatable).", valueName: "NAME"))
    var names: [String] = []

    @Option(help: ArgumentHelp("Run the K-th of N balanced parts of the scenarios (1-based), for a CI job of a matrix; index/N takes K from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID. Join the parts' reports with merge-reports.", valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Write an HTML report: an index of every scenario, failing first, each opening its diff page.", valueName: "DIR"))
    var report: String?

    @Option(help: ArgumentHelp("Write JUnit XML: a test case per scenario.", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Per-channel difference, 0–255, that still counts as equal.", valueName: "n"))
    var tolerance = 0

    @Option(help: ArgumentHelp("Against motion goldens: how far each frame's contentOffset may part, in points.", valueName: "PT"))
    var offsetTolerance = 0.0

    @Flag(help: "Render at the scenarios' own scale and frame rate, not compact for review.")
    var fullResolution = false

    @Flag(help: "Record new goldens as their manifest alone: the motion, without frames.")
    var motionOnly = false

    func validate() throws {
        guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0–255, not \(tolerance)") }
        guard offsetTolerance.isFinite, (0...1_000_000).contains(offsetTolerance) else {
            throw ValidationError("--offset-tolerance must be from 0 to 1000000 points, not \(offsetTolerance)")
        }
    }

    func run() throws {
        let environment = CommandContext.current.environment
        var suite: RegressionSuite!
        var part: (index: Int, count: Int)?
        try reportingErrors { () throws(ScrollRenderError) in
            suite = try RegressionSuite(folder: self.suite)
            if let shard, case .shard(let index, let count) = try FrameSelection(shard: shard, environment: environment) {
                part = (index, count)
            }
        }
        if let unknown = names.first(where: { name in !suite.cases.contains { $0.name == name } }) {
            throw CommandFailure(message: "--filter: the suite has no scenario named \(unknown)", status: .usage)
        }
        let mode = try RecordMode.commandLine(record, environment: environment)
        let work = FileSystem.temporaryName(for: FileSystem.join(FileManager.default.temporaryDirectory.path, "scrollrender-test"))
        defer { try? FileManager.default.removeItem(atPath: work) }
        let page = try report.map { folder throws(CommandFailure) in try failing { () throws(DiffError) in try SuiteReportFolder.begin(folder) } }
        var runner = SuiteRunner(suite: suite, picture: picture, workFolder: work)
        runner.mode = mode
        runner.tolerance = DiffTolerance(channel: tolerance, differingPixels: .count(0))
        runner.offsetTolerance = offsetTolerance
        runner.fullResolution = fullResolution
        runner.motionOnly = motionOnly
        runner.reportFolder = page?.staging
        let cases = suite.selected(names: names, shard: part)
        let results = runner.run(cases)
        let run = SuiteReport(name: "scrollrender test \(FileSystem.lastComponent(of: suite.folder))", results: results)
        let outcome = try failing { () throws(DiffError) in try page?.finish(run) } ?? run
        try Self.publish(outcome, junit: junit, report: page?.path, approve: approveCommand)
    }

    /// The command that approves a scenario's change.
    func approveCommand(_ name: String) -> String {
        (["scrollrender", "test", suite, "--picture", picture, "--record", "failed", "--filter", name]
            + (fullResolution ? ["--full-resolution"] : [])).map(ShellWord.quoted).joined(separator: " ")
    }

    /// The text, the JUnit file and the exit status of a suite run or a merge.
    static func publish(_ outcome: SuiteReport, junit: String?, report: String?, approve: (String) -> String) throws {
        if let junit {
            do throws(FileSystemError) {
                try FileSystem.writeAtomically(Array(outcome.junit.utf8), to: junit)
            } catch {
                throw CommandFailure(message: "\(junit): cannot write the JUnit report: \(error.reason)", status: .cannotCreate)
            }
        }
        try StandardOutput.write(outcome.text(approve: approve) + "\n")
        if let report { StandardError.line("scrollrender: report: \(report)/index.html") }
        if !outcome.passed { throw CommandFailure(message: "", status: .differencesFound) }
    }

    func failing<T>(_ body: () throws(DiffError) -> T) throws(CommandFailure) -> T {
        do { return try body() } catch { throw CommandFailure(message: error.description, status: ExitStatus(for: error)) }
    }
}

/// `scrollrender merge-reports OUT PART…`: the reports of a suite's shards as one.
struct MergeReports: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Joins the reports of a suite's shards (scrollrender test --shard K/N --report PART) into one report and JUnit file.")

    @Argument(help: "The report folder to write.")
    var output: String

    @Argument(help: "The shards' report folders.")
    var parts: [String]

    @Option(help: ArgumentHelp("Also write the merged JUnit XML.", valueName: "FILE"))
    var junit: String?

    func run() throws {
        let folder: SuiteReportFolder
        let merged: SuiteReport
        do throws(DiffError) {
            folder = try SuiteReportFolder.begin(output)
            do throws(DiffError) { merged = try folder.merge(parts) } catch {
                folder.discard()
                throw error
            }
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus(for: error))
        }
        try Test.publish(merged, junit: junit, report: folder.path) { name in
            "scrollrender test SUITE --picture IMAGE --record failed --filter \(ShellWord.quoted(name))"
        }
    }
}
