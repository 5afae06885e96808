import TextFormat

/// A choice about a run that is not a scroll-view setting — its memory limit, the frames it
/// writes, whether it replaces an earlier sequence — named in the engine's messages by what it
/// means. Messages mark the options and settings they name (``TextFormat/term(_:)``);
/// ``ScrollRenderError/description`` words them for a library caller, and the command line names
/// its options instead.
public enum RunOption: String, Sendable, CaseIterable {
    case maximumMemory, maximumSize, exportWidth, exportScale, exportFPS, colors, loop, speed, trim, title, leadIn
    case frames, shard, force, threads, allowedLogFiles, release, touchLog

    /// How a library caller knows it: the property of the request that sets it.
    public var words: String {
        switch self {
        case .maximumMemory: "the memory limit (maximumMemory)"
        case .maximumSize: "the export's size budget (maximumSize)"
        case .exportWidth: "the export width"
        case .exportScale: "the export's pixels per point (ExportControls.scale)"
        case .exportFPS: "the export's frame rate (ExportControls.fps)"
        case .colors: "the GIF's colours (ExportControls.colors)"
        case .loop: "the loop count (ExportControls.loop)"
        case .speed: "the playback speed (ExportControls.speed)"
        case .trim: "the part of the sequence exported (ExportControls.from, to)"
        case .title: "the title above the device (ExportControls.title)"
        case .leadIn: "the still lead-in (ExportControls.leadIn)"
        case .frames: "the frame range (frames)"
        case .shard: "the shard (frames)"
        case .force: "replacing an earlier sequence (force)"
        case .threads: "the number of frame workers (threadCount)"
        case .allowedLogFiles: "the logs a scenario may name outside its folder (Scenario.load's allowing)"
        case .release: "the recorded release instant (release)"
        case .touchLog: "a touch recording's touches log (RecordingScenario's touches)"
        }
    }
}

/// What a marked term of a message names.
public enum NamedTerm: Sendable, Hashable {
    case option(RunOption)
    case setting(Setting)
    /// A term of another module's messages (`record`, from the diff's record modes).
    case other(String)

    public init(marked name: String) {
        if let setting = name.hasPrefix("setting:") ? Setting(rawValue: String(name.dropFirst(8))) : nil {
            self = .setting(setting)
        } else {
            self = RunOption(rawValue: name).map(NamedTerm.option) ?? .other(name)
        }
    }

    /// How a library caller reads it.
    public var words: String {
        switch self {
        case .option(let option): option.words
        case .setting(let setting): setting.rawValue
        case .other(let name): name
        }
    }
}

extension String.StringInterpolation {
    /// `"raise \(option: .maximumMemory)"`: names a run option in an engine message.
    mutating func appendInterpolation(option: RunOption) {
        appendLiteral(TextFormat.term(option.rawValue))
    }

    /// `"name one with \(setting: .device)"`: names a setting in an engine message.
    mutating func appendInterpolation(setting: Setting) {
        appendLiteral(TextFormat.term("setting:" + setting.rawValue))
    }
}

extension ScrollRenderError {
    /// The message, each named term worded by `name` (an option's flag on the command line).
    public func description(naming name: (NamedTerm) -> String) -> String {
        TextFormat.naming(message) { name(NamedTerm(marked: $0)) }
    }
}
