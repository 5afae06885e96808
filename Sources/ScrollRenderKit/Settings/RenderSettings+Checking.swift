import ImageCodecs
import ScrollPhysics

/// The rules settings must follow, each stated once, in the words of what the setting means.
/// Within these limits every later computation stays finite and every run bounded.
extension RenderSettings {
    /// Frames wider or taller than this are refused: far beyond any screen, and bounded memory.
    public static let maximumPixelSide = 16384.0
    public static let maximumFPS = SequenceManifest.maximumFPS
    /// An hour of still frames is more than anyone means.
    public static let maximumHold = 3600.0
    /// Device pixels per point: phones and tablets have 2 or 3.
    public static let displayScales = 0.01...10.0
    /// Screen refresh rates (Hz): 60 and 120 on Apple's screens; every tick is a callback.
    public static let displayRates = 10.0...1000.0
    /// Picture pixels per point, like `UIImage.scale`.
    public static let imageScales = 0.01...100.0
    public static let maximumHeaderStretch = 100.0
    /// The most steps one timeline may have.
    public static let maximumSteps = 10_000

    /// Throws the first rule these settings break.
    public func check() throws(InvalidSettings) {
        try checkView()
        try checkScrollView()
        try checkContent()
        try checkScreen()
        try checkOutput()
        try checkSteps()
    }

    private func checkView() throws(InvalidSettings) {
        let size = scrollView.boundsSize
        for side in [size.width, size.height] {
            guard side.isFinite, side > 0 else {
                throw .setting(.size, problem: "the view's width and height must be positive, not \(size.width)×\(size.height)")
            }
        }
        guard scrollView.displayScale.isFinite, scrollView.displayScale > 0 else {
            throw .setting(.scale, problem: "the display scale must be positive, not \(scrollView.displayScale)")
        }
        // Compared as doubles: the product may be far beyond Int (`1e300 × 10`).
        let pixels = [size.width, size.height].map { $0 * scrollView.displayScale }
        if let side = pixels.first(where: { $0 > Self.maximumPixelSide }) {
            let count = side < 1e15 ? String(Int(side)) : "\(side)"
            throw .combination([.size, .scale], problem: "the frames would be \(count) pixels on a side, over the limit of \(Int(Self.maximumPixelSide))")
        }
        if pixels.contains(where: { $0 < 1 }) {
            throw .combination([.size, .scale], problem: "the frames must be at least one pixel on each side")
        }
        try Self.check(.scale, scrollView.displayScale, within: Self.displayScales, "the display scale")
        try Self.check(.displayRate, scrollView.displayRate, within: Self.displayRates, "the display rate (Hz)")
    }

    private func checkScrollView() throws(InvalidSettings) {
        try Self.rule(.offset) { () throws(InvalidValue) in try ModelLimits.check(point: scrollView.contentOffset, "the content offset") }
        try Self.rule(.inset) { () throws(InvalidValue) in try ModelLimits.check(insets: scrollView.contentInset, "the content inset") }
        try Self.rule(.safeArea) { () throws(InvalidValue) in
            let safe = scrollView.safeAreaInsets
            try ModelLimits.check(insets: safe, "the safe area")
            guard min(safe.top, safe.left, safe.bottom, safe.right) >= 0 else { throw InvalidValue("the safe area cannot be negative") }
        }
        if isLandscape && device == nil {
            throw .combination([.landscape, .device], problem: "landscape turns a device: name one with \(setting: .device) (scrollrender devices lists them)")
        }
        try Self.rule(.indicatorInsets) { () throws(InvalidValue) in
            try ModelLimits.check(insets: scrollView.scrollIndicatorInsets, "the indicator insets")
        }
        try Self.rule(.deceleration) { () throws(InvalidValue) in _ = try DecelerationRate(checking: scrollView.decelerationRate.rawValue) }
        try Self.rule(.zoom) { () throws(InvalidValue) in try ModelLimits.check(zoomScale: scrollView.zoomScale, "the zoom scale") }
        if let targetContentOffset {
            try Self.rule(.targetContentOffset) { () throws(InvalidValue) in try targetContentOffset.check() }
        }
        let (minimum, maximum) = (scrollView.minimumZoomScale, scrollView.maximumZoomScale)
        try Self.rule(.zoomRange) { () throws(InvalidValue) in
            try ModelLimits.check(zoomScale: minimum, "the minimum zoom scale")
            try ModelLimits.check(zoomScale: maximum, "the maximum zoom scale")
            guard minimum <= maximum else { throw InvalidValue("the minimum zoom scale \(minimum) is above the maximum \(maximum)") }
        }
    }

