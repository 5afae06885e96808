import ArgumentParser
import FileSystem
import Foundation
import FrameDiff
import Geometry
import ScrollRenderKit
import TextFormat
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

    @Option(help: ArgumentHelp("Per-channel difference, 0–255, that still counts as equal.", valueName: "n"))
    var tolerance = 0

    @Option(help: ArgumentHelp("Perceptual threshold, 0–1, as pixelmatch and Playwright take it: a pixel whose YIQ colour distance is at most 35215 × threshold² counts as equal (besides --tolerance: a pixel differs only when over both).", valueName: "t"))
    var threshold: Double?

    @Flag(help: "The perceptual comparison at pixelmatch's default threshold: --threshold 0.1.")
    var perceptual = false

    @Option(name: .customLong("mask"), help: ArgumentHelp("A rectangle in points (x, y, width, height) left out of every frame: not compared, counted or boxed, hatched in the report. Repeatable.", valueName: "X,Y,W,H"))
    var masks: [RectValue] = []

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
        if let threshold, !(0...1).contains(threshold) {
            throw ValidationError("--threshold must be from 0 to 1, not \(threshold)")
        }
        for mask in masks.map(\.rect) {
            let numbers = [mask.origin.x, mask.origin.y, mask.size.width, mask.size.height]
            guard numbers.allSatisfy({ $0.isFinite && abs($0) <= 1_000_000 }), mask.size.width > 0, mask.size.height > 0 else {
                throw ValidationError("--mask must be X,Y,W,H in points with a positive width and height, not \(numbers.map { TextFormat.number($0) }.joined(separator: ","))")
            }
        }
    }

    /// Both caps may be given: a frame over either fails.
    var diffTolerance: DiffTolerance {
        let limit: DiffTolerance.PixelLimit = switch (maxDiffPixels, maxDiffRatio) {
        case let (count?, ratio?): .both(count: count, ratio: ratio)
        case let (nil, ratio?): .ratio(ratio)
        case let (count, nil): .count(count ?? 0)
        }
        return DiffTolerance(channel: tolerance, differingPixels: limit,
                             threshold: threshold ?? (perceptual ? DiffTolerance.pixelmatchThreshold : nil))
    }

    func run() throws {
        // Frame pairs allocate and free the same blocks of megabytes: keep them (allocator.c).
        _ = sr_reuse_freed_blocks()
        try refuseOutputsOverInputs()
        let mode = try recordMode(environment: CommandContext.current.environment)
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
        // A bar on a terminal; a line every few seconds in a CI log.
        let progress = ProgressBar.standardError(quiet: false, activity: "compared")
        defer { progress.finish() }
        do throws(DiffError) {
            page = try self.report.map { folder throws(DiffError) in try ReportFolder.begin(folder) }
            // A report keeps the pictures of a few frames; --diff-out, beside it or alone, all of them.
            let reportPictures = page.map { DiffArtifacts.report(folder: $0.framesFolder) }
            let allPictures = diffOut.map { DiffArtifacts(folder: $0) }
            report = try FrameDiffer.compare(expected: expected, actual: actual, tolerance: diffTolerance, masks: masks.map(\.rect),
                                             artifacts: reportPictures ?? allPictures, alsoWriting: reportPictures == nil ? nil : allPictures,
                                             memoryLimit: OutputOptions.bytes(megabytes: maxMemory) ?? MemoryBudget.defaultLimit,
                                             offsetTolerance: offsetTolerance, onDecoded: page?.thumbnailWriter,
                                             progress: progress.update,
                                             interruption: { cancellation.signalNumber })
            progress.finish()
            if let signal = cancellation.signalNumber { throw DiffError.interrupted(signal: signal) }
            report.approve = command(record: .failed)
            try page?.finish(report)
            if let page { report = page.published(report) }
        } catch {
            if case .interrupted = error {
                page?.discard()
                throw CommandFailure(message: error.description, status: ExitStatus(for: error))
            }
            page?.discard()
            let message = describe(error)
            try writeJUnit(JUnitReport.Case(name: caseName, seconds: (clock.now - start).seconds, outcome: .notCompared(message)))
            throw CommandFailure(message: message, status: ExitStatus(for: error))
        }
        if let page { StandardError.line("scrollrender: report: \(page.path)/index.html") }
        try writeJUnit(JUnitReport.Case(name: caseName, seconds: (clock.now - start).seconds, outcome: .compared(report)))
        try StandardOutput.write(json ? report.json() : report.text + "\n")
        if mode != .never {
            try record(mode, after: report, cancellation: cancellation)
            return
        }
        if let differences = report.differences {
            // The text ends with the command that approves it; JSON has it as "approve", and stderr too.
            let approve = json ? report.approve.map { "; to approve: \($0)" } ?? "" : ""
            throw CommandFailure(message: "differences found: \(differences)\(approve)", status: .differencesFound)
        }
    }

    /// What went wrong, in one line; a missing golden says how to record it.
    func describe(_ error: DiffError) -> String {
        if case .notFound(let path) = error, path == expected {
            return "\(expected): no golden here yet; record it from \(actual) with: \(command(record: .missing))"
        }
        return error.description
    }

    /// This comparison as a command, with its tolerances and masks, recording as `record` says:
    /// the command that approves a failure. The user's paths are quoted for a POSIX shell.
    func command(record: RecordMode) -> String {
        var words = ["scrollrender", "diff", expected, actual]
        if tolerance != 0 { words += ["--tolerance", String(tolerance)] }
        if let maxDiffPixels { words += ["--max-diff-pixels", String(maxDiffPixels)] }
        if let maxDiffRatio { words += ["--max-diff-ratio", TextFormat.number(maxDiffRatio)] }
        if let threshold { words += ["--threshold", TextFormat.number(threshold)] } else if perceptual { words.append("--perceptual") }
        for mask in masks.map(\.rect) {
            words += ["--mask", [mask.origin.x, mask.origin.y, mask.size.width, mask.size.height].map { TextFormat.number($0) }.joined(separator: ",")]
        }
        if offsetTolerance != 0 { words += ["--offset-tolerance", TextFormat.number(offsetTolerance)] }
        words += ["--record", record.rawValue]
        return words.map(ShellWord.quoted).joined(separator: " ")
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
