import Geometry

/// A touch shown on a frame, as iOS screen recordings with "Show Touches" show a finger (a
/// translucent grey-white disc) and as iPadOS shows the trackpad pointer (a small dark-grey dot).
public struct TouchMark: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case finger, pointer
    }

    /// The touch's centre in view points.
    public var position: Point
    public var kind: Kind
    /// 0...1: 1 while touching, falling to 0 as the mark fades after lift.
    public var opacity: Double

    public init(position: Point, kind: Kind = .finger, opacity: Double = 1) {
        (self.position, self.kind, self.opacity) = (position, kind, opacity)
    }
}
