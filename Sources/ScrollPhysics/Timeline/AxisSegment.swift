/// One piece of an axis' motion after release, in local time from the piece's start.
enum AxisSegment: Sendable, Hashable {
    case hold(Double)
    case deceleration(Deceleration)
    /// Content outside an edge coming back to it.
    case edgeBounce(EdgeBounce)
    case spring(SteppedPath)

    var duration: Double {
        switch self {
        case .hold: 0
        case .deceleration(let d): d.duration
        case .edgeBounce(let b): b.duration
        case .spring(let path): path.duration
        }
    }

    func position(at t: Double) -> Double {
        switch self {
        case .hold(let x): x
        case .deceleration(let d): d.position(at: t)
        case .edgeBounce(let b): b.position(at: t)
        case .spring(let path): path.position(at: t)
        }
    }

    func velocity(at t: Double) -> Double {
        switch self {
        case .hold: 0
        case .deceleration(let d): d.velocity(at: t)
        case .edgeBounce(let b): b.velocity(at: t)
        case .spring(let path): path.velocity(at: t)
        }
    }

    var endPosition: Double { position(at: duration) }
}
