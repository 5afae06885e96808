import FileSystem
import FrameDiff
import ScrollRenderKit

extension GoldenCheck {
    /// Writes a golden where there was none: every frame of the actual side, its motion alone, or
    /// the picture.
    func recordNewGolden(from actual: String, _ context: CheckContext) throws(CheckFailure) -> GoldenRecording {
        let kind: GoldenRecording.Kind = if case .picture = subject { .picture } else { newGolden }
        do throws(FileSystemError) {
            try FileSystem.makeFolders(FileSystem.parent(of: golden))
            if kind == .motion { try FileSystem.makeFolders(golden) }
        } catch {
            throw .recording(.cannotCreateOutput(path: golden, reason: error.reason))
        }
        var recording = try write(from: actual, kind: kind, fromActual: { _ in true }, context)
        recording.what = .newGolden
        return recording
    }

    /// The kind of the golden that exists: a motion golden (a manifest alone) stays one.
    func existingKind() -> GoldenRecording.Kind {
        if case .picture = subject { return .picture }
        return MotionComparison.isMotionGolden(golden) ? .motion : .frames
    }

    /// Makes the golden hold what the record mode takes from `actual` (frame `i` when
    /// `fromActual(i)`), each kind replaced whole: frames and manifest by a folder swap, a motion
    /// golden's manifest or a picture by an atomic write.
    func write(from actual: String, kind: GoldenRecording.Kind, fromActual: @escaping @Sendable (Int) -> Bool,
               _ context: CheckContext) throws(CheckFailure) -> GoldenRecording {
        var recording = GoldenRecording(what: .change, kind: kind, mode: record)
        do throws(ScrollRenderError) {
            switch kind {
            case .motion:
                try GoldenRecorder.recordMotion(expected: golden, actual: actual)
            case .picture:
                do throws(FileSystemError) {
                    try FileSystem.writeAtomically(try FileSystem.readRegularFile(actual), to: golden, notOver: actual)
                } catch {
                    throw ScrollRenderError.cannotCreateOutput(path: golden, reason: error.reason)
                }
            case .frames:
                let written = try GoldenRecorder.record(expected: golden, actual: actual, fromActual: fromActual,
                                                        cancellation: context.cancellation)
                recording.frames = written.recorded
                recording.dropped = written.dropped.isEmpty ? nil : written.dropped
            }
        } catch {
            throw .recording(error)
        }
        return recording
    }
}
