import ScrollPhysics
import TextFormat

/// Settings that cannot work, in the words of what they mean. Whoever read them adds where the
/// value came from: the command line names its options, a scenario file its key paths.
public enum InvalidSettings: Error, Sendable, Hashable, CustomStringConvertible {
    /// One setting's value breaks its rule.
    case setting(Setting, problem: String)
    /// Settings that are each fine but impossible together.
    case combination([Setting], problem: String)
    /// The step at this index of the timeline, and the part of it at fault.
    case step(index: Int, InvalidValue)
    /// The timeline as a whole.
    case timeline(problem: String)

    public var description: String {
        let words = { (name: String) in NamedTerm(marked: name).words }
        return switch self {
        case .setting(let setting, let problem): "\(setting.rawValue): \(TextFormat.naming(problem, words))"
        case .combination(let settings, let problem): "\(settings.map(\.rawValue).joined(separator: " and ")): \(TextFormat.naming(problem, words))"
        case .step(let index, let invalid): "step \(index + 1): \(invalid.problem)"
        case .timeline(let problem): problem
        }
    }
}
