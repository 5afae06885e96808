import Geometry

/// Timeline steps and the programmatic `UIScrollView` calls.
extension SimulationBuilder {
    /// Runs `step`, resolving when it starts.
    mutating func perform(_ step: TimelineStep) {
        let t: Double
        switch step.start {
        case .at(let time): t = Swift.max(time, inputEnd, clock)
        case .afterRest(let delay): t = Swift.max(restPoint + delay, clock)
        }
        clock = t
        perform(step.action, at: t)
    }

    private mutating func perform(_ action: TimelineStep.Action, at t: Double) {
        if let script = touchScript(for: action) {
            let start = action.panInput == .trackpad ? trackpadStart(script, at: t) : t
            for sample in script.samples { handle(sample, at: start + sample.time, input: action.panInput) }
            handledTouches.append(HandledTouches(input: action.panInput, samples: script.samples.map {
                TouchSample(time: start + $0.time, phase: $0.phase, locations: $0.locations)
            }))
            return
        }
        switch action {
        case .scrollTo(let offset, let animated):
            setContentOffset(at: t, animated: animated) { _, _ in offset }
        case .scrollRectToVisible(let rect, let animated):
            setContentOffset(at: t, animated: animated) { view, pose in
                view.offsetToShow(rect, from: pose.contentOffset, zoomScale: pose.zoomScale)
            }
        case .setZoomScale(let scale, let animated):
            zoom(at: t, animated: animated) { $0.zoomPose(scale: scale, from: $1) }
        case .zoomTo(let rect, let animated):
            zoom(at: t, animated: animated) { view, _ in view.zoomPose(toFit: rect) }
        case .flashScrollIndicators:
            advance(to: t)
            indicators.flash(at: t)
        case .scrollToTop:
            scrollToTop(at: t)
        case .wait(let duration):
            advance(to: t)
            inputEnd = Swift.max(inputEnd, t + duration)
        case .fling, .drag, .dragPath, .touch, .tap, .pinch, .page, .touches, .trackpad:
            break  // gestures: handled above as touches
        }
    }

    /// When a trackpad script starts: UIKit handles a trackpad's events on display ticks (recorded
    /// on iPadOS: its drag writes and the deceleration's share one 60-Hz grid), so the script moves
    /// to the next tick — at its began event when it catches a deceleration (UIKit writes the halt
    /// there), else at its first movement.
    private mutating func trackpadStart(_ script: TouchScript, at t: Double) -> Double {
        advance(to: t)
        let catches = current.isMoving && current.isDeceleration
        let samples = script.samples
        guard let event = (catches ? samples.first : samples.dropFirst().first).map({ t + $0.time }) else { return t }
        return t + Phase.tick(atOrAfter: event, rate: scrollView.displayRate) - event
    }

    /// The fingers of a gesture step, placed in this scroll view: gestures start in the middle of
    /// the bounds, and pages turn along the axis the content scrolls in. `nil` for calls.
    func touchScript(for action: TimelineStep.Action) -> TouchScript? {
        let center = Point(x: scrollView.boundsSize.width / 2, y: scrollView.boundsSize.height / 2)
        switch action {
        case .touches(let script):
            return script
        case .fling(let velocity):
            return .fling(velocity: velocity, from: center)
        case .drag(let translation, let hold, let duration):
            return .drag(translation: translation, hold: hold, from: center, duration: duration)
        case .dragPath(let points):
            return .path(points.map { (time: $0.time, location: $0.location) })
        case .trackpad(.path(let points)):
            return .trackpad(points, frameRate: scrollView.displayRate)
        case .trackpad(.fling(let velocity)):
            return .fling(velocity: velocity, from: .zero, sampleRate: scrollView.displayRate)
        case .trackpad(.drag(let translation, let hold, let duration)):
            return .drag(translation: translation, hold: hold, from: .zero, duration: duration, sampleRate: scrollView.displayRate)
        case .touch(let duration):
            return .hold(at: center, duration: duration)
        case .tap(let location):
            return .hold(at: location, duration: TimelineStep.Action.tapDuration)
        case .pinch(let scale, let pinchCenter, let duration):
            guard let duration else { return .pinch(scale: scale, center: pinchCenter ?? center) }
            return .pinch(scale: scale, center: pinchCenter ?? center, duration: duration)
        case .page(let pages):
            let axis: Axis = scrollView.contentSize.width * scrollView.zoomScale > scrollView.boundsSize.width ? .horizontal : .vertical
            return .swipe(pages: pages, along: axis, pageSize: scrollView.boundsSize[axis], from: center)
        case .scrollTo, .scrollRectToVisible, .zoomTo, .setZoomScale, .scrollToTop, .flashScrollIndicators, .wait:
            return nil
        }
    }

    /// Ends whatever runs at `t` for a programmatic change and returns the pose it leaves.
    mutating func stopForProgrammaticChange(at t: Double) -> (pose: Pose, wasDecelerating: Bool) {
        advance(to: t)
        let wasDecelerating = current.isMoving && current.isDeceleration
        return (interrupt(at: t, byTouch: false), wasDecelerating)
    }

    /// `setContentOffset(_:animated:)` / `scrollRectToVisible(_:animated:)`: clamped, except while
    /// decelerating; animated 0.3 s sin² then DidEndScrollingAnimation, else one DidScroll.
    private mutating func setContentOffset(
        at t: Double, animated: Bool, target: (ScrollView, Pose) -> Point
    ) {
        let (pose, wasDecelerating) = stopForProgrammaticChange(at: t)
        let requested = target(scrollView, pose)
        let offset = wasDecelerating ? requested : scrollView.clampedContentOffset(requested, zoomScale: pose.zoomScale)
        let end = Pose(contentOffset: offset, zoomScale: pose.zoomScale)
        guard animated else { return jump(to: end, at: t) }
        animate(from: pose, to: end, kind: .offsetAnimation(toTop: false), duration: UIKitConstants.contentOffsetAnimationDuration, at: t)
    }

    /// `setZoomScale(_:animated:)` / `zoom(to:animated:)`: animated zooms report DidZoom once at the
    /// end, then DidEndZooming; non-animated ones report DidZoom and DidScroll at once.
    private mutating func zoom(at t: Double, animated: Bool, target: (ScrollView, Pose) -> Pose) {
        let (pose, _) = stopForProgrammaticChange(at: t)
        let end = target(scrollView, pose)
        guard animated else { return jump(to: end, at: t) }
        animate(from: pose, to: end, kind: .zoomAnimation(bounce: false), duration: UIKitConstants.zoomAnimationDuration, at: t)
    }

    private mutating func jump(to pose: Pose, at t: Double) {
        begin(.idle, .still(pose), at: t)
        report(pose, at: t, zoom: true)
    }

    /// Starts an animation unless it would not change what is shown (then no callbacks at all).
    mutating func animate(from: Pose, to: Pose, kind: PhaseKind, duration: Double,
                                  curve: AnimationCurve = .easeInOutSine, at t: Double) {
        let scale = scrollView.displayScale
        let changes = from.zoomScale != to.zoomScale
            || from.contentOffset.roundedToPixels(scale: scale) != to.contentOffset.roundedToPixels(scale: scale)
        guard changes else { return }
        indicators.show(at: t)
        begin(kind, .animation(PoseAnimation(from: from, to: to, duration: duration, curve: curve)), at: t)
    }

    /// Lets the last motion end and closes the books.
    mutating func finish() {
        advance(to: .infinity)
    }
}
