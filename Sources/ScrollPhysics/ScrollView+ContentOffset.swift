import Geometry

/// Where `scrollRectToVisible(_:animated:)` moves `contentOffset`.
extension ScrollView {
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
