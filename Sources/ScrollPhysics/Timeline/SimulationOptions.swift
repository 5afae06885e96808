import Geometry

/// Options of a simulation that are not properties of the scroll view.
public struct SimulationOptions: Sendable {
    /// The delegate's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: receives the
    /// velocity (pt/ms) and the proposed target, returns the target to use.
    public typealias WillEndDragging = @Sendable (_ velocity: Point, _ targetContentOffset: Point) -> Point

    public var interruptedDecelerationOrder: InterruptedDecelerationOrder
    public var willEndDragging: WillEndDragging?
    /// The delegate's `scrollViewShouldScrollToTop`; nil answers true.
    public var shouldScrollToTop: (@Sendable () -> Bool)?

    public init(
        interruptedDecelerationOrder: InterruptedDecelerationOrder = .seedDocument,
        willEndDragging: WillEndDragging? = nil,
        shouldScrollToTop: (@Sendable () -> Bool)? = nil
    ) {
        self.interruptedDecelerationOrder = interruptedDecelerationOrder
        self.willEndDragging = willEndDragging
        self.shouldScrollToTop = shouldScrollToTop
    }
}
