/// Why an export could not be made: what ffmpeg or ffprobe reported, or what reading the file
/// back found. Nothing of a failed export is kept.
public enum ExportFailure: Sendable, Hashable {
    /// The frame folder holds no frame (an empty shard).
    case noFrames(folder: String)
    /// `tool`'s messages could not be kept for when it fails: no temporary file (`reason`).
    case cannotKeepMessages(tool: String, reason: String)
    /// The frames could not be handed to ffmpeg: its pipe failed (`reason`). `stoppedReading`:
    /// ffmpeg closed it, having ended early.
    case cannotFeedFrames(reason: String, stoppedReading: Bool)
    /// `tool` (ffmpeg or ffprobe) ended with exit status `status` or said it failed; its last
    /// message, if it wrote one.
    case toolFailed(tool: String, status: Int32, lastMessage: String?)
    /// The file made at `path` is not what was asked, read back before it would be published.
    case fileRejected(path: String, format: ExportFormat, FileDefect)

    /// What reading an export back found wrong with it.
    public enum FileDefect: Sendable, Hashable {
        /// Another frame count or size than asked.
        case unexpectedFrames(found: Frames, expected: Frames)
        /// ffprobe cannot read it.
        case unreadable
        /// It ends early: a GIF without its trailer, a WebP whose chunks run past its end.
        case notWhole
    }

    /// A file's frames: how many, and their size in pixels.
    public struct Frames: Sendable, Hashable {
        public var count: Int
        public var width: Int
        public var height: Int

        public init(count: Int, width: Int, height: Int) {
            (self.count, self.width, self.height) = (count, width, height)
        }
    }
}
