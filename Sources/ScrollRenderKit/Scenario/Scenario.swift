import Foundation
import Raster
import ScrollPhysics

/// A scripted interaction read from a JSON file: the scroll view's settings and a timeline of
/// steps. The whole file is validated before anything renders; see `Examples/` and the README.
public struct Scenario: Sendable {
    /// The settings the file gives, over the defaults.
    public var settings: RenderSettings

    /// Reads and validates the scenario at `path`. A `header` path is relative to the file's folder.
    public static func load(_ path: String) throws(ScrollRenderError) -> Scenario {
        let bytes = try InputFile.read(path)
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw .invalidScenario(path: path, keyPath: "", message: "not valid JSON (\(Self.describe(error)))")
        }
        return try Scenario(document: document, file: path)
    }

    /// Validates a parsed document; `file` names it in errors and anchors relative paths.
    public init(document: JSONValue, file: String) throws(ScrollRenderError) {
        let reader = ScenarioReader(file: file)
        let top = try reader.object(document, at: "", known: ["description", "comment", "settings", "timeline"])
        var settings = RenderSettings()
        if let value = top["description"] { _ = try reader.string(value, at: "description") }
        if let value = top["settings"] {
            try ScenarioSettings(reader: reader, folder: Self.folder(of: file)).apply(value, to: &settings)
        }
        if let value = top["timeline"] {
            settings.steps = try ScenarioTimeline(reader: reader).steps(value)
        }
        do throws(ScrollRenderError) {
            try SettingsValidator.validate(settings)
        } catch {
            throw .invalidScenario(path: file, keyPath: "", message: error.description)
        }
        self.settings = settings
    }

    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }

    /// The useful part of a `DecodingError`.
    static func describe(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else { return "\(error)" }
        let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
        return underlying ?? context.debugDescription
    }
}
