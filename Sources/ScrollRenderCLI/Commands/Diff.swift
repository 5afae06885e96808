import ArgumentParser
import FileSystem
import Foundation
import FrameDiff
import GoldenCheck
import ScrollRenderKit
import TextFormat
import _AllocatorShims

/// `scrollrender diff EXPECTED ACTUAL`: compares two frame sequences or two PNG files by decoded
/// pixels, for visual-regression checks in CI — the golden check of one case.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compares two frame sequences (folders with manifest.json) or two PNG files, pixel by pixel.",
        discussion: """
            Examples:
              scrollrender diff golden/ out/                  every pixel must match
              scrollrender diff --tolerance 2 golden/ out/    changes ≤ 2 per channel pass
              scrollrender diff --max-diff-ratio 0.001 --diff-out diffs/ golden/ out/
              scrollrender diff --json expected.png actual.png
              scrollrender diff golden/ out/ --report report/ --junit junit.xml
              scrollrender diff golden/ out/ --record failed  approve the frames that changed
              scrollrender diff motion/ out/                  motion/ holds only manifest.json: compare the motion
              scrollrender diff --perceptual --mask 0,0,390,54 golden/ out/   ignore the status bar; faint changes pass

            A folder holding only a manifest.json (cp out/manifest.json motion/) is a motion golden: \
            every frame's contentOffset and zoomScale (within --offset-tolerance, at equal times, the \
            shorter motion held at its rest) and the delegate callbacks (a run of scrollViewDidScroll \
            as one) are compared, not pixels; --record writes its manifest only.

            The output leads with the verdict: where the motion parts (frame, time, both offsets) \
            whenever both manifests record motion, then the pixels — how many frames differ and the \
            first few, each with its largest channel difference, differing pixels and their box \
            (--json, --report and --diff-out have every frame) — and, in their own words, missing and \
            extra frames and a different frame size or frame rate. A failing diff ends with the \
            command that approves it.

            A pixel differs when a channel differs by more than --tolerance and, with --threshold, its \
            perceptual distance is over the threshold too. Masks are rectangles in points (at the \
            expected sequence's display scale; for two PNG files a point is a pixel).

            Exit status: 0 equal within the tolerance (or recorded), 1 different, 64 bad arguments, \
            65 not a PNG or corrupt data, 66 missing input, 73 --diff-out, --junit or a recording cannot be written.
            """)

    @Argument(help: "The reference: a frame folder with manifest.json, or a PNG file.")
    var expected: String

    @Argument(help: "What to check against it: the same kind of input.")
    var actual: String

    @OptionGroup(title: "Comparison")
    var comparison: ComparisonArguments

    @Option(help: ArgumentHelp("Write <frame>.expected.png, .actual.png and .diff.png for each differing frame into this folder (created if needed).", valueName: "dir"))
    var diffOut: String?

    @Flag(help: "Print the report as JSON on stdout.")
    var json = false

    @Option(help: ArgumentHelp("Write an HTML report into this folder: summary, each differing frame as expected, actual, diff, side by side and slider, a filmstrip, and the motion curves of both manifests. Self-contained; upload the folder as a CI artifact.", valueName: "dir"))
    var report: String?

    @Option(help: ArgumentHelp("Approve a change: copy the actual frames and manifest over the expected ones — those that differ (failed), those the expected side lacks (missing), all, or none (never, the default). SCROLLRENDER_RECORD sets the same, except when CI is set.", valueName: "failed|missing|all|never"))
    var record: RecordMode?

    @OptionGroup var junitArguments: JUnitArguments

    @OptionGroup var memory: MemoryArguments

    func run() throws {
        // Frame pairs allocate and free the same blocks of megabytes: keep them (allocator.c).
        _ = sr_reuse_freed_blocks()
        try refuseOutputsOverInputs()
        let mode = try RecordMode.commandLine(record, environment: CommandContext.current.environment)
        // A signal from here on stops the comparison between frames, and whatever was staged goes.
        let cancellation = SignalHandling.cancellationOnInterrupt()
        _ = cancellation.beginStaging()
        // A bar on a terminal; a line every few seconds in a CI log.
        let progress = ProgressBar.standardError(quiet: false, activity: "compared")
        defer { progress.finish() }
        var check = GoldenCheck(name: caseName, subject: FileSystem.isFolder(actual) ? .sequence(actual) : .picture(actual),
                                golden: expected, options: try comparison.overrides.options(), record: mode)
        check.approve = command(record: .failed)
        var context = CheckContext()
        context.allPictures = diffOut.map { DiffArtifacts(folder: $0) }
        context.memoryLimit = memory.bytes ?? MemoryBudget.defaultLimit
        context.progress = { progress.update(completed: $0, total: $1) }
        context.cancellation = cancellation
        let page = try failing { () throws(ReportError) in
            try report.map { folder throws(ReportError) in try HTMLReporter(path: folder, layout: .page(title: "scrollrender diff", always: true), naming: \.flag) }
        }
        let junit = junitArguments.junit.map { JUnitReporter(path: $0, className: "scrollrender.diff", naming: \.flag) }
        let reporters = Reporters([page as (any CheckReporter)?, junit].compactMap { $0 })
        let run = try failing { () throws(ReportError) in try CheckRunner(reporters: reporters, context: context).run([check], name: "scrollrender diff") }
        progress.finish()
        try conclude(run.results[0], mode: mode, page: page)
    }

    /// What the result means to the command line: its output and exit status.
    private func conclude(_ result: CheckResult, mode: RecordMode, page: HTMLReporter?) throws {
        switch result.outcome {
        case .failed(let failure):
            throw CommandFailure(message: failure.description(naming: \.flag), status: ExitStatus(for: failure))
        case .missingGolden:
            guard let recorded = result.recorded else {
                throw CommandFailure(message: "\(expected): no golden here yet; record it from \(actual) with: \(command(record: .missing))",
                                     status: .noInput)
            }
            StandardError.line("scrollrender: " + named(recorded.account(actual: actual, golden: expected)))
        case .passed(let comparison), .differs(let comparison):
            if let page, page.isPublished { StandardError.line("scrollrender: report: \(page.path)/index.html") }
            var report = comparison.report
            report.approve = result.approve
            try StandardOutput.write(json ? report.json() : report.text + "\n")
            if mode != .never { return try concludeRecording(result, mode: mode) }
            if let differences = report.differences {
                // The text ends with the command that approves it; JSON has it as "approve", and stderr too.
                let approve = json ? report.approve.map { "; to approve: \($0)" } ?? "" : ""
                throw CommandFailure(message: "differences found: \(differences)\(approve)", status: .differencesFound)
            }
        }
    }

    private func concludeRecording(_ result: CheckResult, mode: RecordMode) throws {
        if let refusal = result.recordingRefused {
            throw CommandFailure(message: "\(expected): \(named(refusal))", status: .differencesFound)
        }
        guard let recorded = result.recorded else {
            return StandardError.line("scrollrender: nothing to record: \(mode == .missing ? "\(expected) lacks no frame" : "\(actual) matches \(expected)")")
        }
        StandardError.line("scrollrender: " + named(recorded.account(actual: actual, golden: expected)))
    }

    /// Marked terms as this command line's options.
    private func named(_ text: String) -> String {
        TextFormat.naming(text) { NamedTerm(marked: $0).flag }
    }

    /// This comparison as a command, with its tolerances and masks, recording as `record` says:
    /// the command that approves a failure. The user's paths are quoted for a POSIX shell.
    func command(record: RecordMode) -> String {
        (["scrollrender", "diff", expected, actual] + comparison.words + ["--record", record.rawValue])
            .map(ShellWord.quoted).joined(separator: " ")
    }

    /// The test case's name: the actual sequence's folder (or file) name.
    var caseName: String {
        FileSystem.lastComponent(of: FileSystem.trimmingTrailingSlashes(actual))
    }

    /// The files and folders this comparison writes: none may be, hold or lie inside the two
    /// sequences it reads (a `--junit` over the golden's manifest would replace it).
    func refuseOutputsOverInputs() throws {
        let outputs = [junitArguments.junit, report, diffOut].compactMap { $0 }
        try reportingErrors { () throws(ScrollRenderError) in
            try OutputPaths.refuseInputs(outputs: outputs, inputs: [OutputPaths.Input(expected, "the expected sequence"),
                                                                     OutputPaths.Input(actual, "the actual sequence")])
        }
    }
}

/// A report that cannot be made fails the command in its own status.
func failing<T>(_ body: () throws(ReportError) -> T) throws(CommandFailure) -> T {
    do { return try body() } catch { throw CommandFailure(message: error.description, status: ExitStatus(for: error)) }
}
