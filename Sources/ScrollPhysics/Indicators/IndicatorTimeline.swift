/// When the scroll indicators are visible: shown at once at alpha 1 (UIKit does not fade them in)
/// while the view moves, then held for the fade delay and faded out; `flashScrollIndicators()`
/// holds them for the flash duration, then fades them.
struct IndicatorTimeline: Sendable, Hashable {
    /// Alpha 1 from `start` to `holdUntil`, then an ease-in-out fade over `fade` seconds.
    struct Appearance: Sendable, Hashable {
        let start: Double
        let holdUntil: Double
        let fade: Double

        func alpha(at t: Double) -> Double {
            guard t >= start else { return 0 }
            guard t > holdUntil else { return 1 }
            guard fade > 0, t < holdUntil + fade else { return 0 }
            return 1 - EaseInOutSine.progress((t - holdUntil) / fade)
        }
    }

    private(set) var appearances: [Appearance] = []
    /// Start of the current showing, while motion is still running.
    private(set) var shownSince: Double?

    /// Motion started (drag, deceleration, animation, zoom): show now, if not already shown.
    mutating func show(at t: Double) {
        if shownSince == nil { shownSince = t }
    }

    /// All motion ended at `t`: hold for the fade delay, then fade.
    mutating func hide(at t: Double) {
        guard let start = shownSince else { return }
        appearances.append(Appearance(
            start: start, holdUntil: t + UIKitConstants.indicatorFadeDelay, fade: UIKitConstants.indicatorFadeDuration))
        shownSince = nil
    }

    /// `flashScrollIndicators()`.
    mutating func flash(at t: Double) {
        appearances.append(Appearance(
            start: t, holdUntil: t + UIKitConstants.indicatorFlashDuration,
            fade: UIKitConstants.indicatorFlashFadeDuration))
    }

    func alpha(at t: Double) -> Double {
        let open = shownSince.map { t >= $0 ? 1.0 : 0 } ?? 0
        return appearances.reduce(open) { Swift.max($0, $1.alpha(at: t)) }
    }

    /// When the last fade is over.
    var fadeEnd: Double {
        appearances.map { $0.holdUntil + $0.fade }.max() ?? 0
    }
}
