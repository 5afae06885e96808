import Geometry

/// Repeated fast flicks: UIKit adds no velocity to a fling that catches another, but keeps a
/// distance multiplier m (1…16) that lengthens the free deceleration and its reported target
/// (static analysis of UIKit):
///
/// - a release of at least 0.6 pt/ms counts toward a streak;
/// - the streak ends when the next touch-down comes more than 1.0 s after the last release, on a
///   reversal, on a drag slower than 0.13 pt/ms, or when a deceleration settles;
/// - from the streak's third fling, m = min(m_start + (1 + (count − 3)/2)·min(drag/240, 0.9), 16),
///   with `drag` the fling's drag distance (pt).
///
/// Paging flings do not count.
struct FlingStreak: Sendable, Hashable {
    private(set) var count = 0
    private(set) var multiplier = 1.0
    private var lastRelease = -Double.infinity
    private var direction = Point.zero

    /// A finger comes down at `t`: a streak older than the expiry ends.
    mutating func touchDown(at t: Double) {
        if t - lastRelease > UIKitConstants.flingStreakExpiry { self = FlingStreak() }
    }

    /// A pan is released at `t` with `velocity` (in the content's direction) after dragging
    /// `distance` pt; returns the distance multiplier for its deceleration. Its speeds are UIKit's,
    /// in pt/ms.
    mutating func release(velocity released: Velocity, dragDistance distance: Double, at t: Double) -> Double {
        let velocity = released.pointsPerMillisecond
        let speed = velocity.length
        guard speed >= UIKitConstants.flingStreakEndSpeed else {
            self = FlingStreak()
            return 1
        }
        guard speed >= UIKitConstants.flingStreakSpeed else { return 1 }
        let reverses = count > 0 && direction.x * velocity.x + direction.y * velocity.y < 0
        if reverses { self = FlingStreak() }
        count += 1
        lastRelease = t
        direction = velocity
        if count >= 3 {
            let growth = (1 + Double(count - 3) / 2) * Swift.min(distance / UIKitConstants.flingStreakDragScale, 0.9)
            multiplier = Swift.min(multiplier + growth, UIKitConstants.flingStreakMaximumMultiplier)
        }
        return multiplier
    }

    /// A deceleration settled by itself: the streak is over.
    mutating func end() {
        self = FlingStreak()
    }
}
