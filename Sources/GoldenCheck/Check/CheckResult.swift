import FrameDiff
import FrameSequence

/// What became of one case: the outcome of its comparison, what was recorded, and everything the
/// outputs need — the manifests were read once, by the comparison, and are kept here.
public struct CheckResult: Sendable {
    public enum Outcome: Sendable {
        /// Equal to its golden within the options.
        case passed(DiffComparison)
        /// Different from its golden.
        case differs(DiffComparison)
        /// There was no golden.
        case missingGolden
        /// It could not be checked.
        case failed(CheckFailure)
    }

    /// How a suite counts a case.
    public enum Status: String, Sendable, Hashable, Codable {
        case passed, failed, missing, recorded, error
    }

    public var name: String
    public var outcome: Outcome
    /// What was written into the golden, if anything.
    public var recorded: GoldenRecording?
    /// What changed in the recipe since the golden was recorded (`fling 800 → 820 pt/s`), when
    /// the case differs: the why that leads every output.
    public var recipeChanges: [String] = []
    /// Why the record mode wrote nothing although asked (its terms marked, see `TextFormat.naming`).
    public var recordingRefused: String?
    public var golden: String
    /// Where the actual frames are (or were, for a render in a work folder since removed).
    public var actual: String?
    /// How a reader approves this case's change, as the caller spells it (a command line).
    public var approve: String?
    /// The file that defines the case (a suite's scenario).
    public var source: String?
    public var seconds: Double

    public init(name: String, outcome: Outcome, golden: String, actual: String? = nil, approve: String? = nil, seconds: Double = 0) {
        (self.name, self.outcome, self.golden, self.actual, self.approve, self.seconds) = (name, outcome, golden, actual, approve, seconds)
    }

    /// The comparison, when there was one.
    public var comparison: DiffComparison? {
        switch outcome {
        case .passed(let comparison), .differs(let comparison): comparison
        case .missingGolden, .failed: nil
        }
    }

    public var report: DiffReport? { comparison?.report }

    public var status: Status {
        if recorded != nil { return .recorded }
        switch outcome {
        case .passed: return .passed
        case .differs: return .failed
        case .missingGolden: return .missing
        case .failed: return .error
        }
    }

    /// A case the run should fail on.
    public var fails: Bool { status == .failed || status == .missing || status == .error }
}
