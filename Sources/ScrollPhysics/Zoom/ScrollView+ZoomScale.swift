import Geometry

/// Where the programmatic zoom calls end: the `zoomScale` and `contentOffset` they animate to.
extension ScrollView {
    /// `zoomScale` limited to `[minimumZoomScale, maximumZoomScale]`, as UIKit's setter does.
    public func clampedZoomScale(_ scale: Double) -> Double {
        scale.clamped(minimumZoomScale, Swift.max(minimumZoomScale, maximumZoomScale))
    }

    /// `zoom(to:animated:)`'s end pose: the scale that fits `rect` (content coordinates at zoom 1),
    /// within the limits, centred on the rect and clamped.
    func zoomPose(toFit rect: Rect) -> Pose {
        let fit = Swift.min(boundsSize.width / rect.width, boundsSize.height / rect.height)
        let scale = clampedZoomScale(fit.isFinite ? fit : maximumZoomScale)
        let offset = rect.center * scale - Point(x: boundsSize.width / 2, y: boundsSize.height / 2)
        return Pose(contentOffset: clampedContentOffset(offset, zoomScale: scale), zoomScale: scale)
    }

    /// `setZoomScale(_:animated:)`'s end pose: zoomed about the centre of the bounds, then clamped.
    func zoomPose(scale: Double, from pose: Pose) -> Pose {
        let target = clampedZoomScale(scale)
        let center = Point(x: boundsSize.width / 2, y: boundsSize.height / 2)
        let anchor = PinchAnchor(contentOffset: pose.contentOffset, zoomScale: pose.zoomScale, centroid: center, distance: 1)
        let offset = anchor.contentOffset(scale: target, centroid: center)
        return Pose(contentOffset: clampedContentOffset(offset, zoomScale: target), zoomScale: target)
    }
}
