/// One piece of an axis' motion after release, in local time from the piece's start.
enum AxisSegment: Sendable, Hashable {
    case hold(Double)
    case deceleration(Deceleration)
    /// The ``PenetrationBounce`` of `o` past `edge`; `side` is +1 past the upper edge, −1 before the lower.
    case bounce(edge: Double, side: Double, path: SteppedPath)
    case snapBack(SnapBack)
    case spring(SteppedPath)

    var duration: Double {
        switch self {
        case .hold: 0
        case .deceleration(let d): d.duration
        case .bounce(_, _, let path): path.duration
        case .snapBack(let s): s.duration
        case .spring(let path): path.duration
        }
    }

    func position(at t: Double) -> Double {
        switch self {
        case .hold(let x): x
        case .deceleration(let d): d.position(at: t)
        case .bounce(let edge, let side, let path): edge + side * path.position(at: t)
        case .snapBack(let s): s.position(at: t)
        case .spring(let path): path.position(at: t)
        }
    }

    func velocity(at t: Double) -> Double {
        switch self {
        case .hold: 0
        case .deceleration(let d): d.velocity(at: t)
        case .bounce(_, let side, let path): side * path.velocity(at: t)
        case .snapBack(let s): s.velocity(at: t)
        case .spring(let path): path.velocity(at: t)
        }
    }

    var endPosition: Double { position(at: duration) }
}
