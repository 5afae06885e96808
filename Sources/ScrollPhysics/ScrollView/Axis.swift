import Geometry

/// One of the two scrolling axes. UIKit's scroll physics runs on each axis on its own, so the model
/// reads points, sizes and insets per axis.
public enum Axis: Sendable, Hashable, CaseIterable, Codable {
    case horizontal
    case vertical
}

extension Point {
    /// The component along `axis`, so per-axis code reads the same for x and y.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set {
            switch axis {
            case .horizontal: x = newValue
            case .vertical: y = newValue
            }
        }
    }

    /// Builds a point from a per-axis rule.
    static func make(_ component: (Axis) -> Double) -> Point {
        Point(x: component(.horizontal), y: component(.vertical))
    }
}

extension Size {
    /// The extent along `axis`.
    public subscript(axis: Axis) -> Double {
        axis == .horizontal ? width : height
    }
}

extension EdgeInsets {
    /// The inset at the start of `axis` (left or top).
    public func leading(_ axis: Axis) -> Double { axis == .horizontal ? left : top }

    /// The inset at the end of `axis` (right or bottom).
    public func trailing(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }
}
