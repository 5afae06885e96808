#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// Pan recognition: when a touch becomes a drag, where its translation counts from, and which
/// axes it may move (the directional lock).
extension SimulationBuilder {
    /// A finger's pan after 10 pt of movement, a trackpad's at its first movement, and at once
    /// on a decelerating view. A view that cannot scroll on either axis never starts a drag, as
    /// UIKit's pan recognizer declines to begin; nor does one whose content keeps the touch.
    ///
    /// The recognizer enters state began here; its began action reaches the scroll view on a
    /// display tick (``BeganAction``), at once when this sample falls on it.
    mutating func recognizePan(_ sample: TouchSample, at t: Double) {
        guard scrollView.isScrollEnabled, let touch = gesture else { return }
        let moved = sample.centroid - touch.downLocation
        guard moved.length > 0, touch.caughtDeceleration || moved.length >= touch.input.recognitionDistance else { return }
        let limits = OffsetLimits(scrollView, zoomScale: current.pose(at: t).zoomScale)
        guard limits.canScroll(.horizontal) || limits.canScroll(.vertical) else { return }
        guard panMayBegin(at: t, location: sample.centroid) else { return }
        let quick = isQuickStart(touch, recognizedAt: t)
        let delay = quick ? UIKitConstants.quickStartBeganDelay : 0
        let began = BeganAction(
            tick: Phase.tick(atOrAfter: t + delay, rate: scrollView.displayRate),
            origin: quick ? nil : panOrigin(touch, firstMove: sample.centroid), lockedAxis: quick ? nil : directionalLock(moved, limits))
        gesture?.began = began
        deliverBegan(before: t, finger: sample.centroid, lifting: false)
    }

    /// A finger's pan recognized within ``UIKitConstants/quickStartWindow`` of touch-down — a
    /// flick, or a catch that flicks at once. A trackpad's first event begins its pan at once.
    private func isQuickStart(_ touch: TouchGesture, recognizedAt t: Double) -> Bool {
        touch.input == .touch && t - touch.downTime <= UIKitConstants.quickStartWindow + UIKitConstants.timeTolerance
    }

    /// Delivers a began action due by a sample at `t` (one on its tick counts as handled by it),
    /// or at the lift if that comes first. The drag starts on the tick, from the finger's latest
    /// sample by then (a quick start's translation 0; a slow start's jump past the slop); a lift
    /// before the tick begins it there, translation 0.
    mutating func deliverBegan(before t: Double, finger: Point, lifting: Bool) {
        guard let touch = gesture, let began = touch.began else { return }
        let tolerance = UIKitConstants.timeTolerance
        guard lifting || began.tick <= t + tolerance else { return }
        gesture?.began = nil
        let onTick = began.tick <= t + tolerance
        let time = onTick ? began.tick : t
        let latest = onTick && began.tick < t - tolerance ? touch.lastCentroid : finger
        let limits = OffsetLimits(scrollView, zoomScale: current.pose(at: time).zoomScale)
        beginPan(origin: began.origin ?? latest, lock: began.origin == nil ? directionalLock(latest - touch.downLocation, limits) : began.lockedAxis,
                 at: time)
        guard let pan = gesture?.pan else { return }
        track(panPose(pan, finger: latest, input: touch.input), at: time, zoom: false)
    }

    /// A trackpad pan that catches a deceleration begins at its first event with translation 0:
    /// UIKit writes the halt as the drag's first write, and the gesture's whole translation counts
    /// from there (recorded on iPadOS). No movement yet, so no directional lock.
    mutating func beginCaughtTrackpadPan(at t: Double) {
        guard scrollView.isScrollEnabled, let touch = gesture else { return }
        let limits = OffsetLimits(scrollView, zoomScale: current.pose(at: t).zoomScale)
        guard limits.canScroll(.horizontal) || limits.canScroll(.vertical) else { return }
        beginPan(origin: touch.downLocation, lock: nil, at: t)
        guard let pan = gesture?.pan else { return }
        track(panPose(pan, finger: touch.downLocation, input: touch.input), at: t, zoom: false)
    }

