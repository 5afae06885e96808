import ArgumentParser
import FileSystem
import FrameDiff
import ScrollRenderKit

/// `--record failed|missing|all`: approving an intended change by copying the actual frames over
/// the expected ones, as swift-snapshot-testing's record modes and Playwright's
/// `--update-snapshots` do. `SCROLLRENDER_RECORD` sets the same, except under CI, where only the
/// command line may record (a CI run must never approve its own output).
enum RecordMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Frames that differ beyond the tolerance (and frames the expected sequence lacks).
    case failed
    /// Only what the expected side lacks: a whole new golden, or frames beyond its end.
    case missing
    /// Every frame.
    case all

    /// The mode from the command line, else from `SCROLLRENDER_RECORD` unless `CI` is set; and a
    /// note when the environment's was ignored.
    static func resolve(commandLine: RecordMode?, environment: [String: String]) throws -> (RecordMode?, note: String?) {
        if let commandLine { return (commandLine, nil) }
        guard let text = environment[RecordingEnvironment.variable], !text.isEmpty, text != "never", text != "0" else { return (nil, nil) }
        guard let mode = RecordMode(rawValue: text) ?? (text == "1" ? .failed : nil) else {
            throw CommandFailure(message: "SCROLLRENDER_RECORD must be failed, missing, all or never, not \"\(text)\"", status: .usage)
        }
        if RecordingEnvironment.isCI(environment) {
            return (nil, "note: SCROLLRENDER_RECORD=\(text) is ignored because CI is set; pass --record \(mode.rawValue) to record in CI")
        }
        return (mode, nil)
    }
}

extension Diff {
    /// Records when the expected side does not exist: everything is new. Returns whether it did.
    func recordNew(_ mode: RecordMode, cancellation: Cancellation) throws -> Bool {
        guard FileSystem.kind(expected) == nil else { return false }
        try record(all: true, report: nil, mode: mode, cancellation: cancellation)
        return true
    }

    /// Copies what `mode` asks for from the actual side over the expected, after a comparison.
    func record(_ mode: RecordMode, after report: DiffReport, cancellation: Cancellation) throws {
        switch mode {
        case .all: try record(all: true, report: report, mode: mode, cancellation: cancellation)
        case .failed: if !report.passed { try record(all: false, report: report, mode: mode, cancellation: cancellation) } else { StandardError.line("scrollrender: nothing to record: \(actual) matches \(expected)") }
        case .missing:
            // The golden keeps its own frames, so they must still be right: else its manifest (the
            // actual run's) would describe pictures it does not hold.
            let changed = report.summary.different + report.summary.sizeMismatches + report.summary.missing
            let wholeSequence = report.problems.contains { $0.kind != .frameCount }
            if report.summary.extra > 0 && (changed > 0 || wholeSequence) {
                throw CommandFailure(message: "\(expected): --record missing adds only the frames the golden lacks, but \(wholeSequence ? "its frame size or rate" : "\(changed) of the frames it has") changed too; approve the change with --record failed or all", status: .differencesFound)
            }
            if report.summary.extra > 0 { try record(all: false, report: report, mode: mode, cancellation: cancellation) } else { StandardError.line("scrollrender: nothing to record: \(expected) lacks no frame") }
        }
    }

    private func record(all: Bool, report: DiffReport?, mode: RecordMode, cancellation: Cancellation) throws {
        if !FileSystem.isFolder(actual) {
            do throws(FileSystemError) {
                try FileSystem.writeAtomically(try FileSystem.readRegularFile(actual), to: expected, notOver: actual)
            } catch {
                throw CommandFailure(message: "\(expected): cannot record: \(error.reason)", status: .cannotCreate)
            }
            StandardError.line("scrollrender: recorded \(actual) as \(expected) (--record \(mode.rawValue))")
            return
        }
        let records = report?.frameRecorder(all: all, onlyMissing: mode == .missing) ?? { _ in true }
        var result: GoldenRecorder.Result?
        try reportingErrors { () throws(ScrollRenderError) in
            result = try GoldenRecorder.record(expected: expected, actual: actual, fromActual: records, cancellation: cancellation)
        }
        guard let result else { return }
        var what = "recorded \(result.recorded.count) frame\(result.recorded.count == 1 ? "" : "s") of \(actual) into \(expected)"
        if !result.recorded.isEmpty && result.recorded.count <= 20 { what += " (\(result.recorded.map(String.init).joined(separator: ", ")))" }
        if !result.dropped.isEmpty { what += ", dropped frames \(result.dropped.lowerBound)-\(result.dropped.upperBound - 1)" }
        StandardError.line("scrollrender: \(what), and its manifest (--record \(mode.rawValue))")
    }
}
