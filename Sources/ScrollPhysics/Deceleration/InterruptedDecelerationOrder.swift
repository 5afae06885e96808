/// The callback order when a touch lands on a decelerating scroll view.
public enum InterruptedDecelerationOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// The seed document (issue 3): the deceleration is not ended by the touch; `isDragging` and
    /// `isDecelerating` stay true during the new drag; `scrollViewDidEndDecelerating` comes once,
    /// after the new drag's deceleration, or right after `scrollViewDidEndDragging` if it has none.
    case seedDocument
    /// iOS 13 and later: the touch-down ends the deceleration with `scrollViewDidEndDecelerating`.
    case iOS13
}
