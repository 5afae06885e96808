import ArgumentParser
import FrameDiff
import GoldenCheck
import Geometry
import TextFormat

/// What still counts as equal, for `diff` and `test` alike: one declaration of each option, one
/// rule for each, one spelling of them back into an approve command.
struct ComparisonArguments: ParsableArguments {
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

    @Option(help: ArgumentHelp("How far each frame's contentOffset may part, in points (default 0): a motion golden's test (a folder holding only manifest.json), and the measure of the motion verdict that leads a frame golden's.", valueName: "PT"))
    var offsetTolerance = 0.0

    func validate() throws {
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

    /// The options as the check takes them; both pixel caps may be given: a frame over either fails.
    var options: ComparisonOptions {
        let limit: DiffTolerance.PixelLimit = switch (maxDiffPixels, maxDiffRatio) {
        case let (count?, ratio?): .both(count: count, ratio: ratio)
        case let (nil, ratio?): .ratio(ratio)
        case let (count, nil): .count(count ?? 0)
        }
        return ComparisonOptions(tolerance: DiffTolerance(channel: tolerance, differingPixels: limit,
                                                          threshold: threshold ?? (perceptual ? DiffTolerance.pixelmatchThreshold : nil)),
                                 masks: masks.map(\.rect), offsetTolerance: offsetTolerance)
    }

    /// The options given, as command-line words: an approve command repeats them.
    var words: [String] {
        var words: [String] = []
        if tolerance != 0 { words += ["--tolerance", String(tolerance)] }
        if let maxDiffPixels { words += ["--max-diff-pixels", String(maxDiffPixels)] }
        if let maxDiffRatio { words += ["--max-diff-ratio", TextFormat.number(maxDiffRatio)] }
        if let threshold { words += ["--threshold", TextFormat.number(threshold)] } else if perceptual { words.append("--perceptual") }
        for mask in masks.map(\.rect) {
            words += ["--mask", [mask.origin.x, mask.origin.y, mask.size.width, mask.size.height].map { TextFormat.number($0) }.joined(separator: ",")]
        }
        if offsetTolerance != 0 { words += ["--offset-tolerance", TextFormat.number(offsetTolerance)] }
        return words
    }
}
