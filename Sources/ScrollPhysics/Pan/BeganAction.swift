import Geometry

/// The pan recognizer's began action on its way to the scroll view. UIKit applies a pan on
/// display ticks, and the began reaches the scroll view on one: the tick that handles the
/// recognizing touch sample (a slow start), or — for a pan recognized within
/// ``UIKitConstants/quickStartWindow`` of touch-down (a flick, or a catch that flicks at once) — the
/// first tick at least ``UIKitConstants/quickStartBeganDelay`` after that sample. The scroll view's
/// first drag write comes with it.
struct BeganAction: Sendable, Hashable {
    /// The display tick it arrives on (s).
    let tick: Double
    /// Where a slow start's translation counts from, fixed at recognition (the jump past the slop);
    /// `nil` for a quick start, which restarts the translation at zero at the finger's latest
    /// sample by ``tick``: the travel before it never moves the content.
    let origin: Point?
    /// A slow start's directional lock, decided by its first movement; a quick start's is decided
    /// by the movement up to its tick.
    let lockedAxis: Axis?
}
