import FrameDiff
import ScrollRenderKit
import TextFormat

/// Why a case could not be checked — the real error as a value, so that each output words it and
/// the command line maps it to its exit status.
public enum CheckFailure: Error, Sendable, CustomStringConvertible {
    /// The case's frames could not be rendered (a bad scenario, an unreadable picture).
    case render(ScrollRenderError)
    /// The case's settings cannot make a render.
    case settings(InvalidSettings)
    /// The golden or the actual side could not be read or compared.
    case comparison(DiffError)
    /// The golden could not be written as the record mode asked.
    case recording(ScrollRenderError)
    /// A run in another process (a shard) could not check it: that run's words, from its results.
    case reported(String)

    public var description: String { description(naming: \.words) }

    /// What went wrong, each run option named by `name` (a flag on the command line).
    public func description(naming name: (NamedTerm) -> String) -> String {
        switch self {
        case .render(let error), .recording(let error): error.description(naming: name)
        case .settings(let error): error.description
        case .comparison(let error): error.description
        case .reported(let message): message
        }
    }
}
