import Geometry
import ScrollPhysics

/// The `settings` object of a scenario: one key per ``Setting``, with JSON types. The reader only
/// reads each value in its setting's shape and says where it came from; the settings' own rules
/// judge it.
struct ScenarioSettings {
    let reader: ScenarioReader
    /// Where the `header` picture may be.
    let files: ScenarioFiles

    func apply(_ value: JSONValue, to settings: inout RenderSettings) throws(ScrollRenderError) {
        let members = try reader.object(value, at: "settings", known: Set(Setting.allCases.map(\.rawValue)))
        for key in members.keys.sorted() {
            guard let setting = Setting(rawValue: key) else { continue }
            let path = "settings.\(key)"
            var found = try reader.setting(members[key]!, at: path, shape: setting.shape)
            if setting == .header, case .text(let header) = found { found = .text(try files.header(header, at: path, of: reader.file)) }
            do throws(InvalidSettings) { try settings.set(setting, to: found) } catch {
                throw reader.error(path, Scenario.problem(of: error))
            }
        }
    }
}

extension ScenarioReader {
    /// A value in the form `shape` describes.
    func setting(_ value: JSONValue, at path: String, shape: SettingValue.Shape) throws(ScrollRenderError) -> SettingValue {
        switch shape {
        case .number: return .number(try number(value, at: path))
        case .point: return .point(try point(value, at: path))
        case .size:
            let n = try numbers(value, at: path, count: 2, meaning: "[width, height]")
            return .size(Size(width: n[0], height: n[1]))
        case .insets:
            let n = try numbers(value, at: path, count: 4, meaning: "[top, left, bottom, right]")
            return .insets(EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3]))
        case .zoomScales:
            let n = try numbers(value, at: path, count: 2, meaning: "[minimum, maximum]")
            return .zoomScales(ZoomScaleRange(minimum: n[0], maximum: n[1]))
        case .flag: return .flag(try bool(value, at: path))
        case .text, .name: return .text(try string(value, at: path))
        case .numberOrName:
            if case .number = value { return .number(try number(value, at: path)) }
            return .text(try string(value, at: path))
        case .adjustment:
            return .adjustment(try adjustment(value, at: path))
        }
    }

    /// `{"snapInterval": [w, h]}`, `{"snapTo": [[x, y], …]}` or `{"offset": [x, y]}`.
    func adjustment(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> TargetContentOffsetAdjustment {
        let members = try object(value, at: path, known: ["snapInterval", "snapTo", "offset"])
        guard members.count == 1, let (key, inner) = members.first else {
            throw error(path, "give one of snapInterval, snapTo or offset")
        }
        switch key {
        case "snapInterval":
            let n = try numbers(inner, at: "\(path).snapInterval", count: 2, meaning: "[width, height]")
            return .snapInterval(Size(width: n[0], height: n[1]))
        case "snapTo":
            guard case .array(let items) = inner, items.count <= 10_000 else {
                throw mismatch("\(path).snapTo", expected: "a list of up to 10000 [x, y]", got: inner)
            }
            var stops: [Point] = []
            for (index, item) in items.enumerated() { stops.append(try point(item, at: "\(path).snapTo[\(index)]")) }
            return .snapTo(stops)
        default:
            return .offset(try point(inner, at: "\(path).offset"))
        }
    }
}
