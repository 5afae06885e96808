#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// Pan recognition: when a touch becomes a drag, where its translation counts from, and which
/// axes it may move (the directional lock).
extension SimulationBuilder {
    /// After 10 pt of movement, or at once on a decelerating view; the translation counts from
    /// the point 10 pt along the first movement, so the content jumps to what the finger moved
    /// beyond it. A view that cannot scroll on either axis never starts a drag, as UIKit's pan
    /// recognizer declines to begin; nor does one whose content keeps the touch.
    mutating func recognizePan(_ sample: TouchSample, at t: Double) {
        guard scrollView.isScrollEnabled, let touch = gesture else { return }
        let moved = sample.centroid - touch.downLocation
        guard touch.caughtDeceleration || moved.length >= UIKitConstants.panRecognitionDistance else { return }
        let pose = current.pose(at: t)
        let limits = OffsetLimits(scrollView, zoomScale: pose.zoomScale)
        guard limits.canScroll(.horizontal) || limits.canScroll(.vertical) else { return }
        guard panMayBegin(at: t, location: sample.centroid) else { return }
        let raw = Point.make { axis in
            RubberBand.rawOffset(
                visible: pose.contentOffset[axis], lower: limits.lower[axis], upper: limits.upper[axis],
                dimension: scrollView.boundsSize[axis])
        }
        // The translation counts from the point 10 pt along the first movement, so the content
        // jumps at recognition to what the finger has moved beyond the slop.
        let slopEnd = touch.downLocation + moved / moved.length * UIKitConstants.panRecognitionDistance
        let pan = TouchGesture.Pan(
            origin: touch.caughtDeceleration || moved.length == 0 ? touch.downLocation : slopEnd, rawStart: raw, pose: pose,
            lockedAxis: directionalLock(moved, limits))
        gesture?.pan = pan
        emit(.willBeginDragging, at: t)
        setFlags(at: t) { $0.isDragging = true }
        indicators.show(at: t)
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

    /// raw = start − translation, shown through the rubber band (or clamped without bounces).
    func panPose(_ pan: TouchGesture.Pan, finger: Point) -> Pose {
        let limits = OffsetLimits(scrollView, zoomScale: pan.pose.zoomScale)
        let translation = finger - pan.origin
        let offset = Point.make { axis in
            guard moves(axis, pan, limits) else { return pan.pose.contentOffset[axis] }
            let raw = pan.rawStart[axis] - translation[axis]
            guard scrollView.bounces else { return limits.clamp(raw, axis) }
            return RubberBand.visibleOffset(
                raw: raw, lower: limits.lower[axis], upper: limits.upper[axis], dimension: scrollView.boundsSize[axis])
        }
        return Pose(contentOffset: offset, zoomScale: pan.pose.zoomScale)
    }

    func moves(_ axis: Axis, _ pan: TouchGesture.Pan, _ limits: OffsetLimits) -> Bool {
        limits.canScroll(axis) && (pan.lockedAxis == nil || pan.lockedAxis == axis)
    }
}
