import FileSystem
import FrameDiff
import ScrollRenderKit

extension GoldenCheck {
    /// Writes a golden where there was none: a keyframe golden, every frame, its motion alone, or
    /// the picture.
    func recordNewGolden(from actual: String, _ context: CheckContext) throws(CheckFailure) -> GoldenRecording {
        let kind: GoldenRecording.Kind = if case .picture = subject { .picture } else { newGolden }
        do throws(ScrollRenderError) {
            var recording = try GoldenWriter.write(kind, golden: golden, actual: actual, mode: record, fromActual: { _ in true },
                                                   cancellation: context.cancellation)
            recording.what = .newGolden
            return recording
        } catch {
            throw .recording(error)
        }
    }

    /// Makes the golden hold what the record mode takes from `actual`, in the golden's own kind.
    func rewrite(from actual: String, fromActual: @escaping @Sendable (Int) -> Bool, _ context: CheckContext) throws(CheckFailure) -> GoldenRecording {
        let kind: GoldenRecording.Kind = if case .picture = subject { .picture } else { GoldenWriter.kind(of: golden) }
        do throws(ScrollRenderError) {
            return try GoldenWriter.write(kind, golden: golden, actual: actual, mode: record, fromActual: fromActual,
                                          cancellation: context.cancellation)
        } catch {
            throw .recording(error)
        }
    }
}

/// Writes a golden of each kind, each replaced whole: frames and manifest by a folder swap, a
/// keyframe golden's pictures and manifest the same way, a motion golden's manifest or a picture
/// by an atomic write. The check records with it, and so does approving a report.
package enum GoldenWriter {
    /// The kind of the golden at `path`: a motion golden (a manifest alone) and a keyframe golden
    /// stay what they are.
    package static func kind(of path: String) -> GoldenRecording.Kind {
        if MotionComparison.isMotionGolden(path) { return .motion }
        return (try? Manifest.read(folder: path))?.keyframes != nil ? .keyframes : .frames
    }

    /// Makes `golden` a golden of `kind` from `actual` (frame goldens: frame `i` from `actual`
    /// when `fromActual(i)`), creating its folder as needed.
    package static func write(_ kind: GoldenRecording.Kind, golden: String, actual: String, mode: RecordMode,
                              fromActual: @escaping @Sendable (Int) -> Bool,
                              cancellation: Cancellation) throws(ScrollRenderError) -> GoldenRecording {
        var recording = GoldenRecording(what: .change, kind: kind, mode: mode)
        do throws(FileSystemError) {
            try FileSystem.makeFolders(kind == .motion ? golden : FileSystem.parent(of: golden))
        } catch {
            throw .cannotCreateOutput(path: golden, reason: error.reason)
        }
        switch kind {
        case .motion:
            try GoldenRecorder.recordMotion(expected: golden, actual: actual)
        case .picture:
            do throws(FileSystemError) {
                try FileSystem.writeAtomically(try FileSystem.readRegularFile(actual), to: golden, notOver: actual)
            } catch {
                throw .cannotCreateOutput(path: golden, reason: error.reason)
            }
        case .frames, .keyframes:
            let written = kind == .keyframes
                ? try GoldenRecorder.recordKeyframes(expected: golden, actual: actual, cancellation: cancellation)
                : try GoldenRecorder.record(expected: golden, actual: actual, fromActual: fromActual, cancellation: cancellation)
            recording.frames = written.recorded
            recording.dropped = written.dropped.isEmpty ? nil : written.dropped
        }
        return recording
    }
}
