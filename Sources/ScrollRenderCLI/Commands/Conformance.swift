import ArgumentParser
import FileSystem
import Foundation
import FrameDiff
import GoldenCheck
import ScrollRenderKit
import TextFormat

/// `scrollrender conformance`: the iOS scroll conformance vectors, and a score for another
/// implementation's offsets against them (docs/CONFORMANCE.md).
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Exports iOS scroll conformance vectors, and scores another implementation's offsets against them.",
        subcommands: [ConformanceExportCommand.self, ConformanceScoreCommand.self])
}

/// `scrollrender conformance export DIR`.
struct ConformanceExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Writes the conformance vectors into DIR: each gesture's input, view, offsets at the display rate and delegate callbacks, and index.json.",
        discussion: """
            DIR must not exist or be empty; the set is staged beside it and put in place whole. \
            The same bytes every time for one model version. Formats: docs/CONFORMANCE.md.

            Exit status: 0 written, 73 DIR cannot be created or is not empty, 74 writing failed.
            """)

    @Argument(help: "The folder to write the set into.")
    var folder: String

    @Option(help: ArgumentHelp("Also carry the calibration recordings found in this folder (device-flick.csv, …): each recording's input as a vector, the recording beside it and the model's measured error against it.", valueName: "DIR"))
    var recordings: String?

    func run() throws {
        var count = 0
        try reportingErrors { () throws(ScrollRenderError) in
            let vectors = try ConformanceExport.vectors(recordings: recordings)
            try ConformanceExport.write(to: folder, vectors)
            count = vectors.count
        }
        try StandardOutput.write("wrote \(count) conformance vectors (version \(ConformanceVector.formatVersion)) into \(FileSystem.printable(folder))\n")
    }
}

