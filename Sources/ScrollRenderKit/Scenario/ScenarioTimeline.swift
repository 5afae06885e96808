import Geometry
import ScrollPhysics

/// The `timeline` list of a scenario: each step has one action key and, optionally, when it starts
/// (`"at"`: seconds from the first touch, interrupting whatever still moves; `"after"`: seconds
/// after everything before has come to rest, the default). The reader reads each step's shape;
/// the steps' own rules judge the values.
struct ScenarioTimeline {
    let reader: ScenarioReader
    /// The logs `pathFile` may name.
    let files: ScenarioFiles

    static let actions: Set<String> = [
        "fling", "drag", "hold", "tap", "pinch", "page", "scrollTo", "scrollRectToVisible", "zoomTo", "zoomScale", "scrollToTop",
        "flashIndicators", "wait", "touches", "trackpad",
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
        case "fling": return .fling(velocity: try velocity(value, at: path))
        case "drag":
            switch try movement(value, at: path, logColumns: ["t", "x", "y"], extra: []) {
            case .by(let translation, let hold, let duration): return .drag(translation: translation, hold: hold, duration: duration)
            case .path(let points): return .dragPath(points)
            case .fling: throw reader.error(path, "unknown action")
            }
        case "trackpad":
            switch try movement(value, at: path, logColumns: ["t", "tx", "ty"], extra: ["fling"]) {
            case .by(let translation, let hold, let duration): return .trackpad(.drag(translation: translation, hold: hold, duration: duration))
            case .path(let points): return .trackpad(.path(points))
            case .fling(let velocity): return .trackpad(.fling(velocity: velocity))
            }
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

    /// What a drag or a trackpad pan does: move by a translation, follow a path, or (a trackpad) fling.
    private enum Movement {
        case by(Point, hold: Double, duration: Double?)
        case path([TimedPoint])
        case fling(Point)
    }

    /// `{"by": [dx, dy], "hold": s, "duration": s}`, `{"path": [[t, x, y], …]}` or
    /// `{"pathFile": "log.csv"}` (a log with a header of `logColumns`, relative to the scenario
    /// file), and the `extra` forms a step allows (`{"fling": V}`).
    private func movement(_ value: JSONValue, at path: String, logColumns: [String], extra: [String]) throws(ScrollRenderError) -> Movement {
        let members = try reader.object(value, at: path, known: Set(["by", "hold", "duration", "path", "pathFile"] + extra))
        let forms = ["by", "path", "pathFile"] + extra
        let given = forms.filter { members[$0] != nil }
        guard given.count == 1, let form = given.first else {
            throw reader.error(path, "needs one of \(forms.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        if form != "by" {
            for key in ["hold", "duration"] where members[key] != nil {
                throw reader.error("\(path).\(key)", "a \(form == "fling" ? "fling" : form == "path" ? "path" : "recorded") movement has its own timing; remove \"\(key)\"")
            }
        }
        switch form {
        case "pathFile":
            let name = try reader.string(members[form]!, at: "\(path).pathFile")
            let file = try files.log(name, at: "\(path).pathFile", of: reader.file)
            return .path(try TouchLog(path: file, columns: logColumns).points())
        case "path": return .path(try timedPoints(members[form]!, at: "\(path).path"))
        case "fling": return .fling(try velocity(members[form]!, at: "\(path).fling"))
        default:
            let hold = try members["hold"].map { v throws(ScrollRenderError) in try reader.number(v, at: "\(path).hold") }
            return .by(try reader.point(members[form]!, at: "\(path).by"), hold: hold ?? TimelineStep.Action.defaultDragHold,
                       duration: try duration(members, at: path))
        }
    }

    /// `V` (vertical) or `[vx, vy]`.
    private func velocity(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> Point {
        if case .number = value { return Point(x: 0, y: try reader.number(value, at: path)) }
        return try reader.point(value, at: path)
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
