import ArgumentParser
import ScrollRenderKit

/// How far a motion may be off a device's or the model's: one declaration and one rule for
/// `compare-motion` and `conformance score`, which measure motion the same way.
struct MotionToleranceArguments: ParsableArguments {
    @Option(help: ArgumentHelp("How far the offset at release, the travel after it, the resting offset, the peak past the rest and each dragging write may be off (default 3).", valueName: "PT"))
    var offsetTolerance = RecordedMotionTolerances().offset

    @Option(help: ArgumentHelp("How far the path after release may be off, after the best shift within ±16 ms (default 5).", valueName: "PT"))
    var pathTolerance = RecordedMotionTolerances().path

    @Option(help: ArgumentHelp("How far the time from the last release to the last write may be off (default 20).", valueName: "MS"))
    var timeTolerance = RecordedMotionTolerances().lastWrite * 1000

    func validate() throws {
        for (name, value) in [("--offset-tolerance", offsetTolerance), ("--path-tolerance", pathTolerance), ("--time-tolerance", timeTolerance)] {
            guard value.isFinite, (0...1_000_000).contains(value) else { throw ValidationError("\(name) must be from 0 to 1000000, not \(value)") }
        }
    }

    var tolerances: RecordedMotionTolerances {
        RecordedMotionTolerances(offset: offsetTolerance, path: pathTolerance, lastWrite: timeTolerance / 1000)
    }
}
