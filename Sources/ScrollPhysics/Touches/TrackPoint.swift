import Geometry

/// A pose the finger put the content in, from `time` until the next touch sample.
struct TrackPoint: Sendable, Hashable {
    let time: Double
    let pose: Pose
    /// The release-velocity estimate at this sample (pt/s, content direction).
    let velocity: Point
}
