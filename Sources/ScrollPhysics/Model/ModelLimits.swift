import Geometry

/// The ranges of the numbers the model accepts. No real scroll view goes beyond them, and within
/// them every later computation (touch samples, frame counts, pixel sizes) stays finite and small.
public enum ModelLimits {
    /// Offsets, insets, translations and positions, in points (a 65,500-pixel picture at scale 1/15).
    public static let maximumDistance = 1_000_000.0
    /// How far one drag may move the finger, in points: a hundred screens, and a drag of 100 s at
    /// the natural pace (each sample is simulated and reported).
    public static let maximumTranslation = 100_000.0
    /// Fling release speeds (pt/s): slower than 1 would take minutes to leave the pan's slop, and no
    /// finger flicks faster than 100,000.
    public static let flingSpeeds = 1.0...100_000.0
    /// Zoom scales, pinch factors and their limits.
    public static let zoomScales = 0.001...1000.0
    /// The longest a step may last, wait or be delayed, in seconds.
    public static let maximumDuration = 3600.0
    /// The most pages one `page` step may turn (each is a swipe, a pause and a spring: a minute
    /// and more of motion per hundred).
    public static let maximumPages = 100
    /// The most points a recorded finger path may have: almost three minutes of 120-Hz touches.
    public static let maximumPathPoints = 20_000
    /// The most recorded points a whole timeline may have, however many steps share them: each
    /// is simulated and reported (`scrollViewDidScroll`), so the run's memory follows their count.
    public static let maximumTimelinePathPoints = 60_000

    /// A finite distance within ±``maximumDistance``.
    public static func check(distance value: Double, _ what: String) throws(InvalidValue) {
        guard value.isFinite else { throw InvalidValue("\(what) must be a finite number, not \(value)") }
        guard abs(value) <= maximumDistance else {
            throw InvalidValue("\(what) must be within ±\(Int(maximumDistance)) pt, not \(value)")
        }
    }

    /// A finger translation within ±``maximumTranslation`` on each axis.
    public static func check(translation: Point, _ what: String) throws(InvalidValue) {
        for value in [translation.x, translation.y] {
            guard value.isFinite else { throw InvalidValue("\(what) must be finite numbers, not \(translation.x),\(translation.y)") }
            guard abs(value) <= maximumTranslation else {
                throw InvalidValue("\(what) must be within ±\(Int(maximumTranslation)) pt, not \(value)")
            }
        }
    }

    public static func check(point: Point, _ what: String) throws(InvalidValue) {
        try check(distance: point.x, what)
        try check(distance: point.y, what)
    }

    public static func check(insets: EdgeInsets, _ what: String) throws(InvalidValue) {
        for side in [insets.top, insets.left, insets.bottom, insets.right] { try check(distance: side, what) }
    }

    /// A zoom scale or factor within ``zoomScales``.
    public static func check(zoomScale value: Double, _ what: String) throws(InvalidValue) {
        guard value.isFinite, value > 0 else { throw InvalidValue("\(what) must be positive, not \(value)") }
        guard zoomScales.contains(value) else {
            throw InvalidValue("\(what) must be between \(zoomScales.lowerBound) and \(Int(zoomScales.upperBound)), not \(value)")
        }
    }

    /// Seconds: zero or more (positive when `positive`), at most ``maximumDuration``.
    public static func check(seconds value: Double, _ what: String, positive: Bool = false) throws(InvalidValue) {
        guard value.isFinite, positive ? value > 0 : value >= 0 else {
            throw InvalidValue("\(what) must be \(positive ? "positive" : "zero or more") seconds, not \(value)")
        }
        guard value <= maximumDuration else {
            throw InvalidValue("\(what) must be at most \(Int(maximumDuration)) seconds, not \(value)")
        }
    }

    /// The recorded points of a timeline so far are not too many; readers ask after each step.
    public static func check(timelinePathPointCount count: Int) throws(InvalidValue) {
        guard count <= maximumTimelinePathPoints else {
            throw InvalidValue("a timeline's recorded paths have at most \(maximumTimelinePathPoints) points in all, not \(count) (each point is simulated and reported)")
        }
    }

    /// A recorded path is not too long; readers ask before reading its points.
    public static func check(pathPointCount count: Int) throws(InvalidValue) {
        guard count <= maximumPathPoints else {
            throw InvalidValue("a drag path has at most \(maximumPathPoints) points, not \(count)")
        }
    }
}
