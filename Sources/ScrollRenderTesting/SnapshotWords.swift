import FrameDiff
import GoldenCheck
import TextFormat

/// What a failing snapshot test says: the verdict first — where the motion parts, then the pixels
/// — the report, the actual frames and the command that approves the change; or that a golden was
/// recorded, which a test reports too so that it is looked at before it is committed.
struct SnapshotWords: Sendable {
    var snapshot: ScrollSnapshot
    var mode: RecordMode
    var report: HTMLReporter

    /// `nil` when the test passes.
    func message(_ result: CheckResult) -> String? {
        let (name, golden) = (snapshot.name, snapshot.goldenFolder)
        if let recorded = result.recorded {
            switch recorded.what {
            case .newGolden:
                return "Recorded a new golden for \"\(name)\" at \(golden) (record: \(mode.rawValue)). Look at its frames, commit them, and run the test again."
            case .rewritten:
                return "Re-recorded \"\(name)\" at \(golden) (record: \(mode.rawValue))."
            case .change:
                return "Recorded the changed frames of \"\(name)\" into \(golden) (record: \(mode.rawValue)): \(recorded.differences ?? "")."
            }
        }
        switch result.outcome {
        case .passed, .failed: return nil
        case .missingGolden:
            return "No golden for \"\(name)\" at \(golden): recording is off (CI is set, or record is .never). Run the test locally to record it; the frames are in \(result.actual ?? "")."
        case .differs(let comparison):
            let refusal = result.recordingRefused.map { "\nNot recorded: " + TextFormat.naming($0) { "\($0):" } } ?? ""
            return """
                \(comparison.report.differences ?? "differs")
                Scroll snapshot "\(name)" differs from \(golden):
                \(comparison.report.verdictLines(everyFrame: "every frame: the report").joined(separator: "\n"))
                Report: \(report.path)/index.html
                Actual frames: \(result.actual ?? "")
                To approve: \(snapshot.approveCommand)
                """ + refusal
        }
    }
}
