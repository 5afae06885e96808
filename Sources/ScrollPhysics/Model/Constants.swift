/// Every number the model takes from UIKit's behaviour, named once. Each doc comment ends with the
/// kind of evidence behind the value: *recorded* (measured on iOS), *read at runtime* (read from
/// UIKit while it runs), *static analysis* (of UIKit), *iAd* (Apple's JavaScript copy of
/// `UIScrollView` in its iAd framework), *imitation* (an open-source iOS look-alike such as
/// Flutter's), or *guess* (no source).
public enum UIKitConstants {
    // MARK: - Touches

    /// Finger movement (pt) before the pan gesture is recognized and dragging begins. Recorded.
    public static let panRecognitionDistance = 10.0

    /// A pan recognized within this long of touch-down (s) is a quick start — a flick, or a touch
    /// that catches a deceleration and flicks at once — whose began action reaches the scroll view
    /// late (``quickStartBeganDelay``). Recorded: every quick gesture recognized 16.5–33 ms after
    /// touch-down began late (the iPhone Air flick, the four flicks of `repeat-flick-first-four`,
    /// seven held-back 120-Hz gestures); R1's sample first seen 51.7 pt away after a 50-ms rest
    /// jumped at once, and slow starts recognized 125–208 ms after touch-down began on the
    /// recognizing sample's tick, keeping the jump past the slop. 40 ms is a choice between 33 and 50.
    public static let quickStartWindow = 0.04

    /// A quick start's began action reaches the scroll view on the first display tick at least
    /// this long (s) after the touch sample that recognized the pan, and restarts the translation
    /// at zero at the finger's latest sample by that tick: the travel before it never moves the
    /// content. Recorded: in `repeat-flick-first-four` (60-Hz samples and ticks, a phase of 1.8–10.4
    /// ms between a sample and the next tick) the began came on the tick 22.6–27.1 ms after the
    /// recognizing sample, never on one 18.4–18.8 ms after it; on the iPhone Air (120-Hz ticks) it
    /// skipped the tick 20.8 ms after recognition for the one 29.2 ms after. 22 ms lies in
    /// (20.8, 22.6], the window every recorded phase leaves.
    public static let quickStartBeganDelay = 0.022

    /// Weight of the newest sample velocity in the pan recognizer's report,
    /// V_k = 0.2·s_k + 0.8·s_(k−1). Recorded (fits every recorded report to 1e−12 pt/s).
    public static let recognizerCurrentWeight = 0.2

    /// Weight of the second-to-last report in the release velocity, 0.75·V_prev + 0.25·V_last.
    /// Recorded (reproduces the recorded crossing speed and resting offset).
    public static let releasePreviousWeight = 0.75

    /// A finger still for this long (s) before it lifts releases with no velocity. UIKit's value
    /// was not recorded (a still finger sends no samples); this keeps a held drag from flinging.
    /// Guess.
    public static let stillFingerPause = 0.05

    /// Release speed (pt/s) a drag must exceed to decelerate; slower drags just stop. Recorded.
    public static let minimumDecelerationVelocity = 250.0

    /// Release speed (pt/s) a paging drag must exceed to move to the adjacent page. iAd.
    public static let minimumPagingVelocity = 300.0

    /// `delaysContentTouches` delay (s): a touch still not a pan after this reaches the content. iAd.
    public static let contentTouchesDelay = 0.15

    /// The directional lock picks an axis when the first movement runs within this many degrees
    /// of it; between 20° and 70° both axes stay free. Static analysis.
    public static let directionalLockAngle = 20.0

    // MARK: - Deceleration

    /// Deceleration stops when |v| ≤ this (pt/s); it sets where `targetContentOffset` lies. Recorded.
    public static let minimumVelocity = 10.0

    /// A release at least this fast (pt/ms) counts toward a streak of fast flicks. Static analysis.
    public static let flingStreakSpeed = 0.6

    /// A drag released slower than this (pt/ms) ends a streak. Static analysis.
    public static let flingStreakEndSpeed = 0.13

    /// A streak ends when the next touch-down comes more than this (s) after the last release.
    /// Static analysis (the recordings confirm only that flicks over 1 s apart carry nothing).
    public static let flingStreakExpiry = 1.0

    /// Drag distance (pt) per unit of multiplier growth, and the multiplier's cap. Static analysis.
    public static let flingStreakDragScale = 240.0
    public static let flingStreakMaximumMultiplier = 16.0

    // MARK: - Rubber band and bounce

