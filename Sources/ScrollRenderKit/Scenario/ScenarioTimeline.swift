import Geometry
import ScrollPhysics

/// The `timeline` list of a scenario: each step has one action key and, optionally, when it starts
/// (`"at"`: seconds from the first touch, interrupting whatever still moves; `"after"`: seconds
/// after everything before has come to rest, the default). The reader reads each step's shape;
/// the steps' own rules judge the values.
struct ScenarioTimeline {
    let reader: ScenarioReader
    /// The scenario file's folder, for relative `pathFile` paths.
    let folder: String

    static let actions: Set<String> = [
        "fling", "drag", "hold", "tap", "pinch", "page", "scrollTo", "scrollRectToVisible", "zoomTo", "zoomScale", "scrollToTop",
        "flashIndicators", "wait", "touches",
    ]
    /// The steps that take `"animated": false`.
    static let animatable = ["scrollTo", "scrollRectToVisible", "zoomTo", "zoomScale"]
    static let keys = actions.union(["at", "after", "animated", "comment"])

    /// The steps, and each one's action key (for naming a step's key path in errors).
    func steps(_ value: JSONValue) throws(ScrollRenderError) -> (steps: [TimelineStep], actionKeys: [String]) {
        guard case .array(let items) = value else { throw reader.mismatch("timeline", expected: "a list of steps", got: value) }
        do throws(InvalidSettings) { try RenderSettings.checkStepCount(items.count) } catch {
            throw reader.error("timeline", Scenario.problem(of: error))
        }
        var steps: [TimelineStep] = []
        var keys: [String] = []
        var points = 0
        for (index, item) in items.enumerated() {
            let (step, key) = try step(item, at: "timeline[\(index)]", isFirst: index == 0)
            // Asked as the steps are read, so that many steps naming one long log stop at the first too many.
            points += step.action.recordedPointCount
            do throws(InvalidValue) { try ModelLimits.check(timelinePathPointCount: points) } catch {
                throw reader.error("timeline[\(index)].\(key)", error.problem)
            }
            steps.append(step)
            keys.append(key)
        }
        return (steps, keys)
    }

    private func step(_ value: JSONValue, at path: String, isFirst: Bool) throws(ScrollRenderError) -> (TimelineStep, String) {
        let members = try reader.object(value, at: path, known: Self.keys)
        let actionKeys = members.keys.filter(Self.actions.contains).sorted()
        guard actionKeys.count == 1, let key = actionKeys.first else {
            throw reader.error(path, actionKeys.isEmpty
                ? "a step needs one action (\(Self.actions.sorted().joined(separator: ", ")))"
                : "a step has one action, not \(actionKeys.joined(separator: " and "))")
        }
        if members["animated"] != nil && !Self.animatable.contains(key) {
            throw reader.error("\(path).animated", "only \(Self.animatable.dropLast().joined(separator: ", ")) and \(Self.animatable.last!) can be animated")
        }
        let animated = try members["animated"].map { v throws(ScrollRenderError) in try reader.bool(v, at: "\(path).animated") } ?? true
        let action = try self.action(key, members[key]!, at: "\(path).\(key)", animated: animated)
        return (TimelineStep(action, start: try start(members, at: path, isFirst: isFirst)), key)
    }

    private func start(_ members: [String: JSONValue], at path: String, isFirst: Bool) throws(ScrollRenderError) -> TimelineStep.Start {
        switch (members["at"], members["after"]) {
        case (.some, .some): throw reader.error(path, "give \"at\" or \"after\", not both")
        case (.some(let at), nil): return .at(try reader.number(at, at: "\(path).at"))
        case (nil, .some(let after)): return .afterRest(try reader.number(after, at: "\(path).after"))
        case (nil, nil): return isFirst ? .at(0) : .afterRest(0)
        }
    }

    private func action(_ key: String, _ value: JSONValue, at path: String, animated: Bool) throws(ScrollRenderError) -> TimelineStep.Action {
        switch key {
        case "fling":
            if case .number = value { return .fling(velocity: Point(x: 0, y: try reader.number(value, at: path))) }
            return .fling(velocity: try reader.point(value, at: path))
        case "drag": return try drag(value, at: path)
        case "hold": return .touch(duration: try reader.number(value, at: path))
        case "tap": return .tap(try reader.point(value, at: path))
        case "pinch":
            let members = try reader.object(value, at: path, known: ["scale", "center", "duration"])
            guard let scale = members["scale"] else { throw reader.error(path, "a pinch needs \"scale\"") }
            return .pinch(scale: try reader.number(scale, at: "\(path).scale"),
                          center: try members["center"].map { v throws(ScrollRenderError) in try reader.point(v, at: "\(path).center") },
                          duration: try duration(members, at: path))
        case "page": return .page(try reader.integer(value, at: path))
        case "scrollTo": return .scrollTo(try reader.point(value, at: path), animated: animated)
        case "scrollRectToVisible": return .scrollRectToVisible(try reader.rect(value, at: path), animated: animated)
        case "zoomTo": return .zoomTo(try reader.rect(value, at: path), animated: animated)
        case "touches": return try touches(value, at: path)
        case "zoomScale": return .setZoomScale(try reader.number(value, at: path), animated: animated)
        case "scrollToTop": return try flag(value, at: path, .scrollToTop)
        case "flashIndicators": return try flag(value, at: path, .flashScrollIndicators)
        case "wait": return .wait(try reader.number(value, at: path))
        default: throw reader.error(path, "unknown action")
        }
    }

