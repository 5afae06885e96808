import Geometry
import Raster
import ScrollPhysics

/// The `settings` object of a scenario: every command-line option, camel-cased, with JSON types.
struct ScenarioSettings {
    let reader: ScenarioReader
    /// The scenario file's folder, for relative `header` paths.
    let folder: String

    static let keys: Set<String> = [
        "size", "scale", "offset", "inset", "deceleration", "paging", "bounces", "alwaysBounceHorizontal",
        "alwaysBounceVertical", "zoom", "zoomRange", "bouncesZoom", "directionalLock", "indicators",
        "imageScale", "header", "headerStretch", "background", "fps", "hold", "compression", "transparent",
    ]

    func apply(_ value: JSONValue, to settings: inout RenderSettings) throws(ScrollRenderError) {
        let members = try reader.object(value, at: "settings", known: Self.keys)
        for key in members.keys.sorted() {
            try apply(key, members[key]!, at: "settings.\(key)", to: &settings)
        }
        try checkPixelSize(settings, members)
    }

    /// `size` × `scale` must stay within the validator's pixel limit. Checked here, on doubles,
    /// so that the error names the keys, and so that an absurd product (`[1e300, 1]`) never
    /// reaches code that turns it into an `Int` (found by fuzzing; it trapped).
    private func checkPixelSize(_ settings: RenderSettings, _ members: [String: JSONValue]) throws(ScrollRenderError) {
        let limit = SettingsValidator.maximumPixelSide
        let (width, height, scale) = (settings.viewSize.width, settings.viewSize.height, settings.displayScale)
        for side in [width, height] where !(side * scale <= limit) {
            let path = members["size"] != nil ? "settings.size" : "settings.scale"
            throw reader.error(path, "size × scale gives \(side * scale) pixels on a side, over the limit of \(Int(limit))")
        }
    }

    private func apply(_ key: String, _ value: JSONValue, at path: String, to s: inout RenderSettings) throws(ScrollRenderError) {
        switch key {
        case "size":
            let n = try reader.numbers(value, at: path, count: 2, meaning: "[width, height]")
            guard n[0] > 0, n[1] > 0 else { throw reader.error(path, "width and height must be positive") }
            s.viewSize = Size(width: n[0], height: n[1])
        case "scale": s.displayScale = try positive(value, at: path)
        case "offset": s.contentOffset = try reader.point(value, at: path)
        case "inset":
            let n = try reader.numbers(value, at: path, count: 4, meaning: "[top, left, bottom, right]")
            s.contentInset = EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
        case "deceleration":
            s.decelerationRate = try deceleration(value, at: path)
            guard s.decelerationRate > 0, s.decelerationRate < 1 else { throw reader.error(path, "a rate must be between 0 and 1") }
        case "paging": s.isPagingEnabled = try reader.bool(value, at: path)
        case "bounces": s.bounces = try reader.bool(value, at: path)
        case "alwaysBounceHorizontal": s.alwaysBounceHorizontal = try reader.bool(value, at: path)
        case "alwaysBounceVertical": s.alwaysBounceVertical = try reader.bool(value, at: path)
        case "zoom": s.zoomScale = try positive(value, at: path)
        case "zoomRange":
            let n = try reader.numbers(value, at: path, count: 2, meaning: "[minimum, maximum]")
            guard n[0] > 0 else { throw reader.error(path, "the minimum must be positive") }
            guard n[0] <= n[1] else { throw reader.error(path, "minimum \(n[0]) is above the maximum \(n[1])") }
            s.zoomRange = n[0]...n[1]
        case "bouncesZoom": s.bouncesZoom = try reader.bool(value, at: path)
        case "directionalLock": s.isDirectionalLockEnabled = try reader.bool(value, at: path)
        case "indicators":
            s.indicatorStyle = try reader.choice(value, at: path, ["default": .default, "black": .black, "white": .white, "none": nil])
        case "imageScale": s.imageScale = try positive(value, at: path)
        case "header":
            let header = try reader.string(value, at: path)
            s.headerPath = header.hasPrefix("/") ? header : folder + header
        case "headerStretch": s.headerStretch = try nonNegative(value, at: path)
        case "background":
            let text = try reader.string(value, at: path)
            guard let color = RGBA(hex: text) else { throw reader.error(path, "not a colour: \"\(text)\" (a name or #RRGGBB[AA])") }
            s.background = color
        case "fps": s.fps = try positive(value, at: path)
        case "hold": s.hold = try nonNegative(value, at: path)
        case "compression":
            let level = try reader.integer(value, at: path)
            guard (0...9).contains(level) else { throw reader.error(path, "must be 0–9") }
            s.compressionLevel = level
        case "transparent": s.transparent = try reader.bool(value, at: path)
        default: throw reader.error(path, "unknown key")
        }
    }

    private func positive(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> Double {
        let number = try reader.number(value, at: path)
        guard number > 0 else { throw reader.error(path, "must be positive, not \(number)") }
        return number
    }

    private func nonNegative(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> Double {
        let number = try reader.number(value, at: path)
        guard number >= 0 else { throw reader.error(path, "must be zero or more, not \(number)") }
        return number
    }

    private func deceleration(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> Double {
        if case .number = value { return try reader.number(value, at: path) }
        return try reader.choice(value, at: path, ["normal": DecelerationRate.normal.rawValue, "fast": DecelerationRate.fast.rawValue])
    }
}
