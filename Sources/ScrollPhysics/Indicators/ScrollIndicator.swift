import Geometry

/// A scroll indicator as drawn at one instant.
public struct ScrollIndicator: Sendable, Hashable {
    /// In the scroll view's frame coordinates (points), not content coordinates.
    public var frame: Rect
    public var cornerRadius: Double
    /// The view's opacity (fade), applied on top of `color.alpha`.
    public var alpha: Double
    public var color: IndicatorColor
}
