import ArgumentParser
import FileSystem
import Foundation
import FrameDiff
import GoldenCheck
import RegressionSuite
import ScrollRenderKit
import TextFormat

/// `scrollrender test SUITE`: every scenario of a suite rendered, compared with its golden and
/// reported as one — one summary line and exit status, one JUnit file, one HTML report — split
/// across CI jobs with `--shard` and joined with `merge-reports`.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
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

    @Option(help: ArgumentHelp("The picture a scenario scrolls when neither it nor the suite's scrollrender.json names one (\"picture\").", valueName: "IMAGE"))
    var picture: String?

    @Option(help: ArgumentHelp("Record goldens: those missing, those that differ (failed), all, or none (never, the default). SCROLLRENDER_RECORD sets the same, except when CI is set.", valueName: "failed|missing|all|never"))
    var record: RecordMode?

    @Option(name: .customLong("filter"), help: ArgumentHelp("Run only this scenario (repeatable).", valueName: "NAME"))
    var names: [String] = []

    @Option(help: ArgumentHelp("Run the K-th of N balanced parts of the scenarios (1-based), for a CI job of a matrix; index/N takes K from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID. Join the parts' reports with merge-reports.", valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Write an HTML report: an index of every scenario, failing first, each opening its diff page.", valueName: "DIR"))
    var report: String?

    @OptionGroup var junitArguments: JUnitArguments

    @OptionGroup(title: "Comparison")
    var comparison: ComparisonArguments

    @Flag(help: "Render at the scenarios' own scale and frame rate, not compact for review.")
    var fullResolution = false

    @Flag(help: "Record new goldens as their manifest alone: the motion, without frames.")
    var motionOnly = false

    @Flag(help: "Record new goldens with every frame's picture, not the few keyframes (and the motion of every frame) they hold by default.")
    var everyFrame = false

    func validate() throws {
        if motionOnly && everyFrame { throw ValidationError("give --motion-only or --every-frame, not both") }
    }

    func run() throws {
        let environment = CommandContext.current.environment
        let suite: RegressionSuite
        do throws(SuiteError) { suite = try RegressionSuite(folder: self.suite) } catch {
            throw CommandFailure(message: error.description, status: ExitStatus(for: error))
        }
        var part: (index: Int, count: Int)?
        try reportingErrors { () throws(ScrollRenderError) in
            if let shard, case .shard(let index, let count) = try FrameSelection(shard: shard, environment: environment) {
                part = (index, count)
            }
        }
        if let unknown = names.first(where: { name in !suite.cases.contains { $0.name == name } }) {
            throw CommandFailure(message: "--filter: the suite has no scenario named \(unknown)", status: .usage)
        }
        var plan = RegressionSuite.CheckPlan(picture: picture)
        plan.record = try RecordMode.commandLine(record, environment: environment)
        plan.comparison = comparison.overrides
        plan.fullResolution = fullResolution
        plan.newGolden = motionOnly ? .motion : everyFrame ? .frames : .keyframes
        let checks = suite.checks(suite.selected(names: names, shard: part), plan: plan) { approveCommand($0.name) }
        try reportingErrors { () throws(ScrollRenderError) in
            try OutputPaths.refuseInputs(outputs: [junitArguments.junit, report].compactMap { $0 },
                                        inputs: [OutputPaths.Input(suite.folder, "the suite")] + (picture.map { [OutputPaths.Input($0, "the picture")] } ?? []))
        }
        // A signal from here on stops the cases between frames; the work folder and the report's
        // staging go, and the goldens stay whole.
        let cancellation = SignalHandling.cancellationOnInterrupt()
        _ = cancellation.beginStaging()
        let work = try WorkFolder.make(named: "scrollrender-test")
        defer { work.remove() }
        let page = try failing { () throws(ReportError) in try report.map { folder throws(ReportError) in try HTMLReporter(path: folder, layout: .suite, naming: \.flag) } }
        let name = FileSystem.lastComponent(of: suite.folder)
        let identity = SuitePart(suite: name, folder: suite.folder, cases: suite.selected(names: names, shard: nil).map(\.name),
                                 index: part?.index ?? 1, count: part?.count ?? 1)
        let reporters = Self.reporters(page: page, junit: junitArguments.junit, suite: name)
        var context = CheckContext(workFolder: work.path)
        context.cancellation = cancellation
        let run = try failing { () throws(ReportError) in
            try CheckRunner(reporters: reporters, context: context).run(checks, name: "scrollrender test \(name)", part: identity,
                                                                        approval: page.map { Self.approval(report: $0.path) })
        }
        try Self.conclude(run, report: page)
    }

    /// The command that approves every change a report shows.
    static func approval(report: String) -> String {
        ["scrollrender", "approve", report].map(ShellWord.quoted).joined(separator: " ")
    }

    /// The command that approves a scenario's change.
    func approveCommand(_ name: String) -> String {
        (["scrollrender", "test", suite] + (picture.map { ["--picture", $0] } ?? []) + comparison.words + ["--record", "failed", "--filter", name]
            + (fullResolution ? ["--full-resolution"] : [])).map(ShellWord.quoted).joined(separator: " ")
    }

    /// A suite run's outputs, in the order they are ended: the report's results, the report put
    /// in place, the JUnit file, then the CI log.
    static func reporters(page: HTMLReporter?, junit: String?, suite: String?) -> Reporters {
        var all: [any CheckReporter] = []
        if let page { all += [ResultsReporter(inside: page, naming: \.flag), page] }
        if let junit { all.append(JUnitReporter(path: junit, className: "scrollrender.test" + (suite.map { "." + $0 } ?? ""), naming: \.flag)) }
        all.append(LogReporter(naming: \.flag, write: StandardOutput.log))
        // In a GitHub Actions job: annotations on the failing scenarios, and the job's summary.
        let environment = CommandContext.current.environment
        if environment["GITHUB_ACTIONS"] == "true" {
            all.append(GitHubReporter(summaryFile: environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }, naming: \.flag,
                                      write: StandardOutput.log))
        }
        return Reporters(all)
    }

    /// Where the report is, and the exit status of a suite run or a merge.
    static func conclude(_ run: CheckRun, report: HTMLReporter?) throws {
        if let report { StandardError.line("scrollrender: report: \(report.path)/index.html") }
        if !run.passed { throw CommandFailure(message: "", status: .differencesFound) }
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

    @OptionGroup var junitArguments: JUnitArguments

    func run() throws {
        try reportingErrors { () throws(ScrollRenderError) in
            try OutputPaths.refuseInputs(outputs: [output] + [junitArguments.junit].compactMap { $0 },
                                        inputs: parts.map { OutputPaths.Input($0, "a part") })
        }
        let page = try failing { () throws(ReportError) in try HTMLReporter(path: output, layout: .suite, naming: \.flag) }
        let run = try failing { () throws(ReportError) in
            do throws(ReportError) {
                var run = try ReportMerge.run(of: parts, into: page)
                run.approval = Test.approval(report: page.path)
                try Test.reporters(page: page, junit: junitArguments.junit, suite: run.part?.suite).end(run)
                return run
            } catch {
                page.discard()
                throw error
            }
        }
        try Test.conclude(run, report: page)
    }
}
