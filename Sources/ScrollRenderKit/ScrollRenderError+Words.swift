import FileSystem
import ImageCodecs
import TextFormat

/// Every sentence a ``ScrollRenderError`` says, worded here from the data its case carries, as
/// swift-argument-parser words its `ParserError`s in one generator: the cases say what went
/// wrong, this file says it to the user. Run options and settings stay marked terms
/// (``RunOption``) that each reader words its own way.
extension ScrollRenderError {
    /// The sentence, with run options still marked.
    var message: String {
        switch self {
        case .invalidArgument(let message): message
        case .inputNotFound(let path): "\(path): no such file"
        case .inputUnreadable(let path, let reason): "\(path): cannot read: \(reason)"
        case .invalidScenario(let path, let keyPath, let message):
            keyPath.isEmpty ? "\(path): \(message)" : "\(path): \(keyPath): \(message)"
        case .invalidRecording(let path, let line, let column, let message): "\(path):\(line):\(column): \(message)"
        case .badImage(let path, let error): "\(path): \(error)"
        case .invalidManifest(let path, let reason): "\(path): \(reason)"
        case .shardsDoNotFit(let mismatch): mismatch.message
        case .cannotCreateOutput(let path, let reason): "\(path): cannot create output: \(reason)"
        case .writeFailed(let path, let reason): "\(path): write failed: \(reason); nothing was written"
        case .toolUnavailable(let tool, .notInstalled(let package)):
            "\(tool) is not installed, and export needs it: install Debian's \(package) package (sudo apt-get install \(package))"
        case .toolUnavailable(_, .cannotStart(let path, let reason)): "cannot start \(path): \(reason)"
        case .exportFailed(let failure): failure.message
        case .exportDoesNotFit(let overBudget): overBudget.message
        case .interrupted(let signal): "interrupted by signal \(signal); nothing was written"
        case .framesKept(let folder, let error): "\(error.message); the frames are in \(folder)"
        }
    }
}

extension ExportFailure {
    var message: String {
        switch self {
        case .noFrames(let folder): "\(folder) holds no frames to export"
        case .cannotKeepMessages(let tool, let reason): "cannot create a temporary file for \(tool)'s messages: \(reason)"
        case .cannotFeedFrames(let reason, stoppedReading: false): "cannot write frames to ffmpeg: \(reason)"
        case .cannotFeedFrames(let reason, stoppedReading: true): "ffmpeg stopped reading frames: \(reason)"
        case .toolFailed(let tool, _, let lastMessage?): "\(tool) failed: \(lastMessage)"
        case .toolFailed(let tool, let status, nil): "\(tool) failed with exit status \(status)"
        case .fileRejected(let path, let format, let defect): "\(FileSystem.printable(path)): \(defect.message(format)); it was not kept"
        }
    }
}

extension ExportFailure.FileDefect {
    /// What was found, of a file in `format`: scrollrender makes GIFs itself, ffmpeg the others.
    func message(_ format: ExportFormat) -> String {
        let made = format == .gif ? "the GIF scrollrender made" : "the \(format.name) ffmpeg made"
        return switch self {
        case .unexpectedFrames(let found, let expected):
            "the file made holds \(found.count) frames of \(found.width)×\(found.height), not about \(expected.count) of \(expected.width)×\(expected.height)"
        case .unreadable: "ffprobe cannot read \(made)"
        case .notWhole where format == .gif: "\(made) is cut short (no trailer)"
        case .notWhole: "\(made) is not whole"
        }
    }
}

extension ExportFormat {
    /// The format as its users write it: GIF, MP4, WebP, APNG, WebM.
    var name: String {
        switch self {
        case .gif: "GIF"
        case .mp4: "MP4"
        case .webp: "WebP"
        case .apng: "APNG"
        case .webm: "WebM"
        }
    }
}

extension ShardMismatch {
    var message: String {
        switch self {
        case .otherSequence(let part, let first, let difference): "\(part) is not part of the same sequence as \(first): \(difference)"
        case .overlap(let first, let second, let frames): "\(first) and \(second) both hold frames \(frames); give each frame once"
        case .gaps(let total, let missing): "the shards do not cover the sequence of \(total) frames: missing frames \(missing)"
        }
    }
}

extension ExportOverBudget {
    var message: String {
        let size = estimated ? "is estimated at \(smallestSize)" : "is \(smallestSize)"
        let advice = isGIF ? "allow more, render a shorter or smaller sequence, or export WebP or MP4, which keep a scroll in a fraction of a GIF's size"
            : "allow more, or render a shorter or smaller sequence"
        return "\(path) cannot fit \(budget): the smallest try (\(smallestTry)) \(size); \(advice)"
    }
}
