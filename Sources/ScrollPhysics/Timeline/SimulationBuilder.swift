import Geometry

/// A change of the UIKit flags at an instant.
struct FlagChange: Sendable, Hashable {
    let time: Double
    let flags: ScrollFlags
}

/// Runs a timeline once, in time order, into phases (motion models), delegate events, flag changes
/// and indicator appearances. ``ScrollSimulation`` then answers any instant from these alone.
///
/// `scrollViewDidScroll` rule: one per touch sample and one per display-link tick (absolute grid
/// k/``ScrollView/displayRate`` s) during decelerations and offset animations, whenever the offset
/// differs from the last one written — UIKit writes unrounded offsets while it decelerates, so
/// every tick until rest counts (recorded) — plus one at the end of a motion if its final value differs.
/// Core Animation zooms (programmatic and bounce) report `scrollViewDidZoom`/`DidScroll` once, at the end.
struct SimulationBuilder {
    let scrollView: ScrollView
    let options: SimulationOptions
    private(set) var phases: [Phase]
    private(set) var events: [DelegateEvent] = []
    /// What the content heard of the touches.
    var contentTouchEvents: [ContentTouchEvent] = []
    /// Each gesture step's samples at the times they were handled (read only, for drawing).
    var handledTouches: [HandledTouches] = []
    private(set) var flagChanges: [FlagChange] = []
    var indicators = IndicatorTimeline()
    private(set) var flags = ScrollFlags()
    /// The offset last written (unrounded), and the rounded offset and zoom scale the delegate last saw.
    private var writtenOffset: Point
    private var reportedOffset: Point
    private var reportedZoom: Double
    /// Display-link ticks of the current phase have been reported up to here.
    private var ticksReported: Double
    /// The end of the last touch script or wait.
    var inputEnd = 0.0
    /// The latest instant an action happened, so that later steps never go back in time.
    var clock = 0.0
    /// Seed order: a touch caught a deceleration whose `scrollViewDidEndDecelerating` is still owed.
    var pendingDidEndDecelerating = false
    var gesture: TouchGesture?
    /// Repeated fast flicks and their distance multiplier.
    var flingStreak = FlingStreak()

    init(scrollView: ScrollView, options: SimulationOptions) {
        var view = scrollView
        view.zoomScale = scrollView.clampedZoomScale(scrollView.zoomScale)
        self.scrollView = view
        self.options = options
        let pose = Pose(contentOffset: view.contentOffset, zoomScale: view.zoomScale)
        phases = [Phase(start: 0, kind: .idle, motion: .still(pose))]
        writtenOffset = pose.contentOffset
        reportedOffset = pose.contentOffset.roundedToPixels(scale: view.displayScale)
        reportedZoom = pose.zoomScale
        ticksReported = 0
    }

    var current: Phase { phases[phases.count - 1] }

    /// When everything so far has come to rest: motion ended, touches lifted, waits elapsed.
    var restPoint: Double {
        Swift.max(inputEnd, current.isMoving ? current.naturalEnd : current.start)
    }

    // MARK: - Phases

    /// Starts a phase at `t`, or where the current one starts if that is later (a motion whose
    /// clock starts a moment after its release, cut short before it moved).
    mutating func begin(_ kind: PhaseKind, _ motion: Motion, at t: Double) {
        let start = Swift.max(t, current.start)
        phases.append(Phase(start: start, kind: kind, motion: motion, tickRate: scrollView.displayRate))
        ticksReported = start
    }

    /// Lets the running motion end by itself if it does so by `t`.
    mutating func advance(to t: Double) {
        guard current.isMoving, current.naturalEnd <= t + UIKitConstants.timeTolerance else { return }
        let phase = current
        let end = phase.naturalEnd
        reportTicks(through: end, includingEnd: false)
        let pose = phase.pose(at: end)
        begin(.idle, .still(pose), at: end)
        complete(phase.kind, at: end, pose: pose)
    }

    /// The end callbacks of a motion that finished (or, for Core Animation zooms, was cut short).
    mutating func complete(_ kind: PhaseKind, at t: Double, pose: Pose) {
        switch kind {
        case .idle, .tracking:
            return
        case .deceleration(let announced):
            report(pose, at: t, zoom: false)
            if announced { pendingDidEndDecelerating = true }
            flingStreak.end()
        case .offsetAnimation(let toTop):
            report(pose, at: t, zoom: false)
            emit(toTop ? .didScrollToTop : .didEndScrollingAnimation, at: t)
        case .zoomAnimation:
            report(pose, at: t, zoom: true)
            setFlags(at: t) { $0.isZoomBouncing = false }
            emit(.didEndZooming(scale: pose.zoomScale), at: t)
        }
        becomeIdle(at: t)
    }

