import Geometry

/// The colour scheme of the scroll indicators, like `UIScrollView.IndicatorStyle`.
public enum ScrollIndicatorStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case `default`
    case black
    case white
}

/// A `UIScrollView`'s configuration and initial state, with UIKit's defaults: the one home of
/// every scroll-view property, which the command line and scenario files set.
///
/// The zoomed view is the content itself: `contentSize` is its size at `zoomScale` 1 (like a
/// `UIImageView`'s bounds), and the scrollable size is `contentSize × zoomScale`.
public struct ScrollView: Sendable, Hashable {
    /// The bounds (and frame) size in points.
    public var boundsSize = Size(width: 390, height: 844)
    /// The size of the zoomed view at `zoomScale` 1.
    public var contentSize = Size.zero
    public var contentOffset = Point.zero
    /// The content inset; with no safe area it is also the adjusted content inset.
    public var contentInset = EdgeInsets.zero
    public var bounces = true
    public var alwaysBounceHorizontal = false
    public var alwaysBounceVertical = false
    public var isScrollEnabled = true
    public var isPagingEnabled = false
    public var isDirectionalLockEnabled = false
    public var decelerationRate = DecelerationRate.normal
    public var minimumZoomScale = 1.0
    public var maximumZoomScale = 1.0
    public var zoomScale = 1.0
    public var bouncesZoom = true
    public var scrollsToTop = true
    public var showsHorizontalScrollIndicator = true
    public var showsVerticalScrollIndicator = true
    public var indicatorStyle = ScrollIndicatorStyle.default
    public var scrollIndicatorInsets = EdgeInsets.zero
    /// Points to pixels, for rounding `contentOffset` to device pixels.
    public var displayScale = 2.0

    public init() {}

    public init(boundsSize: Size, contentSize: Size, contentOffset: Point = .zero) {
        self.boundsSize = boundsSize
        self.contentSize = contentSize
        self.contentOffset = contentOffset
    }

    /// The frame size; the same as ``boundsSize`` for an untransformed scroll view.
    public var frameSize: Size {
        get { boundsSize }
        set { boundsSize = newValue }
    }

    /// `adjustedContentInset`: the content inset, as the model has no safe area.
    public var adjustedContentInset: EdgeInsets { contentInset }

    /// Whether zooming is possible at all (UIKit zooms only when the limits differ).
    public var isZoomEnabled: Bool { maximumZoomScale > minimumZoomScale }

    /// The smallest valid offset: −adjustedContentInset.top/left (physics.md §2 `lo`).
    public var minimumContentOffset: Point {
        Point(x: 0 - contentInset.left, y: 0 - contentInset.top)
    }

    /// The largest valid offset at `zoomScale` (physics.md §2 `hi`), never below the minimum.
    public func maximumContentOffset(zoomScale: Double) -> Point {
        .make { axis in
            let end = contentSize[axis] * zoomScale + contentInset.trailing(axis) - boundsSize[axis]
            return Swift.max(minimumContentOffset[axis], end)
        }
    }

    /// `zoomScale` limited to `[minimumZoomScale, maximumZoomScale]`, as UIKit's setter does.
    public func clampedZoomScale(_ scale: Double) -> Double {
        scale.clamped(minimumZoomScale, Swift.max(minimumZoomScale, maximumZoomScale))
    }

    /// `offset` limited to the valid range at `zoomScale`.
    public func clampedContentOffset(_ offset: Point, zoomScale: Double) -> Point {
        let limits = OffsetLimits(self, zoomScale: zoomScale)
        return .make { limits.clamp(offset[$0], $0) }
    }

    func alwaysBounces(_ axis: Axis) -> Bool {
        axis == .horizontal ? alwaysBounceHorizontal : alwaysBounceVertical
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

    /// The axis moves under a drag: content longer than the bounds, or `alwaysBounce*` (§2).
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
