import Geometry

/// Where the scroll indicators sit, with the iOS 13+ metrics: a pill along the trailing edge, inset
/// from the edges, its length proportional to the visible part of the content and shrunk while
/// overscrolled.
enum ScrollIndicatorLayout {
    /// The indicator frame on `axis`, or nil when that indicator is hidden or has nothing to show.
    static func frame(_ axis: Axis, in scrollView: ScrollView, pose: Pose) -> Rect? {
        guard isShown(axis, scrollView, pose.zoomScale) else { return nil }
        let other: Axis = axis == .horizontal ? .vertical : .horizontal
        let thickness = UIKitConstants.indicatorThickness
        let margin = UIKitConstants.indicatorMargin
        let insets = scrollView.adjustedScrollIndicatorInsets
        let view = scrollView.boundsSize[axis]
        let trackStart = insets.leading(axis) + margin
        let corner = isShown(other, scrollView, pose.zoomScale) ? thickness + margin : 0
        let trackEnd = view - insets.trailing(axis) - margin - corner
        let (start, length) = span(axis, scrollView, pose, trackStart: trackStart, trackEnd: trackEnd)
        let cross = scrollView.boundsSize[other] - insets.trailing(other) - margin - thickness
        return axis == .vertical
            ? Rect(x: cross, y: start, width: thickness, height: length)
            : Rect(x: start, y: cross, width: length, height: thickness)
    }

    /// Shown when enabled and the zoomed content is longer than the bounds.
    static func isShown(_ axis: Axis, _ scrollView: ScrollView, _ zoomScale: Double) -> Bool {
        let enabled = axis == .vertical ? scrollView.showsVerticalScrollIndicator : scrollView.showsHorizontalScrollIndicator
        return enabled && scrollView.contentSize[axis] * zoomScale > scrollView.boundsSize[axis]
    }

    /// Start and length along the track: proportional, shrunk by the overscroll and pinned to the end.
    private static func span(
        _ axis: Axis, _ scrollView: ScrollView, _ pose: Pose, trackStart: Double, trackEnd: Double
    ) -> (Double, Double) {
        let track = Swift.max(0, trackEnd - trackStart)
        let inset = scrollView.adjustedContentInset
        let content = scrollView.contentSize[axis] * pose.zoomScale + inset.leading(axis) + inset.trailing(axis)
        let proportional = track * scrollView.boundsSize[axis] / content
        var length = Swift.min(track, Swift.max(UIKitConstants.indicatorMinimumLength, proportional))
        let limits = OffsetLimits(scrollView, zoomScale: pose.zoomScale)
        let offset = pose.contentOffset[axis]
        let overscroll = limits.overscroll(offset, axis)
        if overscroll != 0 {
            let minimum = Swift.min(track, UIKitConstants.indicatorMinimumOverscrolledLength)
            length = Swift.max(minimum, length - abs(overscroll))
            return (overscroll < 0 ? trackStart : trackEnd - length, length)
        }
        let range = limits.upper[axis] - limits.lower[axis]
        let progress = range > 0 ? (offset - limits.lower[axis]) / range : 0
        return (trackStart + (track - length) * progress.clamped(0, 1), length)
    }
}
