import Geometry

/// Motion after a release: each axis on its own (UIKit decelerates, bounces and settles the axes
/// independently), at a fixed zoom.
struct MomentumMotion: Sendable, Hashable {
    let horizontal: AxisTrajectory
    let vertical: AxisTrajectory
    let zoomScale: Double

    init(horizontal: AxisTrajectory, vertical: AxisTrajectory, zoomScale: Double) {
        (self.horizontal, self.vertical, self.zoomScale) = (horizontal, vertical, zoomScale)
    }

    init(axes: (Axis) -> AxisTrajectory, zoomScale: Double) {
        self.init(horizontal: axes(.horizontal), vertical: axes(.vertical), zoomScale: zoomScale)
    }

    func trajectory(_ axis: Axis) -> AxisTrajectory { axis == .horizontal ? horizontal : vertical }

    var duration: Double { Swift.max(horizontal.duration, vertical.duration) }
    var isStill: Bool { horizontal.isStill && vertical.isStill }

    func pose(at t: Double) -> Pose {
        Pose(contentOffset: .make { trajectory($0).position(at: t) }, zoomScale: zoomScale)
    }

    func velocity(at t: Double) -> Point { .make { trajectory($0).velocity(at: t) } }
}
