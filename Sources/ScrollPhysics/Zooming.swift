import Geometry

/// Pinch zoom and programmatic zoom targets (physics.md §2.7–§2.8).
public enum Zooming {
    /// The zoom scale shown for a raw pinch scale: within the limits as is; beyond them rubber-banded
    /// when `bounces` (GUESS §2.7: `limit·(1 + f(ratio − 1))`, f the 0.55 band with d = 1,
    /// ratio = raw/max, or min/raw below the minimum), else clamped.
    public static func displayedScale(forRawScale raw: Double, minimum: Double, maximum: Double, bounces: Bool)
        -> Double
    {
        if raw > maximum {
            return bounces ? maximum * (1 + band(raw / maximum - 1)) : maximum
        }
        if raw < minimum {
            return bounces ? minimum / (1 + band(minimum / raw - 1)) : minimum
        }
        return raw
    }

    private static func band(_ u: Double) -> Double {
        RubberBand.offset(
            forOverscroll: u, dimension: UIKitConstants.zoomRubberBandDimension,
            coefficient: UIKitConstants.zoomRubberBandCoefficient)
    }
}

/// The content point under the fingers when a pinch begins; it stays under their centroid (§2.7).
struct PinchAnchor: Sendable, Hashable {
    /// In unzoomed content coordinates.
    let contentPoint: Point
    let startScale: Double
    let startDistance: Double

    init(contentOffset: Point, zoomScale: Double, centroid: Point, distance: Double) {
        contentPoint = (contentOffset + centroid) / zoomScale
        startScale = zoomScale
        startDistance = distance
    }

    /// s_raw = s₀·dist/dist₀.
    func rawScale(distance: Double) -> Double {
        startDistance > 0 ? startScale * distance / startDistance : startScale
    }

    /// offset = p·s − c: the offset that puts the anchor under `centroid` at `scale`.
    func contentOffset(scale: Double, centroid: Point) -> Point {
        contentPoint * scale - centroid
    }
}

extension ScrollView {
    /// `zoom(to:animated:)`'s end pose (§2.8): the scale that fits `rect` (content coordinates at
    /// zoom 1), within the limits, centred on the rect and clamped.
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
