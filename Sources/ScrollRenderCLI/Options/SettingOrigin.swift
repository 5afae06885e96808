import ScrollRenderKit
import TextFormat

/// Where the command line's settings came from, to name them in errors: an option given here,
/// else the scenario file's key.
struct SettingOrigin {
    var commandLine: Set<Setting>
    var scenario: String?
    /// The option of each gesture step, by index.
    var gestures: [String]

    func describe(_ error: InvalidSettings) -> String {
        switch error {
        case .setting(let setting, let problem):
            "\(name(setting)): \(worded(problem))"
        case .combination(let settings, let problem):
            "\(Self.givenFirst(settings, commandLine).map(name).joined(separator: " and ")): \(worded(problem))"
        case .step(let index, let invalid):
            "\(index < gestures.count ? gestures[index] : "step \(index + 1)"): \(invalid.problem)"
        case .timeline(let problem):
            problem
        }
    }

    /// A problem with each term it names given its option, or its scenario key.
    func worded(_ problem: String) -> String {
        TextFormat.naming(problem) { marked in
            if case .setting(let setting) = NamedTerm(marked: marked) { return name(setting) }
            return NamedTerm(marked: marked).flag
        }
    }

    /// Of settings at fault together, those given here; all of them if none was.
    static func givenFirst(_ settings: [Setting], _ given: Set<Setting>) -> [Setting] {
        let named = settings.filter(given.contains)
        return named.isEmpty ? settings : named
    }

    func name(_ setting: Setting) -> String {
        if let scenario, !commandLine.contains(setting) { return "\(scenario): settings.\(setting.rawValue)" }
        return Self.option(for: setting)
    }

    /// The option that sets `setting`.
    static func option(for setting: Setting) -> String { setting.option }
}
