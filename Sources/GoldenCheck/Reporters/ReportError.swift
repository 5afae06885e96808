/// Why an output of a run could not be made or read: the run's cases were checked (and recorded)
/// all the same.
public enum ReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or folder cannot be written.
    case cannotWrite(path: String, reason: String)
    /// The folder exists and is not an earlier report of scrollrender's, so it is not replaced.
    case notAnEarlierReport(path: String)
    /// A part to merge is missing.
    case notFound(path: String)
    /// A part to merge is not a report a run of ours wrote, or is damaged.
    case unreadable(path: String, reason: String)
    /// Parts that are not the shards of one run of one suite: of two suites, one shard twice, or
    /// a shard missing.
    case partsDoNotFit(String)
    /// A signal stopped the run before its outputs were written.
    case interrupted(signal: Int32)
    /// The log's reader went away (a closed pipe): the run ends quietly.
    case outputClosed
    /// The log could not be written (a full disk).
    case outputFailed(reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "\(path): cannot write: \(reason)"
        case .notAnEarlierReport(let path):
            "\(path): it exists and is not an earlier scrollrender report (which holds the file \(HTMLReporter.markerName)); choose another folder or remove it"
        case .notFound(let path): "\(path): no such report"
        case .unreadable(let path, let reason): "\(path): not a scrollrender report: \(reason)"
        case .partsDoNotFit(let problem): "cannot merge: \(problem)"
        case .interrupted(let signal): "interrupted by signal \(signal); no report was written and no golden was left half replaced"
        case .outputClosed: ""
        case .outputFailed(let reason): "standard output: write failed: \(reason)"
        }
    }
}
