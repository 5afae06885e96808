import ScrollPhysics

/// One thing the user asks the simulated scroll view to do; several run one after another.
public enum Gesture: Sendable, Equatable, Codable {
    /// A fling released at this velocity (pt/s, contentOffset direction: positive moves toward the content's end).
    case fling(velocity: Point)
    /// The finger moves by this translation (pt), holds still, and lifts without velocity.
    case drag(translation: Point)
    /// Two fingers pinch to this scale factor around a point in view coordinates.
    case pinch(scale: Double, center: Point?)
    /// Swipes this many pages (negative: backwards); turns paging on.
    case page(Int)
    /// Animated `setContentOffset(_:animated:)`.
    case scrollTo(Point)
    /// Animated `zoom(to:animated:)` with a rect in content coordinates.
    case zoomTo(Rect)
    /// A status-bar tap: scroll to top.
    case scrollToTop

    /// The command-line spelling, for messages and the manifest.
    public var summary: String {
        switch self {
        case .fling(let v): "fling \(v.x),\(v.y) pt/s"
        case .drag(let t): "drag \(t.x),\(t.y) pt"
        case .pinch(let s, let c): "pinch ×\(s)" + (c.map { " at \($0.x),\($0.y)" } ?? "")
        case .page(let n): "page \(n)"
        case .scrollTo(let p): "scroll to \(p.x),\(p.y)"
        case .zoomTo(let r): "zoom to \(r.minX),\(r.minY),\(r.width),\(r.height)"
        case .scrollToTop: "scroll to top"
        }
    }

    var isZoomGesture: Bool {
        switch self {
        case .pinch, .zoomTo: true
        default: false
        }
    }
}
