import Geometry

/// A `UIScrollViewDelegate` callback with its arguments.
public enum DelegateCallback: Sendable, Hashable {
    case didScroll
    case willBeginDragging
    /// `velocity` in pt/ms, as UIKit passes it; `targetContentOffset` after the delegate hook.
    case willEndDragging(velocity: Point, targetContentOffset: Point)
    case didEndDragging(willDecelerate: Bool)
    case willBeginDecelerating
    case didEndDecelerating
    case didEndScrollingAnimation
    case willBeginZooming
    case didZoom
    case didEndZooming(scale: Double)
    case shouldScrollToTop
    case didScrollToTop

    /// The selector's base name, e.g. `scrollViewWillEndDragging`.
    public var name: String {
        String(selector.prefix { $0 != ":" })
    }

    /// The full Objective-C selector, e.g. `scrollViewWillEndDragging:withVelocity:targetContentOffset:`.
    public var selector: String {
        switch self {
        case .didScroll: "scrollViewDidScroll:"
        case .willBeginDragging: "scrollViewWillBeginDragging:"
        case .willEndDragging: "scrollViewWillEndDragging:withVelocity:targetContentOffset:"
        case .didEndDragging: "scrollViewDidEndDragging:willDecelerate:"
        case .willBeginDecelerating: "scrollViewWillBeginDecelerating:"
        case .didEndDecelerating: "scrollViewDidEndDecelerating:"
        case .didEndScrollingAnimation: "scrollViewDidEndScrollingAnimation:"
        case .willBeginZooming: "scrollViewWillBeginZooming:withView:"
        case .didZoom: "scrollViewDidZoom:"
        case .didEndZooming: "scrollViewDidEndZooming:withView:atScale:"
        case .shouldScrollToTop: "scrollViewShouldScrollToTop:"
        case .didScrollToTop: "scrollViewDidScrollToTop:"
        }
    }
}

/// One delegate callback, when it happened and what the scroll view reported at that instant.
public struct DelegateEvent: Sendable, Hashable {
    public let time: Double
    public let callback: DelegateCallback
    /// The (device-pixel rounded) `contentOffset` at the callback.
    public let contentOffset: Point
    public let zoomScale: Double

    public init(time: Double, callback: DelegateCallback, contentOffset: Point, zoomScale: Double) {
        self.time = time
        self.callback = callback
        self.contentOffset = contentOffset
        self.zoomScale = zoomScale
    }

    /// The selector's base name, e.g. `scrollViewWillEndDragging`.
    public var name: String { callback.name }

    /// The full selector, for lines like `-[ViewController scrollViewDidScroll:]`.
    public var selector: String { callback.selector }
}
