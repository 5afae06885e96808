#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// A touch sequence in progress: from `began` to `ended`.
struct TouchGesture: Sendable {
    enum Kind: Sendable { case pan, pinch }

    /// A recognized pan: the content follows the finger from `origin`, starting at `rawStart`.
    struct Pan: Sendable {
        let origin: Point
        let rawStart: Point
        let pose: Pose
        /// The only axis that moves under the directional lock, if any.
        let lockedAxis: Axis?
    }

    let kind: Kind
    let input: PanInput
    let downLocation: Point
    let downTime: Double
    let downSpread: Double
    /// Began on a decelerating view: the pan starts with no slop, as the iAd scroll view does.
    let caughtDeceleration: Bool
    var velocity: PanVelocity
    /// The recognizer's began action, recognized but not yet at the scroll view; `nil` when none
    /// is on its way.
    var began: BeganAction?
    /// Where the touch stands with the content.
    var content: ContentTouchState
    var pan: Pan?
    var pinch: PinchAnchor?
    var lastCentroid: Point
}

/// Touch handling: touch-down, moves and lift-off, with the delegate callbacks in UIKit's order.
extension SimulationBuilder {
    mutating func handle(_ sample: TouchSample, at t: Double, input: PanInput = .touch) {
        switch sample.phase {
        case .began: touchDown(sample, at: t, input: input)
        case .moved:
            deliverWaitingContentTouch(before: t)
            touchMoved(sample, at: t, recognizing: true)
        case .ended:
            deliverWaitingContentTouch(before: t)
            touchUp(sample, at: t)
        }
        clock = Swift.max(clock, t)
    }

    // MARK: - Down

    private mutating func touchDown(_ sample: TouchSample, at t: Double, input: PanInput) {
        advance(to: t)
        let isDecelerating = current.isMoving && current.isDeceleration
        let wasMoving = current.isMoving
        flingStreak.touchDown(at: t)
        let pose = caughtPose(interrupt(at: t, byTouch: true), input: input, decelerating: isDecelerating)
        setFlags(at: t) { $0.isTracking = true }
        begin(.tracking, .tracking([TrackPoint(time: t, pose: pose, velocity: .zero)]), at: t)
        let pinches = input == .touch && sample.locations.count >= 2 && scrollView.isZoomEnabled
        gesture = TouchGesture(
            kind: pinches ? .pinch : .pan, input: input, downLocation: sample.centroid, downTime: t, downSpread: sample.spread,
            caughtDeceleration: isDecelerating, velocity: PanVelocity(down: sample.centroid, at: t), content: .withheld,
            pan: nil, pinch: nil, lastCentroid: sample.centroid)
        if input == .trackpad && isDecelerating { beginCaughtTrackpadPan(at: t) }
        guard input.touchesContent else { return }
        let content = contentTouchDown(at: t, location: sample.centroid, caughtMotion: wasMoving, fingers: sample.locations.count)
        gesture?.content = content
    }

    /// Where a touch-down halts the motion: a trackpad's catch on the pixel grid, as its pan
    /// writes (recorded on iPadOS: the halt write is the last tick's offset rounded to 1/scale).
    private func caughtPose(_ pose: Pose, input: PanInput, decelerating: Bool) -> Pose {
        guard decelerating, input.roundsOffsetsToPixels else { return pose }
        return Pose(contentOffset: pose.contentOffset.roundedToPixels(scale: scrollView.displayScale), zoomScale: pose.zoomScale)
    }

    // MARK: - Move

    /// A finger sample; at a finger's lift-off (`recognizing` false) it moves the content but
    /// starts nothing.
    private mutating func touchMoved(_ sample: TouchSample, at t: Double, recognizing: Bool, lifting: Bool = false) {
        // Mutated in place: a copy of the gesture would copy its whole history at every sample.
        // The lift-off moves the content but adds no velocity sample.
        if recognizing {
            let resting = gesture.map { $0.input == .trackpad && sample.centroid == $0.lastCentroid && !$0.velocity.hasReported } ?? false
            if resting { gesture?.velocity.rest(at: t) } else { gesture?.velocity.add(sample.centroid, at: t) }
        }
        deliverBegan(before: t, finger: sample.centroid, lifting: lifting)
        gesture?.lastCentroid = sample.centroid
        switch gesture?.kind {
        case .pan?: panMoved(sample, at: t, recognizing: recognizing)
        case .pinch?: pinchMoved(sample, at: t, recognizing: recognizing)
        case nil: return
        }
    }