    /// `{"by": [dx, dy], "hold": s, "duration": s}`, `{"path": [[t, x, y], …]}` or
    /// `{"pathFile": "touches.csv"}` (a touch log, relative to the scenario file).
    private func drag(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> TimelineStep.Action {
        let members = try reader.object(value, at: path, known: ["by", "hold", "duration", "path", "pathFile"])
        let given = ["by", "path", "pathFile"].filter { members[$0] != nil }
        guard given.count == 1 else { throw reader.error(path, "a drag needs one of \"by\", \"path\" or \"pathFile\"") }
        if let file = members["pathFile"] {
            for key in ["hold", "duration"] where members[key] != nil {
                throw reader.error("\(path).\(key)", "a recorded drag has its own timing; remove \"\(key)\"")
            }
            let name = try reader.string(file, at: "\(path).pathFile")
            return .dragPath(try TouchLog(path: name.hasPrefix("/") ? name : folder + name).points())
        }
        switch (members["by"], members["path"]) {
        case (.some(let by), nil):
            let hold = try members["hold"].map { v throws(ScrollRenderError) in try reader.number(v, at: "\(path).hold") }
            return .drag(translation: try reader.point(by, at: "\(path).by"), hold: hold ?? TimelineStep.Action.defaultDragHold,
                         duration: try duration(members, at: path))
        case (nil, .some(let points)):
            for key in ["hold", "duration"] where members[key] != nil {
                throw reader.error("\(path).\(key)", "a path drag has its own timing; remove \"\(key)\"")
            }
            return .dragPath(try timedPoints(points, at: "\(path).path"))
        default:
            throw reader.error(path, "a drag needs either \"by\" or \"path\"")
        }
    }

    private func timedPoints(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> [TimedPoint] {
        guard case .array(let items) = value else { throw reader.mismatch(path, expected: "a list of [t, x, y]", got: value) }
        do throws(InvalidValue) { try ModelLimits.check(pathPointCount: items.count) } catch {
            throw reader.error(path, error.problem)
        }
        var timed: [TimedPoint] = []
        for (index, item) in items.enumerated() {
            let n = try reader.numbers(item, at: "\(path)[\(index)]", count: 3, meaning: "[t, x, y]")
            timed.append(TimedPoint(time: n[0], location: Point(x: n[1], y: n[2])))
        }
        return timed
    }

    /// `[[t, "began"|"moved"|"ended", [[x, y], …]], …]`: touch samples as a library caller scripts
    /// them (one or two fingers), in time order, each gesture began … ended.
    private func touches(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> TimelineStep.Action {
        guard case .array(let items) = value else { throw reader.mismatch(path, expected: "a list of [t, phase, [[x, y], …]]", got: value) }
        do throws(InvalidValue) { try ModelLimits.check(pathPointCount: items.count) } catch {
            throw reader.error(path, error.problem)
        }
        var samples: [TouchSample] = []
        for (index, item) in items.enumerated() {
            let at = "\(path)[\(index)]"
            guard case .array(let parts) = item, parts.count == 3, case .array(let fingers) = parts[2], (1...2).contains(fingers.count) else {
                throw reader.mismatch(at, expected: "[t, phase, [[x, y], …]] with one or two fingers", got: item)
            }
            let phase = try reader.choice(parts[1], at: "\(at)[1]", ["began": TouchPhase.began, "moved": .moved, "ended": .ended])
            var locations: [Point] = []
            for (finger, location) in fingers.enumerated() { locations.append(try reader.point(location, at: "\(at)[2][\(finger)]")) }
            samples.append(TouchSample(time: try reader.number(parts[0], at: "\(at)[0]"), phase: phase, locations: locations))
        }
        guard let script = TouchScript(checking: samples) else {
            throw reader.error(path, "touch samples must be in time order, each gesture began, moved…, ended with the same fingers")
        }
        return .touches(script)
    }

    private func duration(_ members: [String: JSONValue], at path: String) throws(ScrollRenderError) -> Double? {
        try members["duration"].map { v throws(ScrollRenderError) in try reader.number(v, at: "\(path).duration") }
    }

    private func flag(_ value: JSONValue, at path: String, _ action: TimelineStep.Action) throws(ScrollRenderError) -> TimelineStep.Action {
        guard try reader.bool(value, at: path) else { throw reader.error(path, "must be true (or leave the step out)") }
        return action
    }
}
