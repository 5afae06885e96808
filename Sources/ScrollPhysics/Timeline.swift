import Geometry

/// One step of a scripted interaction: an action and when it starts.
public struct TimelineStep: Sendable {
    /// When a step starts.
    public enum Start: Sendable, Hashable {
        /// At an absolute time (s), or when the previous touch script or wait ends if that is later.
        /// Motion still running at that time is interrupted (a touch catches it, §2.10).
        case at(Double)
        /// `delay` seconds after everything before has come to rest (touches ended, motion over,
        /// waits elapsed).
        case afterRest(delay: Double)
    }

    /// What the step does: a gesture or a `UIScrollView` call.
    public enum Action: Sendable {
        case touches(TouchScript)
        case setContentOffset(Point, animated: Bool)
        case scrollRectToVisible(Rect, animated: Bool)
        case setZoomScale(Double, animated: Bool)
        /// `zoom(to:animated:)`, the rect in content coordinates at zoom scale 1.
        case zoom(to: Rect, animated: Bool)
        case flashScrollIndicators
        /// A tap on the status bar.
        case scrollToTop
        /// Does nothing for this long; a following `.afterRest` step waits for it.
        case wait(Double)
    }

    public var start: Start
    public var action: Action

    public init(start: Start, action: Action) {
        self.start = start
        self.action = action
    }

    public static func at(_ time: Double, _ action: Action) -> TimelineStep {
        TimelineStep(start: .at(time), action: action)
    }

    public static func afterRest(delay: Double = 0, _ action: Action) -> TimelineStep {
        TimelineStep(start: .afterRest(delay: delay), action: action)
    }
}