    /// Rubber-band constant c in f(u) = u·c·d/(d + c·u), d = bounds size. Recorded (fitted to a drag
    /// trace).
    public static let rubberBandCoefficient = 0.55

    /// The rubber band's c while a trackpad drags past an edge. Recorded on iPadOS: all 70
    /// `_rubberBandOffsetForOffset:` calls of a trackpad pull fit u·0.715·d/(d + 0.715·u) exactly.
    public static let trackpadRubberBandCoefficient = 0.715

    /// Per-millisecond factor of the spring that returns content outside an edge:
    /// o(t) = 0.99^t·(o₀ + v·r(1 − r^t)/(1 − r)), the same for every `decelerationRate`.
    /// Recorded (iOS 26.2 simulator and a physical iPhone Air).
    public static let edgeSpringFactor = 0.99

    /// Content outside an edge snaps to it when the overshoot falls below this (pt). Recorded.
    public static let edgeSnapDistance = 0.5

    // MARK: - Paging

    /// Paging friction per ms = base + perPoint·dim for pages dim pt long (0.97022869 at 343 pt,
    /// read live). Static analysis, confirmed at runtime.
    public static let pagingFrictionBase = 0.966818182
    public static let pagingFrictionPerPoint = 0.00000994318182

    /// Paging pull per ms² (v in pt/ms) = base − perPoint·dim. Static analysis.
    public static let pagingPullBase = 0.000359090909
    public static let pagingPullPerPoint = 0.000000184659091

    /// Above this page length (pt) friction and pull are fixed. Static analysis.
    public static let pagingLargeDimension = 1024.0
    public static let pagingLargeFriction = 0.977
    public static let pagingLargePull = 0.00017

    /// The paging spring ends when |target − x| ≤ this (pt) and |v| ≤ `minimumVelocity`. iAd.
    public static let pagingRestDistance = 1.0

    // MARK: - Animations

    /// `setContentOffset(_:animated:)` duration (s), the same for any distance. Read at runtime.
    public static let contentOffsetAnimationDuration = 0.3

    /// Duration (s) of the zoom bounce back into the zoom limits, on the sin² curve. Guess.
    public static let zoomBounceDuration = 0.3

    /// Duration (s) of `zoom(to:animated:)` and `setZoomScale(_:animated:)`, on the sin² curve. Guess.
    public static let zoomAnimationDuration = 0.3

    /// Duration (s) of the status-bar scroll to top: its animation object's. Read at runtime.
    public static let scrollToTopDuration = 1.6

    /// Response (s) of the critically damped spring that scrolls to top (p = 0.499 at 0.16 s).
    /// Read at runtime.
    public static let scrollToTopResponse = 0.6


    // MARK: - Indicators

    /// Indicator thickness (pt), iOS 13+. Static analysis.
    public static let indicatorThickness = 3.0

    /// Indicator margin (pt) from the cross-axis edge and from the track ends, iOS 13+. Imitation.
    public static let indicatorMargin = 3.0

    /// Indicator corner radius (pt): thickness/2, a pill. Static analysis.
    public static let indicatorCornerRadius = indicatorThickness / 2

    /// Minimum indicator length (pt). Imitation.
    public static let indicatorMinimumLength = 36.0

    /// Minimum indicator length (pt) while overscrolled. Imitation.
    public static let indicatorMinimumOverscrolledLength = 8.0

    /// Delay (s) after all motion ends before the indicators fade (sources disagree). Guess.
    public static let indicatorFadeDelay = 0.3

    /// Duration (s) of the indicator fade-out. Guess.
    public static let indicatorFadeDuration = 0.25

    /// How long (s) `flashScrollIndicators()` holds the indicators at full alpha. Imitation.
    public static let indicatorFlashDuration = 0.75

    /// Fade (s) after a flash. Imitation.
    public static let indicatorFlashFadeDuration = 0.25

    /// Opacity of the default (light UI) indicator colour, black at 35 %. Static analysis.
    public static let indicatorDefaultAlpha = 0.35

    /// Opacity of the `.black` and `.white` indicator styles. Static analysis.
    public static let indicatorStyleAlpha = 0.5

    // MARK: - Model choices

    /// Step (s) of the stepped models (the bounce and the paging spring): per-millisecond sums, as in
    /// Apple's iAd scroll view.
    public static let integrationStep = 0.001

    /// Tolerance (s) for comparing instants built by different sums of the same times.
    static let timeTolerance = 1e-9
}