    private func checkContent() throws(InvalidSettings) {
        try Self.check(.imageScale, imageScale, within: Self.imageScales, "the picture's scale")
        try Self.check(.headerStretch, headerStretch, within: 0...Self.maximumHeaderStretch, "the header's stretch factor")
        if !transparent && background.alpha != 255 {
            throw .combination([.background, .transparent], problem: "the background \(background.hexString) is not opaque; frames with alpha need transparent output")
        }
    }

    /// The screen is a device's: its choices need one named, and chrome not turned off.
    private func checkScreen() throws(InvalidSettings) {
        if fit != nil && isGiven(.imageScale) {
            throw .combination([.fit, .imageScale], problem: "fit works out the picture's scale; give \(setting: .fit) or \(setting: .imageScale), not both")
        }
        if screenshot == true && device == nil {
            throw .combination([.screenshot, .device], problem: "a screenshot is of a device: name it with \(setting: .device) (scrollrender devices lists them)")
        }
        let chosen = [Setting.chrome, .statusBar, .bezel, .corners].filter { $0 != .chrome ? isGiven($0) : chrome == true }
        if let first = chosen.first, device == nil {
            throw .combination([first, .device], problem: "the screen drawn is a device's: name one with \(setting: .device) (scrollrender devices lists them)")
        }
        if chrome == false, let first = chosen.first(where: { $0 != .chrome }) {
            throw .combination([first, .chrome], problem: "\(setting: first) is part of the device's screen, which \(setting: .chrome) off leaves out")
        }
    }

    private func checkOutput() throws(InvalidSettings) {
        guard fps.isFinite, fps > 0 else { throw .setting(.fps, problem: "the frame rate must be positive, not \(fps)") }
        try Self.check(.fps, fps, within: 0...Self.maximumFPS, "the frame rate")
        try Self.check(.hold, hold, within: 0...Self.maximumHold, "the hold after rest (seconds)")
        if let level = compressionLevel, !PNGEncoder.compressionLevels.contains(level) {
            throw .setting(.compression, problem: PNGEncoder.compressionLevelProblem(level))
        }
    }

    /// A timeline of `count` steps is not too long; readers ask before reading the steps.
    public static func checkStepCount(_ count: Int) throws(InvalidSettings) {
        guard count <= maximumSteps else { throw .timeline(problem: "a timeline has at most \(maximumSteps) steps, not \(count)") }
    }

    private func checkSteps() throws(InvalidSettings) {
        try Self.checkStepCount(steps.count)
        var points = 0
        for (index, step) in steps.enumerated() {
            points += step.action.recordedPointCount
            do throws(InvalidValue) {
                try step.check()
                try ModelLimits.check(timelinePathPointCount: points)
            } catch { throw .step(index: index, error) }
        }
    }

    private static func rule(_ setting: Setting, _ body: () throws(InvalidValue) -> Void) throws(InvalidSettings) {
        do throws(InvalidValue) { try body() } catch { throw .setting(setting, problem: error.problem) }
    }

    private static func check(_ setting: Setting, _ value: Double, within range: ClosedRange<Double>, _ what: String) throws(InvalidSettings) {
        guard value.isFinite, range.contains(value) else {
            throw .setting(setting, problem: "\(what) must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
        }
    }
}
