import Geometry

/// One delegate callback, when it happened and what the scroll view reported at that instant.
public struct DelegateEvent: Sendable, Hashable {
    public let time: Double
    public let callback: DelegateCallback
    /// The (device-pixel rounded) `contentOffset` at the callback.
    public let contentOffset: Point
    public let zoomScale: Double

    /// The selector's base name, e.g. `scrollViewWillEndDragging`.
    public var name: String { callback.name }

    /// The full selector, for lines like `-[ViewController scrollViewDidScroll:]`.
    public var selector: String { callback.selector }
}
