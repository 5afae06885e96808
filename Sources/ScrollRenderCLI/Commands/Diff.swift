import ArgumentParser
import FrameDiff

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

            Reports, for each frame that differs, the largest channel difference, how many pixels \
            differ (and what fraction of the frame), and the box around them; and, in their own \
            words, missing and extra frames and a different frame size or frame rate.

            Exit status: 0 equal within the tolerance, 1 different, 64 bad arguments, \
            65 not a PNG or corrupt data, 66 missing input, 73 --diff-out cannot be written.
            """)

    @Argument(help: "The reference: a frame folder with manifest.json, or a PNG file.")
    var expected: String

    @Argument(help: "What to check against it: the same kind of input.")
    var actual: String

    @Option(help: ArgumentHelp("Per-channel difference, 0–255, that still counts as equal.", valueName: "n"))
    var tolerance = 0

    @Option(help: ArgumentHelp("Pixels per frame allowed to differ by more than --tolerance (default 0).", valueName: "n"))
    var maxDiffPixels: Int?

    @Option(help: ArgumentHelp("Fraction of each frame's pixels, 0–1, allowed to differ by more than --tolerance.", valueName: "r"))
    var maxDiffRatio: Double?

    @Option(help: ArgumentHelp("Write <frame>.expected.png, .actual.png and .diff.png for each differing frame into this folder (created if needed).", valueName: "dir"))
    var diffOut: String?

    @Flag(help: "Print the report as JSON on stdout.")
    var json = false

    func validate() throws {
        guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0–255, not \(tolerance)") }
        if maxDiffPixels != nil && maxDiffRatio != nil {
            throw ValidationError("give --max-diff-pixels or --max-diff-ratio, not both")
        }
        if let maxDiffPixels, maxDiffPixels < 0 {
            throw ValidationError("--max-diff-pixels must be 0 or more, not \(maxDiffPixels)")
        }
        if let maxDiffRatio, !(0...1).contains(maxDiffRatio) {
            throw ValidationError("--max-diff-ratio must be a fraction from 0 to 1, not \(maxDiffRatio)")
        }
    }

    var diffTolerance: DiffTolerance {
        DiffTolerance(channel: tolerance, differingPixels: maxDiffRatio.map { .ratio($0) } ?? .count(maxDiffPixels ?? 0))
    }

    func run() throws {
        let report: DiffReport
        do throws(DiffError) {
            report = try FrameDiffer.compare(expected: expected, actual: actual, tolerance: diffTolerance,
                                             artifacts: diffOut.map { DiffArtifacts(folder: $0) })
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus(for: error))
        }
        try StandardOutput.write(json ? report.json() : report.text + "\n")
        if let differences = report.differences {
            throw CommandFailure(message: "differences found: \(differences)", status: .differencesFound)
        }
    }
}
