import Geometry

/// `contentOffset`: its valid range at a zoom scale, and where `scrollRectToVisible(_:animated:)`
/// moves it.
extension ScrollView {
    /// The smallest valid offset: −adjustedContentInset.top/left.
    public var minimumContentOffset: Point {
        Point(x: 0 - adjustedContentInset.left, y: 0 - adjustedContentInset.top)
    }

    /// The largest valid offset at `zoomScale`, never below the minimum.
    public func maximumContentOffset(zoomScale: Double) -> Point {
        .make { axis in
            let end = contentSize[axis] * zoomScale + adjustedContentInset.trailing(axis) - boundsSize[axis]
            return Swift.max(minimumContentOffset[axis], end)
        }
    }

    /// `offset` limited to the valid range at `zoomScale`.
    public func clampedContentOffset(_ offset: Point, zoomScale: Double) -> Point {
        let limits = OffsetLimits(self, zoomScale: zoomScale)
        return .make { limits.clamp(offset[$0], $0) }
    }

    /// `scrollRectToVisible(_:animated:)`'s target: the smallest move that shows `rect`
    /// (the rect's leading edge when it is larger than the bounds), clamped.
    func offsetToShow(_ rect: Rect, from offset: Point, zoomScale: Double) -> Point {
        let target = Point.make { axis in
            let minimum = axis == .horizontal ? rect.minX : rect.minY
            let maximum = axis == .horizontal ? rect.maxX : rect.maxY
            let visible = boundsSize[axis]
            if maximum - minimum >= visible || minimum < offset[axis] { return minimum }
            if maximum > offset[axis] + visible { return maximum - visible }
            return offset[axis]
        }
        return clampedContentOffset(target, zoomScale: zoomScale)
    }
}

/// The valid offset range and scrollability of both axes at one zoom scale.
struct OffsetLimits: Sendable, Equatable {
    let lower: Point
    let upper: Point
    let scrollsHorizontally: Bool
    let scrollsVertically: Bool

    init(_ scrollView: ScrollView, zoomScale: Double) {
        lower = scrollView.minimumContentOffset
        upper = scrollView.maximumContentOffset(zoomScale: zoomScale)
        let enabled = scrollView.isScrollEnabled
        scrollsHorizontally = enabled && (upper.x > lower.x || scrollView.alwaysBounceHorizontal)
        scrollsVertically = enabled && (upper.y > lower.y || scrollView.alwaysBounceVertical)
    }

    /// The axis moves under a drag: content longer than the bounds, or `alwaysBounce*`.
    func canScroll(_ axis: Axis) -> Bool {
        axis == .horizontal ? scrollsHorizontally : scrollsVertically
    }

    func clamp(_ value: Double, _ axis: Axis) -> Double {
        value.clamped(lower[axis], upper[axis])
    }

    /// Signed distance outside the valid range: negative before `lower`, positive past `upper`.
    func overscroll(_ value: Double, _ axis: Axis) -> Double {
        if value < lower[axis] { return value - lower[axis] }
        if value > upper[axis] { return value - upper[axis] }
        return 0
    }

    func contains(_ offset: Point) -> Bool {
        Axis.allCases.allSatisfy { overscroll(offset[$0], $0) == 0 }
    }
}
