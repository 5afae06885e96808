import ArgumentParser
import FileSystem
import Foundation
import FrameDiff
import ScrollRenderKit
import _ScrollRenderShims

/// `scrollrender diff EXPECTED ACTUAL`: compares two frame sequences or two PNG files by decoded
/// pixels, for visual-regression checks in CI.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
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

            A folder holding only a manifest.json (cp out/manifest.json motion/) is a motion golden: \
            every frame's contentOffset and zoomScale (within --offset-tolerance) and the delegate \
            callbacks are compared, not pixels; --record writes its manifest only.

            Reports, for each frame that differs, the largest channel difference, how many pixels \
            differ (and what fraction of the frame), and the box around them; and, in their own \
            words, missing and extra frames and a different frame size or frame rate.

            Exit status: 0 equal within the tolerance (or recorded), 1 different, 64 bad arguments, \
            65 not a PNG or corrupt data, 66 missing input, 73 --diff-out, --junit or a recording cannot be written.
            """)

    @Argument(help: "The reference: a frame folder with manifest.json, or a PNG file.")
    var expected: String

    @Argument(help: "What to check against it: the same kind of input.")
    var actual: String

    @Option(help: ArgumentHelp("Per-channel difference, 0–255, that still counts as equal.", valueName: "n"))
    var tolerance = 0

    @Option(help: ArgumentHelp("Pixels per frame allowed to differ by more than --tolerance (default 0).", valueName: "n"))
    var maxDiffPixels: Int?

    @Option(help: ArgumentHelp("Fraction of each frame's pixels, 0–1, allowed to differ by more than --tolerance (with --max-diff-pixels too, a frame over either fails).", valueName: "r"))
    var maxDiffRatio: Double?

    @Option(help: ArgumentHelp("Write <frame>.expected.png, .actual.png and .diff.png for each differing frame into this folder (created if needed).", valueName: "dir"))
    var diffOut: String?

    @Flag(help: "Print the report as JSON on stdout.")
    var json = false

    @Option(help: ArgumentHelp("Write an HTML report into this folder: summary, each differing frame as expected, actual, diff, side by side and slider, a filmstrip, and the motion curves of both manifests. Self-contained; upload the folder as a CI artifact.", valueName: "dir"))
    var report: String?

    @Option(help: ArgumentHelp("Approve a change: copy the actual frames and manifest over the expected ones — those that differ (failed), those the expected side lacks (missing), all, or none (never, the default). SCROLLRENDER_RECORD sets the same, except when CI is set.", valueName: "failed|missing|all|never"))
    var record: RecordMode?

    @Option(help: ArgumentHelp("Also write the result as JUnit XML (one test case for the comparison), for CI test reporters.", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Against a motion golden (a folder holding only manifest.json): how far each frame's contentOffset may part, in points (default 0).", valueName: "PT"))
    var offsetTolerance = 0.0

    @Option(help: ArgumentHelp("The memory the comparison may use for decoded frames (default: half of what the machine or its container gives): fewer frames at once under a low limit; frames too large for it are refused.", valueName: "MB"))
    var maxMemory: Int?

    func validate() throws {
        try OutputOptions.checkMaxMemory(maxMemory)
        guard offsetTolerance.isFinite, (0...1_000_000).contains(offsetTolerance) else {
            throw ValidationError("--offset-tolerance must be from 0 to 1000000 points, not \(offsetTolerance)")
        }
        guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0–255, not \(tolerance)") }
        if let maxDiffPixels, maxDiffPixels < 0 {
            throw ValidationError("--max-diff-pixels must be 0 or more, not \(maxDiffPixels)")
        }
        if let maxDiffRatio, !(0...1).contains(maxDiffRatio) {
            throw ValidationError("--max-diff-ratio must be a fraction from 0 to 1, not \(maxDiffRatio)")
        }
    }

    /// Both caps may be given: a frame over either fails.
    var diffTolerance: DiffTolerance {
        let limit: DiffTolerance.PixelLimit = switch (maxDiffPixels, maxDiffRatio) {
        case let (count?, ratio?): .both(count: count, ratio: ratio)
        case let (nil, ratio?): .ratio(ratio)
        case let (count, nil): .count(count ?? 0)
        }
        return DiffTolerance(channel: tolerance, differingPixels: limit)
    }

    func run() throws {
        // Frame pairs allocate and free the same blocks of megabytes: keep them (allocator.c).
        _ = sr_reuse_freed_blocks()
        try refuseOutputsOverInputs()
        let mode = try recordMode(environment: ProcessInfo.processInfo.environment)
        // A signal from here on stops the comparison between frames, and whatever was staged goes.
        let cancellation = SignalHandling.cancellationOnInterrupt()
        _ = cancellation.beginStaging()
        // A golden a killed --record left half replaced is made whole before it is read.
        for folder in [expected, actual] where !OutputFolder.settleInterruptedSwaps(folder) {
            let error = DiffError.replacementInProgress(folder: folder)
            throw CommandFailure(message: error.description, status: ExitStatus(for: error))
        }
        if try recordNew(mode, cancellation: cancellation) { return }
        var report: DiffReport
        let clock = ContinuousClock(), start = clock.now
        var page: ReportFolder?
        let progress = ProgressBar(enabled: !json && isatty(STDERR_FILENO) == 1)
        defer { progress.finish() }
        do throws(DiffError) {
            page = try self.report.map { folder throws(DiffError) in try ReportFolder.begin(folder) }
            // A report keeps the pictures of a few frames; --diff-out, beside it or alone, all of them.
            let reportPictures = page.map { DiffArtifacts.report(folder: $0.framesFolder) }
            let allPictures = diffOut.map { DiffArtifacts(folder: $0) }
            report = try FrameDiffer.compare(expected: expected, actual: actual, tolerance: diffTolerance,
                                             artifacts: reportPictures ?? allPictures, alsoWriting: reportPictures == nil ? nil : allPictures,
                                             memoryLimit: OutputOptions.bytes(megabytes: maxMemory) ?? MemoryBudget.defaultLimit,
                                             offsetTolerance: offsetTolerance, onDecoded: page?.thumbnailWriter,
                                             progress: progress.update,
                                             interruption: { cancellation.signalNumber })
            progress.finish()
            if let signal = cancellation.signalNumber { throw DiffError.interrupted(signal: signal) }
            try page?.finish(report)
            if let page { report = page.published(report) }
        } catch {
            if case .interrupted = error {
                page?.discard()
                throw CommandFailure(message: error.description, status: ExitStatus(for: error))
            }
            page?.discard()
            try writeJUnit(JUnitReport.Case(name: caseName, seconds: (clock.now - start).seconds, outcome: .notCompared(error.description)))
            throw CommandFailure(message: error.description, status: ExitStatus(for: error))
        }
        if let page { StandardError.line("scrollrender: report: \(page.path)/index.html") }
        try writeJUnit(JUnitReport.Case(name: caseName, seconds: (clock.now - start).seconds, outcome: .compared(report)))
        try StandardOutput.write(json ? report.json() : report.text + "\n")
        if mode != .never {
            try record(mode, after: report, cancellation: cancellation)
            return
        }
        if let differences = report.differences {
            throw CommandFailure(message: "differences found: \(differences)", status: .differencesFound)
        }
    }

    /// The test case's name: the actual sequence's folder (or file) name.
    var caseName: String {
        FileSystem.lastComponent(of: FileSystem.trimmingTrailingSlashes(actual))
    }

    func writeJUnit(_ item: JUnitReport.Case) throws {
        guard let junit else { return }
        do throws(FileSystemError) {
            try FileSystem.writeAtomically(Array(JUnitReport(cases: [item]).xml.utf8), to: junit)
        } catch {
            throw CommandFailure(message: "\(junit): cannot write the JUnit report: \(error.reason)", status: .cannotCreate)
        }
    }
}