    /// The drag begins: `scrollViewWillBeginDragging`, the content caught where it is (through the
    /// rubber band if it is past an edge).
    private mutating func beginPan(origin: Point, lock: Axis?, at t: Double) {
        guard let touch = gesture else { return }
        let pose = current.pose(at: t)
        let limits = OffsetLimits(scrollView, zoomScale: pose.zoomScale)
        let raw = Point.make { axis in
            RubberBand.rawOffset(
                visible: pose.contentOffset[axis], lower: limits.lower[axis], upper: limits.upper[axis],
                dimension: scrollView.boundsSize[axis], coefficient: touch.input.rubberBandCoefficient)
        }
        gesture?.pan = TouchGesture.Pan(origin: origin, rawStart: raw, pose: pose, lockedAxis: lock)
        emit(.willBeginDragging, at: t)
        setFlags(at: t) { $0.isDragging = true }
        indicators.show(at: t)
    }

    /// Where a slow start's translation counts from (a quick start's restarts where its began
    /// arrives). A finger's: UIKit takes the 10-pt slop off each axis (sign·min(|movement|, 10);
    /// recorded: a first move of (−0.67, −44.67) gives (0, −34.67)), so the content jumps to what
    /// the finger moved beyond it. A catch's: the first moved sample (recorded: UIKit halts the
    /// view and the travel to that sample moves nothing). A trackpad's: its first event, so its
    /// first movement counts in full.
    private func panOrigin(_ touch: TouchGesture, firstMove: Point) -> Point {
        if touch.caughtDeceleration { return firstMove }
        let slop = touch.input.recognitionDistance
        let moved = firstMove - touch.downLocation
        return touch.downLocation + .make { axis in
            let travel = moved[axis]
            return travel < 0 ? -Swift.min(-travel, slop) : Swift.min(travel, slop)
        }
    }

    /// The directional lock: the axis the first movement runs within
    /// ``UIKitConstants/directionalLockAngle`` of; none (both axes free) in between.
    private func directionalLock(_ moved: Point, _ limits: OffsetLimits) -> Axis? {
        guard scrollView.isDirectionalLockEnabled, limits.canScroll(.horizontal), limits.canScroll(.vertical) else {
            return nil
        }
        let degrees = atan2(abs(moved.y), abs(moved.x)) * 180 / Double.pi
        if degrees <= UIKitConstants.directionalLockAngle { return .horizontal }
        if degrees >= 90 - UIKitConstants.directionalLockAngle { return .vertical }
        return nil
    }

    /// raw = start − translation, shown through the input's rubber band (or clamped without
    /// bounces); a trackpad's offsets rounded to device pixels as UIKit writes them.
    func panPose(_ pan: TouchGesture.Pan, finger: Point, input: PanInput) -> Pose {
        let limits = OffsetLimits(scrollView, zoomScale: pan.pose.zoomScale)
        let translation = finger - pan.origin
        let offset = Point.make { axis in
            guard moves(axis, pan, limits) else { return pan.pose.contentOffset[axis] }
            let raw = pan.rawStart[axis] - translation[axis]
            guard scrollView.bounces else { return limits.clamp(raw, axis) }
            return RubberBand.visibleOffset(
                raw: raw, lower: limits.lower[axis], upper: limits.upper[axis], dimension: scrollView.boundsSize[axis],
                coefficient: input.rubberBandCoefficient)
        }
        let written = input.roundsOffsetsToPixels ? offset.roundedToPixels(scale: scrollView.displayScale) : offset
        return Pose(contentOffset: written, zoomScale: pan.pose.zoomScale)
    }

    func moves(_ axis: Axis, _ pan: TouchGesture.Pan, _ limits: OffsetLimits) -> Bool {
        limits.canScroll(axis) && (pan.lockedAxis == nil || pan.lockedAxis == axis)
    }
}
