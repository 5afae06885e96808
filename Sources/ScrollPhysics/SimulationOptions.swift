import Geometry

/// The callback order when a touch lands on a decelerating scroll view.
public enum InterruptedDecelerationOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// The seed document (issue 3): the deceleration is not ended by the touch; `isDragging` and
    /// `isDecelerating` stay true during the new drag; `scrollViewDidEndDecelerating` comes once,
    /// after the new drag's deceleration, or right after `scrollViewDidEndDragging` if it has none.
    case seedDocument
    /// physics.md §3c, iOS 13+: the touch-down ends the deceleration with `scrollViewDidEndDecelerating`.
    case iOS13
}

/// Options of a simulation that are not properties of the scroll view.
public struct SimulationOptions: Sendable {
    /// The delegate's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: receives the
    /// velocity (pt/ms) and the proposed target, returns the target to use (physics.md §2.1).
    public typealias WillEndDragging = @Sendable (_ velocity: Point, _ targetContentOffset: Point) -> Point

    public var interruptedDecelerationOrder: InterruptedDecelerationOrder
    public var willEndDragging: WillEndDragging?
    /// The delegate's `scrollViewShouldScrollToTop`; nil answers true.
    public var shouldScrollToTop: (@Sendable () -> Bool)?
    public var snapBackModel: SnapBackModel

    public init(
        interruptedDecelerationOrder: InterruptedDecelerationOrder = .seedDocument,
        willEndDragging: WillEndDragging? = nil,
        shouldScrollToTop: (@Sendable () -> Bool)? = nil,
        snapBackModel: SnapBackModel = .preferred
    ) {
        self.interruptedDecelerationOrder = interruptedDecelerationOrder
        self.willEndDragging = willEndDragging
        self.shouldScrollToTop = shouldScrollToTop
        self.snapBackModel = snapBackModel
    }
}