/// `scrollrender conformance score DIR THEIRS`.
struct ConformanceScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Scores another implementation's offsets for each vector against the model's; exit 1 outside the tolerances.",
        discussion: """
            THEIRS holds NAME.csv for each vector NAME of DIR: a header naming t and offsetY (and \
            optionally offsetX), then a row per frame, t in seconds on the vector's clock (its input's \
            first sample at 0), their own frame times, from the first touch until the motion rests.

            Each vector is scored on compare-motion's measures: the offset at release, the travel \
            after it, the path after release (after the best shift within ±16 ms), the dragging \
            writes, the resting offset, the peak past the rest and the time from the last release \
            to the last write that moved the offset.

            Exit status: 0 within the tolerances, 1 outside them or a vector without offsets, 64 bad \
            arguments, 65 a malformed CSV or a set changed since its export, 66 a missing set or no \
            offsets at all, 73 --junit or --html cannot be written.
            """)

    @Argument(help: "A set written by scrollrender conformance export.")
    var vectors: String

    @Argument(help: "A folder of NAME.csv files: t,offsetY[,offsetX].")
    var theirs: String

    @OptionGroup var tolerance: MotionToleranceArguments

    @Flag(help: "Print every vector's measures, checks and verdict as JSON instead of the table.")
    var json = false

    @OptionGroup var junitArguments: JUnitArguments

    @Option(help: ArgumentHelp("Also write an HTML page: the table, then each vector's contentOffset.y against time, theirs beside iOS's.", valueName: "FILE"))
    var html: String?

    var tolerances: RecordedMotionTolerances { tolerance.tolerances }

    func run() throws {
        var score: ConformanceScore?
        try reportingErrors { () throws(ScrollRenderError) in
            let outputs = [junitArguments.junit, html].compactMap { $0 }
            if !outputs.isEmpty {
                try OutputPaths.refuseInputs(outputs: outputs, inputs: [OutputPaths.Input(vectors, "the vectors"), OutputPaths.Input(theirs, "their offsets")])
            }
            score = try ConformanceScore(vectors: vectors, theirs: theirs)
        }
        guard let score else { return }
        try failing { () throws(ReportError) in try reporters.end(run(score)) }
        if let html {
            do throws(FileSystemError) {
                try FileSystem.writeAtomically(Array(page(score).utf8), to: html)
            } catch {
                throw CommandFailure(message: "\(html): cannot write the HTML page: \(error.reason)", status: .cannotCreate)
            }
        }
        try StandardOutput.write((json ? jsonText(score) : score.table(tolerances)) + "\n")
        guard score.passes(tolerances) else {
            throw CommandFailure(message: "conformance " + score.verdict(tolerances), status: .differencesFound)
        }
    }

    /// The suite's outputs besides the table: JUnit, and in a GitHub Actions job its annotations
    /// and summary, as `test` gives them (not with --json: standard output is then JSON alone).
    var reporters: Reporters {
        var all: [any CheckReporter] = []
        if let junit = junitArguments.junit { all.append(JUnitReporter(path: junit, className: "scrollrender.conformance", naming: \.flag)) }
        let environment = CommandContext.current.environment
        if environment["GITHUB_ACTIONS"] == "true", !json {
            all.append(GitHubReporter(summaryFile: environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }, naming: \.flag,
                                      write: StandardOutput.log))
        }
        return Reporters(all)
    }

    /// The score as a run of checks whose actuals come from files: one per vector, its report the
    /// measures (theirs and iOS's values), erroring when they logged none.
    func run(_ score: ConformanceScore) -> CheckRun {
        CheckRun(name: "scrollrender conformance score", results: score.entries.map { entry in
            let expected = FileSystem.join(vectors, entry.vector.expectedFile)
            guard let checks = score.checks(entry, tolerances) else {
                return CheckResult(name: entry.vector.name, outcome: .failed(.reported("no offsets: no \(FileSystem.printable(entry.path))")), golden: expected)
            }
            let report = DiffReport(measures: checks.map(Self.line), outside: score.failures(entry, tolerances), expected: expected, actual: entry.path,
                                    tolerances: tolerances.description)
            let comparison = DiffComparison(report: report)
            return CheckResult(name: entry.vector.name, outcome: report.passed ? .passed(comparison) : .differs(comparison), golden: expected, actual: entry.path)
        })
    }

    /// "offset at release: theirs 41.67 pt, iOS 57.67 pt (-16.00), tolerance ±3 pt OUTSIDE".
    static func line(_ check: RecordedMotionCheck) -> String {
        let values = check.recorded.map { String(format: "theirs %.2f %@, iOS %.2f %@ (%+.2f)", $0, check.unit, check.model ?? 0, check.unit, $0 - (check.model ?? 0)) }
            ?? String(format: "%.2f %@", check.error, check.unit)
        return "\(check.name): \(values), tolerance \(check.recorded == nil ? "" : "±")\(TextFormat.number(check.limit)) \(check.unit)\(check.passed ? "" : " OUTSIDE")"
    }

    /// The table, then each vector's curves: iOS's offsets and theirs, its releases marked.
    func page(_ score: ConformanceScore) -> String {
        MotionCurvesPage(
            title: "scrollrender conformance score", result: score.verdict(tolerances), passed: score.passes(tolerances), table: score.table(tolerances),
            cases: score.entries.map { entry in
                let checks = score.checks(entry, tolerances)
                return MotionCurvesPage.Case(
                    name: entry.vector.name, passed: checks?.allSatisfy(\.passed) ?? false, lines: [entry.vector.summary] + score.failures(entry, tolerances),
                    expected: entry.expected.map { ($0.time, $0.offset.y) }, actual: entry.theirs.map { ($0.time, $0.offset.y) },
                    marks: entry.vector.releases.map { ($0, "scrollViewWillEndDragging") })
            },
            expectedName: "iOS (scrollrender's model)", actualName: "theirs").html
    }

    /// The tolerances, each vector's checks (nil without offsets) and comparison, whether all passed, the verdict.
    func jsonText(_ score: ConformanceScore) -> String {
        struct Vector: Encodable {
            var name: String
            var evidence: String
            var passed: Bool
            var checks: [RecordedMotionCheck]?
            var comparison: RecordedMotionComparison?
        }
        struct Output: Encodable {
            var vectors: [Vector]
            var tolerances: RecordedMotionTolerances
            var passed: Bool
            var verdict: String
        }
        let output = Output(
            vectors: score.entries.map { entry in
                Vector(name: entry.vector.name, evidence: entry.vector.evidence.rawValue, passed: entry.comparison?.passes(tolerances) ?? false,
                       checks: score.checks(entry, tolerances), comparison: entry.comparison)
            },
            tolerances: tolerances, passed: score.passes(tolerances), verdict: score.verdict(tolerances))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(output)) ?? Data(), as: UTF8.self)
    }
}
