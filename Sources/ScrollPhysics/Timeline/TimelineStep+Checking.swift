import Geometry

/// The rules a step must follow, stated once, for the command line, scenario files and library
/// users alike.
extension TimelineStep {
    public func check() throws(InvalidValue) {
        switch start {
        case .at(let time): try Self.field("at") { () throws(InvalidValue) in try ModelLimits.check(seconds: time, "a step's start time") }
        case .afterRest(let delay): try Self.field("after") { () throws(InvalidValue) in try ModelLimits.check(seconds: delay, "a step's delay") }
        }
        try action.check()
    }
}

extension TimelineStep {
    /// Runs `check`, locating what it throws inside `name`.
    static func field(_ name: String, _ check: () throws(InvalidValue) -> Void) throws(InvalidValue) {
        do throws(InvalidValue) { try check() } catch { throw error.at(name) }
    }
}

extension TimelineStep.Action {
    public func check() throws(InvalidValue) {
        switch self {
        case .fling(let velocity), .trackpad(.fling(let velocity)):
            try Self.checkFling(velocity)
        case .drag(let translation, let hold, let duration), .trackpad(.drag(let translation, let hold, let duration)):
            try TimelineStep.field("by") { () throws(InvalidValue) in try ModelLimits.check(translation: translation, "a drag's translation") }
            try TimelineStep.field("hold") { () throws(InvalidValue) in try ModelLimits.check(seconds: hold, "a drag's hold") }
            try Self.checkDuration(duration, "a drag's duration")
        case .dragPath(let points), .trackpad(.path(let points)):
            try Self.checkPath(points)
        case .touch(let duration):
            try ModelLimits.check(seconds: duration, "a touch's duration", positive: true)
        case .tap(let location):
            try ModelLimits.check(point: location, "a tap's location")
        case .pinch(let scale, let center, let duration):
            try TimelineStep.field("scale") { () throws(InvalidValue) in try ModelLimits.check(zoomScale: scale, "a pinch's scale") }
            if let center {
                try TimelineStep.field("center") { () throws(InvalidValue) in try ModelLimits.check(point: center, "a pinch's center") }
            }
            try Self.checkDuration(duration, "a pinch's duration")
        case .page(let pages):
            guard pages != 0 else { throw InvalidValue("a page step needs a non-zero number of pages") }
            guard pages.magnitude <= ModelLimits.maximumPages else {
                throw InvalidValue("a page step turns at most \(ModelLimits.maximumPages) pages, not \(pages)")
            }
        case .scrollTo(let offset, _):
            try ModelLimits.check(point: offset, "a content offset")
        case .scrollRectToVisible(let rect, _), .zoomTo(let rect, _):
            try Self.checkRect(rect)
        case .setZoomScale(let scale, _):
            try ModelLimits.check(zoomScale: scale, "a zoom scale")
        case .wait(let seconds):
            try ModelLimits.check(seconds: seconds, "a wait")
        case .touches(let script):
            try ModelLimits.check(seconds: script.duration, "a touch script")
        case .scrollToTop, .flashScrollIndicators:
            break
        }
    }

    private static func checkDuration(_ duration: Double?, _ what: String) throws(InvalidValue) {
        guard let duration else { return }
        try TimelineStep.field("duration") { () throws(InvalidValue) in try ModelLimits.check(seconds: duration, what, positive: true) }
    }

    private static func checkFling(_ velocity: Point) throws(InvalidValue) {
        guard velocity.x.isFinite, velocity.y.isFinite else {
            throw InvalidValue("a fling's velocity must be finite, not \(velocity.x),\(velocity.y)")
        }
        // Scaled by the larger component, so that 1e308 is reported as itself, not as infinity.
        let larger = max(abs(velocity.x), abs(velocity.y))
        let speed = larger == 0 ? 0 : larger * ((velocity.x / larger) * (velocity.x / larger) + (velocity.y / larger) * (velocity.y / larger)).squareRoot()
        guard ModelLimits.flingSpeeds.contains(speed) else {
            let range = ModelLimits.flingSpeeds
            throw InvalidValue("a fling's speed must be between \(Int(range.lowerBound)) and \(Int(range.upperBound)) pt/s, not \(speed)")
        }
    }

    /// A path needs two or more points in the view, at increasing times from 0.
    private static func checkPath(_ points: [TimedPoint]) throws(InvalidValue) {
        guard points.count >= 2 else { throw InvalidValue("a drag path needs at least two points") }
        try ModelLimits.check(pathPointCount: points.count)
        for (index, point) in points.enumerated() {
            do throws(InvalidValue) {
                try ModelLimits.check(seconds: point.time, "a path point's time")
                try ModelLimits.check(point: point.location, "a path point")
            } catch {
                throw error.at("path[\(index)]")
            }
        }
        for (index, (a, b)) in zip(points, points.dropFirst()).enumerated() where b.time <= a.time {
            throw InvalidValue("a drag path's times must increase (\(b.time) follows \(a.time))", field: "path[\(index + 1)]")
        }
    }

    private static func checkRect(_ rect: Rect) throws(InvalidValue) {
        try ModelLimits.check(point: rect.origin, "a rect's origin")
        for side in [rect.width, rect.height] {
            try ModelLimits.check(distance: side, "a rect's size")
            guard side > 0 else { throw InvalidValue("a rect's width and height must be positive, not \(rect.width)×\(rect.height)") }
        }
    }
}
