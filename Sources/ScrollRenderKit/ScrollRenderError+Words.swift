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
        case .exportFailed(let message): message
        case .exportDoesNotFit(let overBudget): overBudget.message
        case .interrupted(let signal): "interrupted by signal \(signal); nothing was written"
        case .framesKept(let folder, let error): "\(error.message); the frames are in \(folder)"
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
