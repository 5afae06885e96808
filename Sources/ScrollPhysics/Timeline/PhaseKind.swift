/// What a phase means for the delegate: which callbacks end it and which flags it sets.
enum PhaseKind: Sendable, Hashable {
    case idle
    case tracking
    /// Deceleration, bounce, snap-back or paging settle. `announced`: the delegate expects one
    /// `scrollViewDidEndDecelerating` when it ends.
    case deceleration(announced: Bool)
    /// A display-link offset animation: `setContentOffset`/`scrollRectToVisible`, or scroll to top.
    case offsetAnimation(toTop: Bool)
    /// A Core Animation zoom: programmatic, or the bounce back into the zoom limits.
    case zoomAnimation(bounce: Bool)
}
