import Geometry

/// What the scroll view's content (its subviews) hears of a touch, apart from the delegate's
/// callbacks: with `delaysContentTouches` a touch that is still not a pan after 150 ms is
/// delivered (`touchesShouldBegin(_:with:in:)`, then `touchesBegan`), a short tap at lift-off;
/// a pan that starts afterwards cancels it (`touchesShouldCancel(in:)`, `touchesCancelled`) unless
/// `canCancelContentTouches` is off, and then the scroll view does not scroll.
public enum ContentTouchCallback: String, Sendable, Hashable, Codable {
    case touchesShouldBegin
    case touchesBegan
    case touchesEnded
    case touchesShouldCancel
    case touchesCancelled

    /// Who receives it: the scroll view asks itself, the content view hears the touches.
    public var receiver: String {
        switch self {
        case .touchesShouldBegin, .touchesShouldCancel: "UIScrollView"
        case .touchesBegan, .touchesEnded, .touchesCancelled: "ContentView"
        }
    }

    public var selector: String {
        switch self {
        case .touchesShouldBegin: "touchesShouldBegin:withEvent:inContentView:"
        case .touchesBegan: "touchesBegan:withEvent:"
        case .touchesEnded: "touchesEnded:withEvent:"
        case .touchesShouldCancel: "touchesShouldCancelInContentView:"
        case .touchesCancelled: "touchesCancelled:withEvent:"
        }
    }
}

/// One content-touch callback, when it happened and where the finger was.
public struct ContentTouchEvent: Sendable, Hashable {
    public let time: Double
    public let callback: ContentTouchCallback
    /// The touch's location in the scroll view's frame.
    public let location: Point
}

/// Where a touch stands with the content.
enum ContentTouchState: Sendable, Hashable {
    /// Not delivered yet; delivered at `deliverAt` unless a pan starts first.
    case waiting(deliverAt: Double)
    /// The content has the touch.
    case delivered
    /// The content has the touch and a pan may not take it (`canCancelContentTouches` off).
    case keptByContent
    /// Never delivered: a pan took it, or it caught a moving scroll view.
    case withheld
}
