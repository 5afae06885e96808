import ArgumentParser
import FileSystem
import FrameDiff
import ScrollRenderKit
import TextFormat

/// `--record missing|failed|all|never` on the command line.
extension RecordMode: ExpressibleByArgument {}

extension Diff {
    /// `--record`, else `SCROLLRENDER_RECORD` (not under CI); a diff records nothing by default.
    func recordMode(environment: [String: String]) throws -> RecordMode {
        do throws(RecordModeError) {
            let (mode, note) = try RecordMode.resolve(explicit: record, environment: environment, otherwise: .never)
            if let note { StandardError.line("note: \(note) (--record)") }
            return mode
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
    }

    /// Records when the expected side does not exist: everything is new. Returns whether it did.
    func recordNew(_ mode: RecordMode, cancellation: Cancellation) throws -> Bool {
        guard mode != .never, FileSystem.kind(expected) == nil else { return false }
        try record({ _ in true }, mode: mode, cancellation: cancellation)
        return true
    }

    /// Copies what `mode` decides from the actual side over the expected, after a comparison.
    func record(_ mode: RecordMode, after report: DiffReport, cancellation: Cancellation) throws {
        switch mode.decision(after: report) {
        case .nothing:
            StandardError.line("scrollrender: nothing to record: \(mode == .missing ? "\(expected) lacks no frame" : "\(actual) matches \(expected)")")
        case .refused(let reason):
            throw CommandFailure(message: "\(expected): \(TextFormat.naming(reason) { "--" + $0 })", status: .differencesFound)
        case .frames(let fromActual):
            try record(fromActual, mode: mode, cancellation: cancellation)
        }
    }

    private func record(_ fromActual: @escaping @Sendable (Int) -> Bool, mode: RecordMode, cancellation: Cancellation) throws {
        if MotionComparison.isMotionGolden(expected) {
            try reportingErrors { () throws(ScrollRenderError) in try GoldenRecorder.recordMotion(expected: expected, actual: actual) }
            StandardError.line("scrollrender: recorded the motion of \(actual) into \(expected) (--record \(mode.rawValue))")
            return
        }
        // A plain file: replaced whole.
        if !FileSystem.isFolder(actual) {
            do throws(FileSystemError) {
                try FileSystem.writeAtomically(try FileSystem.readRegularFile(actual), to: expected, notOver: actual)
            } catch {
                throw CommandFailure(message: "\(expected): cannot record: \(error.reason)", status: .cannotCreate)
            }
            StandardError.line("scrollrender: recorded \(actual) as \(expected) (--record \(mode.rawValue))")
            return
        }
        var result: GoldenRecorder.Result?
        try reportingErrors { () throws(ScrollRenderError) in
            result = try GoldenRecorder.record(expected: expected, actual: actual, fromActual: fromActual, cancellation: cancellation)
        }
        guard let result else { return }
        var what = "recorded \(result.recorded.count) frame\(result.recorded.count == 1 ? "" : "s") of \(actual) into \(expected)"
        if !result.recorded.isEmpty && result.recorded.count <= 20 { what += " (\(result.recorded.map(String.init).joined(separator: ", ")))" }
        if !result.dropped.isEmpty { what += ", dropped frames \(result.dropped.lowerBound)-\(result.dropped.upperBound - 1)" }
        StandardError.line("scrollrender: \(what), and its manifest (--record \(mode.rawValue))")
    }
}
