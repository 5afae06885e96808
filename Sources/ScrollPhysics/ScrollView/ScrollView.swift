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
    /// The content inset the app sets; ``adjustedContentInset`` adds the safe area to it.
    public var contentInset = EdgeInsets.zero
    /// The parts of the view a device covers (status bar and notch or Dynamic Island, home
    /// indicator, rounded corners); none unless a device or a safe area is given.
    public var safeAreaInsets = EdgeInsets.zero
    public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic
    public var automaticallyAdjustsScrollIndicatorInsets = true
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
    /// A touch goes to the content only once it is clearly not a pan (150 ms), or at lift-off.
    public var delaysContentTouches = true
    /// A pan that starts may take back a touch the content already has; off, the content keeps it
    /// and the scroll view does not scroll.
    public var canCancelContentTouches = true
    /// Points to pixels, for rounding `contentOffset` to device pixels.
    public var displayScale = 2.0
    /// The screen's refresh rate (Hz), like `UIScreen.maximumFramesPerSecond`: the display link
    /// that drives decelerations, bounces and offset animations ticks at it, and a trackpad's
    /// scroll events arrive once per frame of it. 120 on ProMotion screens, 60 on others.
    public var displayRate = 60.0

    public init() {}

    public init(boundsSize: Size, contentSize: Size, contentOffset: Point = .zero) {
        (self.boundsSize, self.contentSize, self.contentOffset) = (boundsSize, contentSize, contentOffset)
    }

    /// The frame size; the same as ``boundsSize`` for an untransformed scroll view.
    public var frameSize: Size {
        get { boundsSize }
        set { boundsSize = newValue }
    }

    /// Whether zooming is possible at all (UIKit zooms only when the limits differ).
    public var isZoomEnabled: Bool { maximumZoomScale > minimumZoomScale }

    func alwaysBounces(_ axis: Axis) -> Bool {
        axis == .horizontal ? alwaysBounceHorizontal : alwaysBounceVertical
    }
}
