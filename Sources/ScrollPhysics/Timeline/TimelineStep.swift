import Geometry

/// One step of a scripted interaction: what happens and when it starts.
///
/// The one vocabulary of steps: the command line's gesture options, a scenario file's `timeline`
/// and the simulation all speak it, so nothing is translated case by case on the way.
public struct TimelineStep: Sendable, Hashable, Codable {
    /// When a step starts.
    public enum Start: Sendable, Hashable, Codable {
        /// At an absolute time (s), or when the previous touches or wait end if that is later.
        /// Motion still running then is interrupted, as a finger catches a fling.
        case at(Double)
        /// This many seconds after everything before has come to rest (touches lifted, motion
        /// over, waits elapsed).
        case afterRest(Double)
    }

    /// What the step does: a gesture of the user's or a `UIScrollView` call of the app's.
    public enum Action: Sendable, Hashable, Codable {
        /// A flick released at this velocity (pt/s, contentOffset direction: positive moves toward
        /// the content's end), from the middle of the view.
        case fling(velocity: Point)
        /// The finger moves by `translation` (pt, finger direction) over `duration` seconds (`nil`:
        /// a natural pace), holds still for `hold` seconds and lifts without velocity.
        case drag(translation: Point, hold: Double, duration: Double?)
        /// One finger through timed points (seconds from the step's start, view coordinates).
        case dragPath([TimedPoint])
        /// A finger touches the middle of the view and lifts after `duration` without moving.
        case touch(duration: Double)
        /// A finger taps a point of the view (it lifts after ``tapDuration``): the content hears it.
        case tap(Point)
        /// Two fingers pinch to multiply the zoom scale by `scale` around a view point (`nil`: the
        /// middle), over `duration` seconds (`nil`: a natural pace).
        case pinch(scale: Double, center: Point?, duration: Double?)
        /// Paging swipes, one page each (negative: back); turns paging on.
        case page(Int)
        /// `setContentOffset(_:animated:)`.
        case scrollTo(Point, animated: Bool)
        /// `scrollRectToVisible(_:animated:)`, the rect in content coordinates.
        case scrollRectToVisible(Rect, animated: Bool)
        /// `zoom(to:animated:)`, the rect in content coordinates at zoom scale 1.
        case zoomTo(Rect, animated: Bool)
        /// `setZoomScale(_:animated:)`.
        case setZoomScale(Double, animated: Bool)
        /// A tap on the status bar.
        case scrollToTop
        /// `flashScrollIndicators()`.
        case flashScrollIndicators
        /// Nothing happens for this long; a following `afterRest` step waits for it.
        case wait(Double)
        /// Touch samples exactly as given, for callers that script fingers themselves.
        case touches(TouchScript)
        /// Two fingers on a trackpad: an indirect pan with UIKit's trackpad rules (``PanInput``).
        case trackpad(TrackpadPan)

        /// How long a drag holds still before lifting, so that it lifts without velocity.
        public static let defaultDragHold = 0.25

        /// How long a tap's finger rests: well under the 150 ms after which a touch reaches the content.
        public static let tapDuration = 0.08
    }

    public var start: Start
    public var action: Action

    public init(_ action: Action, start: Start = .afterRest(0)) {
        (self.start, self.action) = (start, action)
    }

    public static func at(_ time: Double, _ action: Action) -> TimelineStep {
        TimelineStep(action, start: .at(time))
    }

    public static func afterRest(delay: Double = 0, _ action: Action) -> TimelineStep {
        TimelineStep(action, start: .afterRest(delay))
    }

    /// Manifests have called the action "gesture" since their first version.
    private enum CodingKeys: String, CodingKey {
        case start
        case action = "gesture"
    }
}

/// A point of a finger path: where the finger is, `time` seconds after its step starts.
public struct TimedPoint: Sendable, Hashable, Codable {
    public var time: Double
    public var location: Point

    public init(time: Double, location: Point) {
        (self.time, self.location) = (time, location)
    }
}

extension TimelineStep.Action {
    /// Pinches and programmatic zooms: they need a zoom range to act in.
    public var zooms: Bool {
        switch self {
        case .pinch, .zoomTo, .setZoomScale: true
        case .touches(let script): script.samples.contains { $0.locations.count > 1 }
        default: false
        }
    }

    /// The recorded points the step replays (a path or a touch script): what its simulation costs.
    public var recordedPointCount: Int {
        switch self {
        case .dragPath(let points), .trackpad(.path(let points)): points.count
        case .touches(let script): script.samples.count
        default: 0
        }
    }

    /// What moves the pan of this step's gesture.
    public var panInput: PanInput {
        if case .trackpad = self { .trackpad } else { .touch }
    }

    public var pages: Bool {
        if case .page = self { true } else { false }
    }
}
