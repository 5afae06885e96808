import Geometry
import ScrollPhysics

/// Refuses settings that cannot work, before any work, each with a sentence naming the option.
/// The command line and scenario files both end here, so the rules are stated once.
public enum SettingsValidator {
    /// Output frames wider or taller than this are refused (far beyond any screen, and bounded memory).
    public static let maximumPixelSide = 16384.0
    public static let maximumFPS = 1000.0
    /// An hour of still frames is more than anyone means.
    public static let maximumHold = 3600.0

    public static func validate(_ settings: RenderSettings) throws(ScrollRenderError) {
        try check(settings.viewSize.width, "--size width", positive: true)
        try check(settings.viewSize.height, "--size height", positive: true)
        try check(settings.displayScale, "--scale", positive: true)
        // Compared and reported as doubles: the product may be far beyond Int (`--size 1e300x10`).
        for side in [settings.viewSize.width, settings.viewSize.height] where side * settings.displayScale > maximumPixelSide {
            let pixels = side * settings.displayScale
            let count = pixels < 1e15 ? String(Int(pixels)) : "\(pixels)"
            throw .invalidArgument("--size × --scale gives \(count) pixels on a side, over the limit of \(Int(maximumPixelSide))")
        }
        if settings.viewSize.width * settings.displayScale < 1 || settings.viewSize.height * settings.displayScale < 1 {
            throw .invalidArgument("--size × --scale must give at least one pixel on each side")
        }
        try check(settings.fps, "--fps", positive: true)
        if settings.fps > maximumFPS { throw .invalidArgument("--fps must be at most \(Int(maximumFPS)), not \(settings.fps)") }
        try check(settings.hold, "--hold", positive: false)
        if settings.hold > maximumHold { throw .invalidArgument("--hold must be at most \(Int(maximumHold)) seconds, not \(settings.hold)") }
        try check(settings.imageScale, "--image-scale", positive: true)
        try check(settings.zoomScale, "--zoom", positive: true)
        try check(settings.headerStretch, "--header-stretch", positive: false)
        try validateScrollView(settings)
        for step in settings.steps { try validate(step) }
    }

    static func validateScrollView(_ settings: RenderSettings) throws(ScrollRenderError) {
        let rate = settings.decelerationRate
        guard rate.isFinite, rate > 0, rate < 1 else {
            throw .invalidArgument("--deceleration must be normal, fast or a rate between 0 and 1 (exclusive), not \(rate)")
        }
        if let range = settings.zoomRange {
            try check(range.lowerBound, "--zoom-range minimum", positive: true)
            try check(range.upperBound, "--zoom-range maximum", positive: true)
        }
        let inset = settings.contentInset
        for (value, side) in [(inset.top, "top"), (inset.left, "left"), (inset.bottom, "bottom"), (inset.right, "right")] {
            guard value.isFinite else { throw .invalidArgument("--inset \(side) must be a finite number, not \(value)") }
        }
        if let offset = settings.contentOffset, !(offset.x.isFinite && offset.y.isFinite) {
            throw .invalidArgument("--offset must be finite numbers, not \(offset.x),\(offset.y)")
        }
        if let level = settings.compressionLevel, !(0...9).contains(level) {
            throw .invalidArgument("--compression must be 0–9, not \(level)")
        }
        if !settings.transparent && settings.background.alpha != 255 {
            throw .invalidArgument("--background \(settings.background.hexString) is not opaque; add --transparent for frames with alpha")
        }
    }

    /// The longest a single step may last or wait, in seconds.
    public static let maximumStepSeconds = 3600.0

    static func validate(_ step: Step) throws(ScrollRenderError) {
        switch step.start {
        case .at(let time): try check(time, "a step's start time", positive: false, atMost: maximumStepSeconds)
        case .afterRest(let delay): try check(delay, "a step's delay", positive: false, atMost: maximumStepSeconds)
        }
        try validate(step.gesture)
    }

    static func validate(_ gesture: Gesture) throws(ScrollRenderError) {
        switch gesture {
        case .fling(let velocity):
            try check(velocity, "--fling")
            if velocity == .zero { throw .invalidArgument("--fling needs a non-zero velocity") }
        case .drag(let translation, let hold, let duration):
            try check(translation, "--drag")
            try check(hold, "a drag's hold", positive: false, atMost: maximumStepSeconds)
            if let duration { try check(duration, "a drag's duration", positive: true, atMost: maximumStepSeconds) }
        case .dragPath(let points):
            try validatePath(points)
        case .touch(let duration):
            try check(duration, "a touch's duration", positive: true, atMost: maximumStepSeconds)
        case .pinch(let scale, let center, let duration):
            try check(scale, "--pinch", positive: true)
            if let center { try check(center, "--pinch-center") }
            if let duration { try check(duration, "a pinch's duration", positive: true, atMost: maximumStepSeconds) }
        case .page(let pages):
            if pages == 0 { throw .invalidArgument("--page needs a non-zero number of pages") }
        case .scrollTo(let offset, _):
            try check(offset, "--scroll-to")
        case .setZoomScale(let scale, _):
            try check(scale, "a zoom scale", positive: true)
        case .wait(let seconds):
            try check(seconds, "a wait", positive: false, atMost: maximumStepSeconds)
        case .zoomTo(let rect, _):
            try check(rect.origin, "--zoom-to")
            try check(rect.width, "--zoom-to width", positive: true)
            try check(rect.height, "--zoom-to height", positive: true)
        case .scrollToTop, .flashScrollIndicators:
            break
        }
    }

    /// A finger path needs two or more points with finite coordinates and increasing times from 0.
    static func validatePath(_ points: [TimedPoint]) throws(ScrollRenderError) {
        guard points.count >= 2 else { throw .invalidArgument("a drag path needs at least two points") }
        for point in points {
            try check(point.time, "a path point's time", positive: false, atMost: maximumStepSeconds)
            try check(point.location, "a path point")
        }
        for (a, b) in zip(points, points.dropFirst()) where b.time <= a.time {
            throw .invalidArgument("a drag path's times must increase (\(b.time) follows \(a.time))")
        }
    }

    static func check(_ value: Double, _ name: String, positive: Bool, atMost limit: Double) throws(ScrollRenderError) {
        try check(value, name, positive: positive)
        if value > limit { throw .invalidArgument("\(name) must be at most \(limit), not \(value)") }
    }

    static func check(_ value: Double, _ option: String, positive: Bool) throws(ScrollRenderError) {
        guard value.isFinite else { throw .invalidArgument("\(option) must be a finite number, not \(value)") }
        if positive ? value <= 0 : value < 0 {
            throw .invalidArgument("\(option) must be \(positive ? "positive" : "zero or more"), not \(value)")
        }
    }

    static func check(_ point: Point, _ option: String) throws(ScrollRenderError) {
        guard point.x.isFinite, point.y.isFinite else {
            throw .invalidArgument("\(option) must be finite numbers, not \(point.x),\(point.y)")
        }
    }
}
