/// Every number the model takes from `physics.md`, named once, with its section and confidence
/// (H documented/measured, M reimplementation, L one source, GUESS no source).
public enum UIKitConstants {
    // MARK: - Touches (physics.md §1 #7–#10, §2.10)

    /// Finger movement (pt) before a pan is recognized. §1 #9 (IAD `MINIMUM_TRACKING_FOR_PAN`), M.
    public static let panRecognitionDistance = 10.0

    /// Window (s) of touch samples the release velocity is measured over. §1 #8, M.
    public static let velocitySampleWindow = 0.1

    /// Release speed (pt/s) a drag must exceed to decelerate. §1 #7, M.
    public static let minimumDecelerationVelocity = 250.0

    /// Release speed (pt/s) a paging drag must exceed to move to the adjacent page. §1 #7 and §2.6, M.
    public static let minimumPagingVelocity = 300.0

    /// `delaysContentTouches` delay (s). §1 #10, M. The model has no subviews, so the delay never
    /// changes the scroll view's own motion; it is kept for completeness of the property.
    public static let contentTouchesDelay = 0.15

    /// GUESS (§2.10): the directional lock picks an axis when movement along it is at least this many
    /// times the movement along the other at pan recognition; otherwise the drag stays free.
    public static let directionalLockRatio = 2.0

    // MARK: - Deceleration (§1 #1–#5, #38)

    /// Deceleration stops when |v| ≤ this (pt/s). §1 #4 (`MINIMUM_VELOCITY`), H.
    public static let minimumVelocity = 10.0

    /// L (§1 #38, Flutter's fit): momentum a same-direction fling inherits from the deceleration it
    /// interrupted is `coefficient · |v|^exponent` pt/s, at most `carriedMomentumLimit`.
    public static let carriedMomentumCoefficient = 0.000816

    /// L (§1 #38): exponent of the carried-momentum fit.
    public static let carriedMomentumExponent = 1.967

    /// L (§1 #38): cap (pt/s) of the carried momentum.
    public static let carriedMomentumLimit = 40_000.0

    // MARK: - Rubber band and bounce (§1 #11–#18, §2.3–§2.5)

    /// Rubber-band constant c in f(u) = u·c·d/(d + c·u), d = bounds size. §1 #11–#12, H.
    public static let rubberBandCoefficient = 0.55

    /// Stiffness k (s⁻²) braking content that is outside an edge and still moving out:
    /// IAD `PENETRATION_DECELERATION` 5 per 60-Hz frame. §1 #17, M/L.
    public static let penetrationDeceleration = 300.0

    /// Return rate (s⁻¹) of content outside an edge that moves back in: v = −8·o.
    /// IAD `PENETRATION_ACCELERATION`. §1 #16, M.
    public static let penetrationAcceleration = 8.0

    /// A bounce ends when the overscroll is below this (pt) and |v| ≤ `minimumVelocity`. §2.4, M.
    public static let bounceRestDistance = 0.5

    /// L (§2.5 first row, a fit to one recorded trace): ω (s⁻¹) of the critically damped snap-back
    /// x₀(1 + 3.8t)e^(−11t).
    public static let snapBackDampingRate = 11.0

    /// L (§2.5 first row): the linear coefficient 3.8 s⁻¹ of the snap-back fit, which gives the
    /// measured initial inward speed 7.2·|x₀| /s.
    public static let snapBackLinearRate = 3.8

    /// M (§1 #16, §2.5 third row): rate (s⁻¹) of the alternative exponential snap-back x₀e^(−8t).
    public static let snapBackExponentialRate = 8.0

    /// GUESS (§2.5 gives no end rule): the snap-back ends, snapping to the edge, when the overscroll
    /// falls below this (pt); the §2.4 bounce end distance, reused.
    public static let snapBackRestDistance = 0.5

    // MARK: - Paging (§1 #19–#21, §2.6)

    /// Paging spring pull: v += 0.36·(target − x) each ms, v in pt/s (IAD `PAGING_ACCELERATION`
    /// 0.00036 per ms²). §1 #19, M.
    public static let pagingSpringPull = 0.36

    /// Paging friction per ms (IAD `PAGING_DECELERATION`). §1 #20, M.
    public static let pagingFriction = 0.9668

    /// The paging spring ends when |target − x| ≤ this (pt) and |v| ≤ `minimumVelocity`. §1 #21, M.
    public static let pagingRestDistance = 1.0

    // MARK: - Animations (§1 #22–#23, §2.7–§2.8)

    /// `setContentOffset(_:animated:)` duration (s), read from UIKit at runtime. §1 #22, H.
    public static let contentOffsetAnimationDuration = 0.3

    /// GUESS (§2.7): zoom-bounce duration (s), with the sin² curve of §1 #23.
    public static let zoomBounceDuration = 0.3

    /// GUESS (§2.8): duration (s) of `zoom(to:animated:)` and `setZoomScale(_:animated:)`, sin² curve.
    public static let zoomAnimationDuration = 0.3

    /// GUESS (§2.8): duration (s) of the status-bar scroll to top, sin² curve.
    public static let scrollToTopDuration = 0.3

    /// GUESS (§2.7): rubber-band constant of the zoom scale beyond its limits,
    /// `limit·(1 + f(ratio − 1))` with this c and d = `zoomRubberBandDimension`.
    public static let zoomRubberBandCoefficient = 0.55

    /// GUESS (§2.7): the d of the zoom rubber band (caps the overshoot at 2× the limit).
    public static let zoomRubberBandDimension = 1.0

    // MARK: - Indicators (§1 #26–#37, §2.9)

    /// Indicator thickness (pt), iOS 13+. §1 #26, M.
    public static let indicatorThickness = 3.0

    /// Indicator margin (pt) from the cross-axis edge and from the track ends, iOS 13+. §1 #29, M.
    public static let indicatorMargin = 3.0

    /// Indicator corner radius (pt): thickness/2, a pill. §1 #28, M.
    public static let indicatorCornerRadius = indicatorThickness / 2

    /// Minimum indicator length (pt). §1 #30, M.
    public static let indicatorMinimumLength = 36.0

    /// Minimum indicator length (pt) while overscrolled. §1 #31, M.
    public static let indicatorMinimumOverscrolledLength = 8.0

    /// GUESS (§1 #35, L): delay (s) after all motion ends before the indicators fade.
    public static let indicatorFadeDelay = 0.3

    /// GUESS (§1 #35, L): duration (s) of the indicator fade-out.
    public static let indicatorFadeDuration = 0.25

    /// L (§1 #36, GP): how long (s) `flashScrollIndicators()` holds the indicators at full alpha.
    public static let indicatorFlashDuration = 0.75

    /// L (§1 #36, GP): fade (s) after a flash.
    public static let indicatorFlashFadeDuration = 0.25

    /// Opacity of the default (light UI) indicator colour, black at 35 %. §1 #33, M.
    public static let indicatorDefaultAlpha = 0.35

    /// GUESS (§1 #34, L): opacity of the `.black` and `.white` indicator styles (GP draws 0.5).
    public static let indicatorStyleAlpha = 0.5

    // MARK: - Model choices (not from physics.md)

    /// Rate (Hz) of the display link that drives decelerations and offset animations; one
    /// `scrollViewDidScroll` is emitted per tick whose rounded offset changed (60-Hz iPhone display).
    public static let displayLinkFrequency = 60.0

    /// Step (s) of the stepped models (§2.4 bounce, §2.6 paging spring): IAD's and GP's per-ms sums.
    public static let integrationStep = 0.001

    /// Tolerance (s) for comparing instants built by different sums of the same times.
    static let timeTolerance = 1e-9
}
