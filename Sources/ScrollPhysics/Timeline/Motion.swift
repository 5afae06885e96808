/// How the pose evolves during a phase.
enum Motion: Sendable, Hashable {
    case still(Pose)
    case tracking([TrackPoint])
    case momentum(MomentumMotion)
    case animation(PoseAnimation)
}