    private mutating func panMoved(_ sample: TouchSample, at t: Double, recognizing: Bool) {
        if gesture?.pan == nil && gesture?.began == nil && recognizing { recognizePan(sample, at: t) }
        guard let touch = gesture, let pan = touch.pan else { return }
        track(panPose(pan, finger: sample.centroid, input: touch.input), at: t, zoom: false)
    }


    private mutating func pinchMoved(_ sample: TouchSample, at t: Double, recognizing: Bool) {
        guard let touch = gesture else { return }
        if touch.pinch == nil && recognizing {
            let pose = current.pose(at: t)
            gesture?.pinch = PinchAnchor(
                contentOffset: pose.contentOffset, zoomScale: pose.zoomScale, centroid: touch.downLocation,
                distance: touch.downSpread)
            emit(.willBeginZooming, at: t)
            setFlags(at: t) { $0.isZooming = true }
            indicators.show(at: t)
        }
        guard let anchor = gesture?.pinch else { return }
        track(pinchPose(anchor, sample), at: t, zoom: true)
    }

    /// The scale from the finger spread (rubber-banded beyond the limits), anchored at the centroid.
    private func pinchPose(_ anchor: PinchAnchor, _ sample: TouchSample) -> Pose {
        let scale = Zooming.displayedScale(
            forRawScale: anchor.rawScale(distance: sample.spread), minimum: scrollView.minimumZoomScale,
            maximum: scrollView.maximumZoomScale, bounces: scrollView.bouncesZoom)
        return Pose(contentOffset: anchor.contentOffset(scale: scale, centroid: sample.centroid), zoomScale: scale)
    }

    mutating func track(_ pose: Pose, at t: Double, zoom: Bool) {
        appendTrackPoint(TrackPoint(time: t, pose: pose, velocity: releaseVelocity(at: t)))
        report(pose, at: t, zoom: zoom)
    }

    /// The measured velocity in content direction, only on the axes the pan moves.
    func releaseVelocity(at t: Double) -> Point {
        guard let touch = gesture, let pan = touch.pan else { return .zero }
        let finger = touch.velocity.release(at: t)
        let limits = OffsetLimits(scrollView, zoomScale: pan.pose.zoomScale)
        return .make { moves($0, pan, limits) ? 0 - finger[$0] : 0 }
    }

    // MARK: - Up

    /// A finger's lift-off moves nothing new (recorded: it comes a frame after the last movement,
    /// where that left the finger); a trackpad's last event is its last movement.
    private mutating func touchUp(_ sample: TouchSample, at t: Double) {
        let movesAtLift = gesture.map { $0.input == .trackpad && sample.centroid != $0.lastCentroid } ?? false
        touchMoved(sample, at: t, recognizing: movesAtLift, lifting: true)
        guard let touch = gesture else { return }
        setFlags(at: t) { $0.isTracking = false }
        inputEnd = Swift.max(inputEnd, t)
        if touch.pan != nil {
            releasePan(touch, at: t)
        } else if let anchor = touch.pinch {
            releasePinch(anchor, centroid: touch.lastCentroid, at: t)
        } else {
            releaseTap(at: t)
        }
        contentTouchUp(at: t, location: sample.centroid)
        gesture = nil
    }

    /// WillEndDragging (delegate may move the target) → DidEndDragging → maybe decelerate.
    private mutating func releasePan(_ touch: TouchGesture, at t: Double) {
        let pose = current.pose(at: t)
        let velocity = Velocity(pointsPerSecond: releaseVelocity(at: t))
        let dragDistance = touch.pan.map { (touch.lastCentroid - $0.origin).length } ?? 0
        let multiplier = scrollView.isPagingEnabled ? 1 : flingStreak.release(velocity: velocity, dragDistance: dragDistance, at: t)
        let planner = ReleasePlanner(scrollView: scrollView, pose: pose, velocity: velocity.pointsPerSecond,
                                     dragStart: touch.pan?.pose.contentOffset, distanceMultiplier: multiplier)
        let proposed = planner.naturalTarget
        let target = options.willEndDragging?(velocity.pointsPerMillisecond, proposed) ?? proposed
        emit(.willEndDragging(velocity: velocity.pointsPerMillisecond, proposedTargetContentOffset: proposed, targetContentOffset: target), at: t)
        let motion = planner.motion(target: target)
        emit(.didEndDragging(willDecelerate: !motion.isStill), at: t)
        decelerate(motion, from: pose, at: t, announced: true, since: releaseClock(at: t))
    }

