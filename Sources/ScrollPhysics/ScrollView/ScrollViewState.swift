import Geometry

/// Everything observable about the scroll view at one instant.
public struct ScrollViewState: Sendable, Hashable {
    public let time: Double
    /// Rounded to device pixels, as UIKit reports it.
    public let contentOffset: Point
    public let zoomScale: Double
    /// The zoomed content size (`contentSize × zoomScale`), as `UIScrollView.contentSize` reads.
    public let contentSize: Size
    /// pt/s in content-offset direction.
    public let velocity: Point
    public let isTracking: Bool
    public let isDragging: Bool
    public let isDecelerating: Bool
    public let isZooming: Bool
    public let isZoomBouncing: Bool
    public let verticalIndicator: ScrollIndicator?
    public let horizontalIndicator: ScrollIndicator?

    public init(
        time: Double, contentOffset: Point, zoomScale: Double, contentSize: Size, velocity: Point = .zero,
        isTracking: Bool = false, isDragging: Bool = false, isDecelerating: Bool = false, isZooming: Bool = false,
        isZoomBouncing: Bool = false, verticalIndicator: ScrollIndicator? = nil, horizontalIndicator: ScrollIndicator? = nil
    ) {
        self.time = time
        self.contentOffset = contentOffset
        self.zoomScale = zoomScale
        self.contentSize = contentSize
        self.velocity = velocity
        self.isTracking = isTracking
        self.isDragging = isDragging
        self.isDecelerating = isDecelerating
        self.isZooming = isZooming
        self.isZoomBouncing = isZoomBouncing
        self.verticalIndicator = verticalIndicator
        self.horizontalIndicator = horizontalIndicator
    }
}
