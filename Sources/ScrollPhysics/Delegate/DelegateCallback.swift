import Geometry

/// A `UIScrollViewDelegate` callback with its arguments.
public enum DelegateCallback: Sendable, Hashable {
    case didScroll
    case willBeginDragging
    /// `velocity` in pt/ms, as UIKit passes it; the target UIKit proposed, and the one the
    /// delegate left (the same unless it changed it).
    case willEndDragging(velocity: Point, proposedTargetContentOffset: Point, targetContentOffset: Point)
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
