/// Why a program scrollrender runs (ffmpeg, ffprobe) cannot be used.
public enum ToolProblem: Sendable, Equatable {
    /// Not on `PATH`: Debian's `package` has it.
    case notInstalled(debianPackage: String)
    /// Found at `path`, but it could not be started.
    case cannotStart(path: String, reason: String)
}
