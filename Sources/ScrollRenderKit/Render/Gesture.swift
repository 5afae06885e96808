import Geometry
import ScrollPhysics

/// One thing the simulated scroll view is asked to do: a touch gesture or a `UIScrollView` call.
public enum Gesture: Sendable, Equatable, Codable {
    /// A fling released at this velocity (pt/s, contentOffset direction: positive moves toward the content's end).
    case fling(velocity: Point)
    /// The finger moves by this translation (pt) over `duration` seconds (`nil`: a natural pace),
    /// holds still for `hold` seconds, and lifts without velocity.
    case drag(translation: Point, hold: Double, duration: Double?)
    /// The finger follows timed points (seconds from the step's start, view coordinates).
    case dragPath([TimedPoint])
    /// A finger touches down and lifts after `duration` without moving (it stops a fling).
    case touch(duration: Double)
    /// Two fingers pinch to this scale factor around a point in view coordinates, over `duration`
    /// seconds (`nil`: a natural pace).
    case pinch(scale: Double, center: Point?, duration: Double?)
    /// Swipes this many pages (negative: backwards); turns paging on.
    case page(Int)
    /// `setContentOffset(_:animated:)`.
    case scrollTo(Point, animated: Bool)
    /// `zoom(to:animated:)` with a rect in content coordinates.
    case zoomTo(Rect, animated: Bool)
    /// `setZoomScale(_:animated:)`.
    case setZoomScale(Double, animated: Bool)
    /// A status-bar tap: scroll to top.
    case scrollToTop
    /// `flashScrollIndicators()`.
    case flashScrollIndicators
    /// Nothing happens for this long.
    case wait(Double)

    /// How long a drag holds still before lifting, so the release has no velocity.
    public static let defaultDragHold = 0.25

    var isZoomGesture: Bool {
        switch self {
        case .pinch, .zoomTo, .setZoomScale: true
        default: false
        }
    }

    var isPaging: Bool {
        if case .page = self { true } else { false }
    }
}

/// A point of a finger path: where the finger is, `time` seconds after the step starts.
public struct TimedPoint: Sendable, Equatable, Codable {
    public var time: Double
    public var location: Point

    public init(time: Double, location: Point) {
        self.time = time
        self.location = location
    }
}

/// A gesture and when it starts.
public struct Step: Sendable, Equatable, Codable {
    /// When a step starts, as in a scenario file's timeline.
    public enum Start: Sendable, Equatable, Codable {
        /// At this many seconds from the first touch; motion still running then is interrupted.
        case at(Double)
        /// This many seconds after everything before has come to rest.
        case afterRest(Double)
    }

    public var start: Start
    public var gesture: Gesture

    public init(_ gesture: Gesture, start: Start = .afterRest(0)) {
        self.start = start
        self.gesture = gesture
    }
}
