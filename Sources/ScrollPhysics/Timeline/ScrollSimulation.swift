import Geometry

/// A deterministic simulation of a `UIScrollView` driven by a timeline of touches and calls.
///
/// The whole timeline is run once at init into motion phases (closed forms, or models integrated at
/// a fixed 1-ms step from their own start) and delegate events; ``state(at:)`` then evaluates any
/// instant from those alone, so sampling at any frame rate gives identical states at shared instants.
public struct ScrollSimulation: Sendable {
    public let scrollView: ScrollView
    /// Delegate callbacks in order, with their times.
    public let events: [DelegateEvent]
    /// What the content view heard of the touches (``ContentTouchCallback``), in order.
    public let contentTouchEvents: [ContentTouchEvent]
    /// Every gesture step's touch samples at the times the simulation handled them: where the
    /// fingers were, for drawing them; nothing here changes the motion.
    public let touches: [HandledTouches]
    /// When all motion (offset, zoom, animations, bounces), touches and waits have ended.
    public let restTime: Double
    /// `restTime` or later: when the scroll indicators have faded out too.
    public let endTime: Double

    let phases: [Phase]
    let flagChanges: [FlagChange]
    let indicators: IndicatorTimeline

    public init(scrollView: ScrollView, timeline: [TimelineStep], options: SimulationOptions = .init()) {
        var builder = SimulationBuilder(scrollView: scrollView, options: options)
        for step in timeline { builder.perform(step) }
        builder.finish()
        self.scrollView = builder.scrollView
        events = builder.events
        contentTouchEvents = builder.contentTouchEvents
        touches = builder.handledTouches
        phases = builder.phases
        flagChanges = builder.flagChanges
        indicators = builder.indicators
        restTime = builder.restPoint
        endTime = Swift.max(restTime, builder.indicators.fadeEnd)
    }

    /// The scroll view at `time` (seconds; earlier than 0 reads as 0).
    public func state(at time: Double) -> ScrollViewState {
        let t = Swift.max(0, time)
        let phase = phases[phases.lastIndex(atOrBefore: t) { $0.start }]
        let pose = phase.pose(at: t)
        let flagIndex = flagChanges.lastIndex(atOrBefore: t) { $0.time }
        let flags = flagChanges.isEmpty || flagChanges[0].time > t ? ScrollFlags() : flagChanges[flagIndex].flags
        var shown = pose
        shown.contentOffset = pose.contentOffset.roundedToPixels(scale: scrollView.displayScale)
        return ScrollViewState(
            time: t, contentOffset: shown.contentOffset, zoomScale: pose.zoomScale,
            contentSize: scrollView.contentSize * pose.zoomScale, velocity: phase.velocity(at: t),
            isTracking: flags.isTracking, isDragging: flags.isDragging, isDecelerating: flags.isDecelerating,
            isZooming: flags.isZooming, isZoomBouncing: flags.isZoomBouncing,
            verticalIndicator: indicator(.vertical, pose: shown, at: t),
            horizontalIndicator: indicator(.horizontal, pose: shown, at: t))
    }

    /// States at `0, 1/fps, 2/fps, …` up to `endTime + hold`, as a renderer samples them.
    public func frames(fps: Double, hold: Double = 0) -> [ScrollViewState] {
        (0..<Int(frameCount(fps: fps, hold: hold))).map { state(at: Double($0) / fps) }
    }

    /// How many frames ``frames(fps:hold:)`` gives: 0, 1/fps, … up to `endTime + hold`. A `Double`,
    /// so that a caller can refuse an absurd count before anything is sampled.
    public func frameCount(fps: Double, hold: Double = 0) -> Double {
        ((endTime + hold) * fps + UIKitConstants.timeTolerance).rounded(.down) + 1
    }

    private func indicator(_ axis: Axis, pose: Pose, at t: Double) -> ScrollIndicator? {
        guard let frame = ScrollIndicatorLayout.frame(axis, in: scrollView, pose: pose) else { return nil }
        return ScrollIndicator(
            frame: frame, cornerRadius: UIKitConstants.indicatorCornerRadius, alpha: indicators.alpha(at: t),
            color: scrollView.indicatorStyle.color)
    }
}
