import Geometry
import ScrollPhysics

/// Writes settings and steps in the scenario grammar, so that a manifest is a scenario: what
/// ``ScenarioSettings`` and ``ScenarioTimeline`` read back gives the same render.
enum ScenarioWriter {
    /// The `settings` object: every setting that was given or differs from its default.
    static func settings(_ settings: RenderSettings) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for setting in Setting.allCases where settings.isGiven(setting) {
            members[setting.rawValue] = settings.scenarioValue(of: setting)
        }
        return .object(members)
    }

    /// The `timeline` list: each step with its start spelt out.
    static func timeline(_ steps: [TimelineStep]) -> JSONValue {
        .array(steps.map(step))
    }

    static func step(_ step: TimelineStep) -> JSONValue {
        var members = action(step.action)
        switch step.start {
        case .at(let time): members["at"] = .number(time)
        case .afterRest(let delay): members["after"] = .number(delay)
        }
        return .object(members)
    }

    private static func action(_ action: TimelineStep.Action) -> [String: JSONValue] {
        switch action {
        case .fling(let velocity): return ["fling": point(velocity)]
        case .drag(let translation, let hold, let duration):
            return ["drag": drag(translation, hold: hold, duration: duration)]
        case .dragPath(let points):
            return ["drag": .object(["path": path(points)])]
        case .trackpad(.path(let points)): return ["trackpad": .object(["path": path(points)])]
        case .trackpad(.fling(let velocity)): return ["trackpad": .object(["fling": point(velocity)])]
        case .trackpad(.drag(let translation, let hold, let duration)):
            return ["trackpad": drag(translation, hold: hold, duration: duration)]
        case .touch(let duration): return ["hold": .number(duration)]
        case .tap(let location): return ["tap": point(location)]
        case .pinch(let scale, let center, let duration):
            var pinch: [String: JSONValue] = ["scale": .number(scale)]
            if let center { pinch["center"] = point(center) }
            if let duration { pinch["duration"] = .number(duration) }
            return ["pinch": .object(pinch)]
        case .page(let count): return ["page": .number(Double(count))]
        case .scrollTo(let offset, let animated): return animatedStep("scrollTo", point(offset), animated)
        case .scrollRectToVisible(let rect, let animated): return animatedStep("scrollRectToVisible", Self.rect(rect), animated)
        case .zoomTo(let rect, let animated): return animatedStep("zoomTo", Self.rect(rect), animated)
        case .setZoomScale(let scale, let animated): return animatedStep("zoomScale", .number(scale), animated)
        case .scrollToTop: return ["scrollToTop": .bool(true)]
        case .flashScrollIndicators: return ["flashIndicators": .bool(true)]
        case .wait(let seconds): return ["wait": .number(seconds)]
        case .touches(let script):
            return ["touches": .array(script.samples.map { sample in
                .array([.number(sample.time), .string(sample.phase.rawValue), .array(sample.locations.map(point))])
            })]
        }
    }

    private static func drag(_ translation: Point, hold: Double, duration: Double?) -> JSONValue {
        .object(["by": point(translation), "hold": .number(hold)].merging(duration.map { ["duration": .number($0)] } ?? [:]) { $1 })
    }

    private static func path(_ points: [TimedPoint]) -> JSONValue {
        .array(points.map { .array([.number($0.time), .number($0.location.x), .number($0.location.y)]) })
    }

    private static func animatedStep(_ key: String, _ value: JSONValue, _ animated: Bool) -> [String: JSONValue] {
        animated ? [key: value] : [key: value, "animated": .bool(false)]
    }

    static func point(_ point: Point) -> JSONValue { .array([.number(point.x), .number(point.y)]) }

    static func rect(_ rect: Rect) -> JSONValue {
        .array([.number(rect.origin.x), .number(rect.origin.y), .number(rect.size.width), .number(rect.size.height)])
    }

}

extension RenderSettings {
    /// Whether `setting` was given — through ``set(_:to:)``, or by a library caller who assigned
    /// the property directly — rather than left at its default (or its device's) for the scene to
    /// derive.
    public func isGiven(_ setting: Setting) -> Bool {
        given.contains(setting) || scenarioValue(of: setting) != baseline.scenarioValue(of: setting)
    }

    /// The settings nobody gave: the defaults, with this device's view.
    private var baseline: RenderSettings {
        var baseline = RenderSettings()
        baseline.device = device
        baseline.isLandscape = isLandscape
        baseline.applyDevice()
        return baseline
    }

    /// A setting's value in the scenario grammar, as ``ScenarioSettings`` reads it back; `nil`
    /// when it has none (no device, no header, no `targetContentOffset` adjustment).
    func scenarioValue(of setting: Setting) -> JSONValue? {
        value(of: setting).map(ScenarioWriter.json)
    }
}

extension ScenarioWriter {
    /// A setting's value as JSON: numbers, lists of numbers, booleans, strings, an adjustment object.
    static func json(_ value: SettingValue) -> JSONValue {
        switch value {
        case .number(let number): .number(number)
        case .point(let value): point(value)
        case .size(let size): .array([.number(size.width), .number(size.height)])
        case .insets(let i): .array([i.top, i.left, i.bottom, i.right].map(JSONValue.number))
        case .zoomScales(let range): .array([.number(range.minimum), .number(range.maximum)])
        case .flag(let flag): .bool(flag)
        case .text(let text): .string(text)
        case .adjustment(.snapInterval(let size)): .object(["snapInterval": .array([.number(size.width), .number(size.height)])])
        case .adjustment(.snapTo(let stops)): .object(["snapTo": .array(stops.map(point))])
        case .adjustment(.offset(let offset)): .object(["offset": point(offset)])
        }
    }
}