    /// Nothing moves and no finger is down: flags clear, an owed `DidEndDecelerating` is delivered,
    /// and the indicators start their fade delay.
    mutating func becomeIdle(at t: Double) {
        if pendingDidEndDecelerating {
            emit(.didEndDecelerating, at: t)
            pendingDidEndDecelerating = false
        }
        setFlags(at: t) { $0 = ScrollFlags() }
        indicators.hide(at: t)
    }

    /// Stops the running motion at `t` and returns the pose it leaves. Display-link motion is
    /// caught where it is ; a Core Animation zoom jumps to its model value and completes.
    /// A programmatic interruption ends a deceleration (a guess) and delivers its end callback;
    /// an interrupted offset animation delivers none (GUESS).
    mutating func interrupt(at t: Double, byTouch: Bool) -> Pose {
        let phase = current
        guard phase.isMoving else { return phase.pose(at: t) }
        reportTicks(through: t, includingEnd: !byTouch)
        if case .zoomAnimation = phase.kind {
            let pose = phase.pose(at: phase.naturalEnd)
            begin(.idle, .still(pose), at: t)
            complete(phase.kind, at: t, pose: pose)
            return pose
        }
        let pose = phase.pose(at: byTouch ? lastWrite(of: phase, before: t) : t)
        begin(.idle, .still(pose), at: t)
        if case .deceleration(let announced) = phase.kind {
            if announced { pendingDidEndDecelerating = true }
            if !byTouch { becomeIdle(at: t) } else { caughtByTouch(at: t) }
        }
        return pose
    }

    /// When a display-link motion last wrote an offset before `t`: its last tick strictly before
    /// (recorded: a touch halts a deceleration where the last tick before touch-down left it, 2–7
    /// pt short of where it would be at the touch; a trackpad catch, whose event comes on a tick,
    /// halts at the previous tick's offset — input is handled before that frame's display link).
    private func lastWrite(of phase: Phase, before t: Double) -> Double {
        guard case .momentum = phase.motion else { return t }
        return Swift.max(phase.start, Phase.tick(before: t, rate: scrollView.displayRate))
    }

    /// A touch caught a deceleration: the seed order keeps it "decelerating" until the new drag
    /// ends; iOS 13+ ends it now.
    private mutating func caughtByTouch(at t: Double) {
        guard options.interruptedDecelerationOrder == .iOS13 else { return }
        if pendingDidEndDecelerating {
            emit(.didEndDecelerating, at: t)
            pendingDidEndDecelerating = false
        }
        setFlags(at: t) { $0.isDecelerating = false; $0.isDragging = false }
    }

    // MARK: - Tracking points

    /// Appends in place: the phase lets go of its array first, so that a long drag costs one
    /// append per sample rather than a copy of every earlier point.
    mutating func appendTrackPoint(_ point: TrackPoint) {
        let last = phases.count - 1
        guard case .tracking(var points) = phases[last].motion else { return }
        phases[last].motion = .still(point.pose)
        points.append(point)
        phases[last].motion = .tracking(points)
    }

    // MARK: - Delegate

    mutating func emit(_ callback: DelegateCallback, at t: Double) {
        assert(events.last.map { $0.time <= t + UIKitConstants.timeTolerance } ?? true, "events out of order")
        events.append(DelegateEvent(time: t, callback: callback, contentOffset: reportedOffset, zoomScale: reportedZoom))
    }

    /// Tells the delegate about `pose` if it changed: `DidZoom` (when `zoom`), then `DidScroll`.
    mutating func report(_ pose: Pose, at t: Double, zoom: Bool) {
        let offset = pose.contentOffset.roundedToPixels(scale: scrollView.displayScale)
        let zoomChanged = zoom && pose.zoomScale != reportedZoom
        let offsetChanged = pose.contentOffset != writtenOffset
        writtenOffset = pose.contentOffset
        reportedOffset = offset
        if zoom { reportedZoom = pose.zoomScale }
        if zoomChanged { emit(.didZoom, at: t) }
        if offsetChanged { emit(.didScroll, at: t) }
    }

    /// `DidScroll` at the display-link ticks of the current phase up to `end`.
    mutating func reportTicks(through end: Double, includingEnd: Bool) {
        let phase = current
        defer { ticksReported = Swift.max(ticksReported, end) }
        guard phase.isMoving, !phase.isCoreAnimationZoom else { return }
        let rate = scrollView.displayRate
        var tick = (ticksReported * rate + UIKitConstants.timeTolerance).rounded(.down) + 1
        while true {
            let t = tick / rate
            if t > end || (!includingEnd && t >= end) { break }
            report(phase.pose(at: t), at: t, zoom: false)
            tick += 1
        }
    }

    mutating func setFlags(at t: Double, _ change: (inout ScrollFlags) -> Void) {
        var next = flags
        change(&next)
        guard next != flags else { return }
        flags = next
        flagChanges.append(FlagChange(time: t, flags: next))
    }
}

extension Phase {
    /// Zoom animations run in Core Animation: no per-frame callbacks.
    var isCoreAnimationZoom: Bool {
        if case .zoomAnimation = kind { return true }
        return false
    }
}
