import ArgumentParser
import FrameDiff
import GoldenCheck
import Geometry
import TextFormat

/// What still counts as equal, for `diff` and `test` alike: one declaration of each option, one
/// rule for each, one spelling of them back into an approve command.
struct ComparisonArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Per-channel difference, 0–255, that still counts as equal (default 0).", valueName: "n"))
    var tolerance: Int?

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

    @Option(help: ArgumentHelp("How far each frame's contentOffset may part, in points (default 0): a motion golden's test (a folder holding only manifest.json), and the measure of the motion verdict that leads a frame golden's.", valueName: "PT"))
    var offsetTolerance: Double?

    /// The options given here, unset where the command line says nothing (a suite's scenarios and
    /// defaults fill those in).
    var overrides: ComparisonOverrides {
        ComparisonOverrides(tolerance: tolerance, threshold: threshold ?? (perceptual ? DiffTolerance.pixelmatchThreshold : nil),
                            maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, masks: masks.isEmpty ? nil : masks.map(\.rect),
                            offsetTolerance: offsetTolerance)
    }

    /// The rules are the options' own; this only says which flag broke one.
    func validate() throws {
        do throws(InvalidComparison) { _ = try overrides.options() } catch {
            throw ValidationError("\(Self.flag(error.option)) \(error.problem)")
        }
    }

    static func flag(_ option: InvalidComparison.Option) -> String {
        switch option {
        case .tolerance: "--tolerance"
        case .threshold: "--threshold"
        case .maxDiffPixels: "--max-diff-pixels"
        case .maxDiffRatio: "--max-diff-ratio"
        case .masks: "--mask"
        case .offsetTolerance: "--offset-tolerance"
        }
    }

    /// The options given, as command-line words: an approve command repeats them.
    var words: [String] {
        var words: [String] = []
        if let tolerance { words += ["--tolerance", String(tolerance)] }
        if let maxDiffPixels { words += ["--max-diff-pixels", String(maxDiffPixels)] }
        if let maxDiffRatio { words += ["--max-diff-ratio", TextFormat.number(maxDiffRatio)] }
        if let threshold { words += ["--threshold", TextFormat.number(threshold)] } else if perceptual { words.append("--perceptual") }
        for mask in masks.map(\.rect) {
            words += ["--mask", [mask.origin.x, mask.origin.y, mask.size.width, mask.size.height].map { TextFormat.number($0) }.joined(separator: ",")]
        }
        if let offsetTolerance { words += ["--offset-tolerance", TextFormat.number(offsetTolerance)] }
        return words
    }
}
