import Foundation
import Raster
import ScrollPhysics
import TextFormat

/// A scripted interaction read from a JSON file: the scroll view's settings and a timeline of
/// steps. The whole file is validated before anything renders; see `Examples/` and the README.
public struct Scenario: Sendable {
    /// The settings the file gives, over the defaults.
    public var settings: RenderSettings

    /// Reads and validates the scenario at `path`. Its header picture and logs (`pathFile`) are
    /// named relative to the file's folder and read from it, or among the `allowing` files the user
    /// named.
    public static func load(_ path: String, allowing: [String] = []) throws(ScrollRenderError) -> Scenario {
        try Scenario(json: try InputFile.read(path, limit: maximumFileSize), file: path,
                     files: ScenarioFiles(scenario: path, allowed: allowing))
    }

    /// A scenario is a page of settings and steps; a recorded path fits in far less than this.
    public static let maximumFileSize = 16 << 20

    /// Reads and validates a scenario's JSON; `file` names it in errors and anchors relative paths,
    /// and `files` are the files it may read (by default, those in `file`'s folder).
    public init(json bytes: [UInt8], file: String, files: ScenarioFiles? = nil) throws(ScrollRenderError) {
        let files = files ?? ScenarioFiles(scenario: file)
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            throw .invalidScenario(path: file, keyPath: Self.keyPath(context.codingPath), message: context.debugDescription)
        } catch {
            throw .invalidScenario(path: file, keyPath: "", message: "not valid JSON (\(Self.describe(error)))")
        }
        try self.init(document: document, file: file, files: files)
    }

    /// A scenario file, or a sequence's `manifest.json`: a manifest is a scenario whose other keys
    /// (frames, events, …) are what its render made, and are not read here.
    init(document: JSONValue, file: String, files: ScenarioFiles) throws(ScrollRenderError) {
        let reader = ScenarioReader(file: file)
        if case .object(let members) = document, members["tool"] == .string("scrollrender") {
            guard members["format"].map({ $0 != .number(1) }) ?? false else {
                throw reader.error("", "this manifest was written by a scrollrender before manifests were scenarios (format 1); render the sequence again to replay it")
            }
            try self.init(settings: members["settings"] ?? .object([:]), timeline: members["timeline"], file: file, files: files)
            return
        }
        // `check` and `picture` are a suite's keys: how the case is compared, and what it scrolls.
        let top = try reader.object(document, at: "", known: ["description", "comment", "settings", "timeline", "check", "picture"])
        if let value = top["description"] { _ = try reader.string(value, at: "description") }
        try self.init(settings: top["settings"], timeline: top["timeline"], file: file, files: files)
    }

    /// Reads `settings` and `timeline` as the scenario grammar has them, then checks them together.
    /// A manifest read as data (`files` none) reads no log.
    init(settings settingsValue: JSONValue?, timeline: JSONValue?, file: String, files: ScenarioFiles = .none) throws(ScrollRenderError) {
        let reader = ScenarioReader(file: file)
        var settings = RenderSettings()
        var actionKeys: [String] = []
        if let value = settingsValue {
            try ScenarioSettings(reader: reader, files: files).apply(value, to: &settings)
        }
        if let value = timeline {
            (settings.steps, actionKeys) = try ScenarioTimeline(reader: reader, files: files).steps(value)
        }
        do throws(InvalidSettings) { try settings.check() } catch {
            throw reader.error(Self.keyPath(of: error, given: settings.given, actionKeys: actionKeys), Self.problem(of: error))
        }
        self.settings = settings
    }

    /// Where in the file a broken rule sits: `settings.fps`, `timeline[2].drag.by`.
    static func keyPath(of error: InvalidSettings, given: Set<Setting>, actionKeys: [String]) -> String {
        switch error {
        case .setting(let setting, _): "settings.\(setting.rawValue)"
        // The first of the settings at fault that the file gives.
        case .combination(let settings, _): "settings.\((settings.first(where: given.contains) ?? settings[0]).rawValue)"
        case .timeline: "timeline"
        case .step(let index, let invalid):
            if ["at", "after"].contains(invalid.field) {
                "timeline[\(index)].\(invalid.field)"
            } else {
                ["timeline[\(index)]", index < actionKeys.count ? actionKeys[index] : "", invalid.field].filter { !$0.isEmpty }.joined(separator: ".")
            }
        }
    }

    /// What is wrong, without where.
    /// The problem, each setting it names given as its key path in the scenario.
    static func problem(of error: InvalidSettings) -> String {
        let problem = switch error {
        case .setting(_, let problem), .combination(_, let problem), .timeline(let problem): problem
        case .step(_, let invalid): invalid.problem
        }
        return TextFormat.naming(problem) { marked in
            if case .setting(let setting) = NamedTerm(marked: marked) { return "settings.\(setting.rawValue)" }
            return NamedTerm(marked: marked).words
        }
    }

    /// `timeline[0].fling`, as the scenario's own errors name places.
    static func keyPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { path, key in
            if let index = key.intValue, key.stringValue.hasPrefix("Index") { path += "[\(index)]" }
            else { path += path.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
    }

    /// The useful part of a `DecodingError`.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String { keyPath(context.codingPath) }
        switch error {
        case .keyNotFound(let key, let context):
            return context.codingPath.isEmpty ? "the key \"\(key.stringValue)\" is missing" : "\(path(context)): the key \"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? (context.codingPath.isEmpty ? context.debugDescription : "\(path(context)): \(context.debugDescription)")
        @unknown default:
            return "\(error)"
        }
    }
}
