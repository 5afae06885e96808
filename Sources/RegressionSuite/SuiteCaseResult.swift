import FrameDiff

/// What became of one case of a suite run, kept as JSON beside its report (`results.json`) so
/// that the shards of one suite merge into one report.
public struct SuiteCaseResult: Sendable, Codable, Hashable {
    public enum Status: String, Sendable, Codable, Hashable {
        /// Equal to its golden within the tolerances.
        case passed
        /// Different from its golden, and not recorded.
        case failed
        /// No golden, and recording was off.
        case missing
        /// Its golden was written (new, or the changes approved by the record mode).
        case recorded
        /// It could not be rendered or compared (a bad scenario, an unreadable golden).
        case error
    }

    public var name: String
    public var status: Status
    public var seconds: Double
    /// One line: the comparison's result, what was recorded, or what went wrong.
    public var verdict: String
    /// The comparison, when there was one.
    public var report: DiffReport?
    /// The case's diff page, relative to the suite's report folder.
    public var page: String?

    /// A case the CI job should fail on.
    public var fails: Bool { status == .failed || status == .missing || status == .error }
}