    /// When the motion after a lift at `t` starts counting: UIKit handles the lift on a display
    /// tick and its first momentum write there already moves a whole frame, so the motion counts
    /// from the tick before — the last tick at or before the lift — and never from before the
    /// drag's last write, on the first tick at or after the sample that last moved the content
    /// (which may follow the lift by part of a frame). Recorded: the first deceleration write lies
    /// a frame of decay from the release offset in every flick of the iOS 26.2 simulator, whether
    /// the lift came 1 or 11 ms before it; on the iPhone Air, whose touches reach UIKit 8–12 ms
    /// late, it counts from the last drag write, 8 ms after the lift.
    private func releaseClock(at t: Double) -> Double {
        let rate = scrollView.displayRate
        guard case .tracking(let points) = current.motion, let last = points.last else { return t }
        let moved = points.last { $0.pose != last.pose }.flatMap { before in points.first { $0.time > before.time } } ?? points[0]
        return Swift.max(Phase.tick(atOrBefore: t, rate: rate), Phase.tick(atOrAfter: moved.time, rate: rate), current.start)
    }

    /// Runs `motion` as a deceleration (WillBeginDecelerating when `announced`) whose clock starts
    /// at `since` (before `t`, or up to a frame after it), or goes idle.
    private mutating func decelerate(_ motion: MomentumMotion, from pose: Pose, at t: Double, announced: Bool, since start: Double? = nil) {
        guard !motion.isStill else {
            begin(.idle, .still(pose), at: t)
            becomeIdle(at: t)
            return
        }
        if announced { emit(.willBeginDecelerating, at: t) }
        setFlags(at: t) { $0.isDecelerating = true }
        indicators.show(at: t)
        begin(.deceleration(announced: announced), .momentum(motion), at: start ?? t)
    }

    /// A touch without a pan: if it caught the view outside its range, the view snaps back.
    private mutating func releaseTap(at t: Double) {
        let pose = current.pose(at: t)
        decelerate(snapBack(from: pose), from: pose, at: t, announced: false)
    }

    /// The zoom bounce when the scale is beyond its limits (DidZoom once, then DidEndZooming),
    /// else DidEndZooming now and a snap-back with deceleration callbacks if the offset is outside.
    private mutating func releasePinch(_ anchor: PinchAnchor, centroid: Point, at t: Double) {
        let pose = current.pose(at: t)
        setFlags(at: t) { $0.isZooming = false }
        let limit = scrollView.clampedZoomScale(pose.zoomScale)
        guard limit == pose.zoomScale else {
            let offset = scrollView.clampedContentOffset(anchor.contentOffset(scale: limit, centroid: centroid), zoomScale: limit)
            let animation = PoseAnimation(
                from: pose, to: Pose(contentOffset: offset, zoomScale: limit), duration: UIKitConstants.zoomBounceDuration)
            setFlags(at: t) { $0.isZoomBouncing = true }
            begin(.zoomAnimation(bounce: true), .animation(animation), at: t)
            return
        }
        emit(.didEndZooming(scale: pose.zoomScale), at: t)
        decelerate(snapBack(from: pose), from: pose, at: t, announced: true)
    }

    /// Every axis outside its range back to its edge on the edge law (or to the nearest page, with paging).
    private func snapBack(from pose: Pose) -> MomentumMotion {
        let planner = ReleasePlanner(
            scrollView: scrollView, pose: pose, velocity: .zero)
        return planner.motion(target: planner.naturalTarget)
    }
}

extension Phase {
    var isDeceleration: Bool {
        if case .deceleration = kind { return true }
        return false
    }
}
