import Foundation
import ScrollRenderKit

/// Flutter's iOS scrolling written from its published formulas and constants (not its code):
/// `BouncingScrollPhysics` (the drag past an edge slowed by 0.52·(1 − overscroll/viewport)²),
/// the release velocity of `IOSScrollViewFlingVelocityTracker` (0.6, 0.35 and 0.05 of the last
/// three sample-to-sample velocities, newest last; pointer-down and move samples, not the lift),
/// a fling only past 50 pt/s and 18 pt, capped at 8000 pt/s, then `BouncingScrollSimulation`: a
/// `FrictionSimulation` with drag 0.135 that hands over to a spring (mass 0.5, stiffness 100,
/// damping ratio 1.1) at an edge, carrying at most 5000 pt/s into it. Tolerances as Flutter's
/// scroll physics give them: 1/scale pt, and 1/(0.05·scale) pt/s. Left out: the 18-pt touch slop
/// and the 3.5-pt motion threshold at a drag's start (the offset follows the finger from its
/// first sample), and momentum carried into a catch (the set's catch holds still 0.1 s, past
/// Flutter's 50-ms threshold, which drops it anyway).
struct FlutterBouncing: OtherToolkit {
    /// The velocity tracker's samples, newest last (at most 20).
    var samples: [(time: Double, position: Double)] = []
    var began: Double = 0

    static let (minimumFlingVelocity, maximumFlingVelocity, minimumFlingDistance) = (50.0, 8000.0, 18.0)

    mutating func began(at time: Double, position: Double, offset: Double) -> Double {
        samples = [(time, position)]
        began = position
        return offset
    }

    mutating func moved(at time: Double, position: Double, offset: Double, view: ConformanceVector.View) -> Double {
        let delta = position - (samples.last?.position ?? position)
        samples = Array((samples + [(time, position)]).suffix(20))
        return offset - Self.userOffset(delta, offset: offset, view: view)
    }

    mutating func ended(at time: Double, position: Double, offset: Double, view: ConformanceVector.View) -> (offset: Double, fling: (any Fling)?) {
        // The lift is no sample of the tracker's; it moved the finger still.
        let tracked = samples
        let at = moved(at: time, position: position, offset: offset, view: view)
        samples = tracked
        var velocity = -Self.trackerVelocity(samples)
        if abs(velocity) <= Self.minimumFlingVelocity || abs(position - began) <= Self.minimumFlingDistance { velocity = 0 }
        velocity = min(max(velocity, -Self.maximumFlingVelocity), Self.maximumFlingVelocity)
        let tolerance = Tolerance(scale: view.scale)
        let limit = max(0, view.contentHeight - view.boundsHeight)
        guard abs(velocity) >= tolerance.velocity || at < 0 || at > limit else { return (at, nil) }
        return (at, BouncingSimulation(position: at, velocity: velocity, leading: 0, trailing: limit, tolerance: tolerance))
    }

    /// `IOSScrollViewFlingVelocityTracker`: a weighted sum of the last three pairs' velocities.
    static func trackerVelocity(_ samples: [(time: Double, position: Double)]) -> Double {
        func pair(_ back: Int) -> Double {
            let end = samples.count - 1 - back, start = end - 1
            guard start >= 0, samples[end].time > samples[start].time else { return 0 }
            return (samples[end].position - samples[start].position) / (samples[end].time - samples[start].time)
        }
        return pair(2) * 0.6 + pair(1) * 0.35 + pair(0) * 0.05
    }

    /// `BouncingScrollPhysics.applyPhysicsToUserOffset`: a finger's `delta` (down positive) past
    /// an edge, slowed by the friction factor; easing back in slowed less.
    static func userOffset(_ delta: Double, offset: Double, view: ConformanceVector.View) -> Double {
        let limit = max(0, view.contentHeight - view.boundsHeight)
        let pastStart = max(0 - offset, 0), pastEnd = max(offset - limit, 0)
        guard pastStart > 0 || pastEnd > 0 else { return delta }
        let past = max(pastStart, pastEnd)
        let easing = (pastStart > 0 && delta < 0) || (pastEnd > 0 && delta > 0)
        let friction = frictionFactor((easing ? past - abs(delta) : past) / view.boundsHeight)
        let sign: Double = delta < 0 ? -1 : 1
        return sign * applyFriction(outside: past, abs(delta), friction)
    }

    static func frictionFactor(_ fraction: Double) -> Double { 0.52 * pow(1 - fraction, 2) }

    static func applyFriction(outside: Double, _ delta: Double, _ gamma: Double) -> Double {
        guard outside > 0 else { return delta }
        let toLimit = outside / gamma
        return delta < toLimit ? delta * gamma : outside + (delta - toLimit)
    }

    struct Tolerance {
        var distance: Double
        var velocity: Double

        init(scale: Double) { (distance, velocity) = (1 / scale, 1 / (0.05 * scale)) }
    }

    /// `FrictionSimulation(0.135, x, v)`: x(t) = x₀ + v·(dragᵗ − 1)/ln drag.
    struct Friction {
        var start: Double
        var velocity: Double
        let drag = 0.135

        func x(_ t: Double) -> Double { start + velocity * (pow(drag, t) - 1) / log(drag) }
        func dx(_ t: Double) -> Double { velocity * pow(drag, t) }
        var finalX: Double { start - velocity / log(drag) }

        func time(atX x: Double) -> Double {
            guard x != start else { return 0 }
            guard velocity != 0, velocity > 0 ? (x >= start && x <= finalX) : (x <= start && x >= finalX) else { return .infinity }
            return log(log(drag) * (x - start) / velocity + 1) / log(drag)
        }
    }

    /// `ScrollSpringSimulation` of `SpringDescription.withDampingRatio(mass: 0.5, stiffness: 100, ratio: 1.1)`:
    /// overdamped, x(t) = end + c₁e^{r₁t} + c₂e^{r₂t}.
    struct Spring {
        var end: Double
        let r1: Double, r2: Double, c1: Double, c2: Double

        init(start: Double, end: Double, velocity: Double) {
            let (mass, stiffness, ratio) = (0.5, 100.0, 1.1)
            let damping = ratio * 2 * (mass * stiffness).squareRoot()
            let root = (damping * damping - 4 * mass * stiffness).squareRoot()
            r1 = (-damping - root) / (2 * mass)
            r2 = (-damping + root) / (2 * mass)
            let distance = start - end
            c2 = (velocity - r1 * distance) / (r2 - r1)
            c1 = distance - c2
            self.end = end
        }

        func x(_ t: Double) -> Double { end + c1 * exp(r1 * t) + c2 * exp(r2 * t) }
        func dx(_ t: Double) -> Double { c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t) }
    }

    /// `BouncingScrollSimulation`: friction inside the range, a spring from the edge it reaches
    /// (carrying at most 5000 pt/s past the trailing edge: Flutter's `min` leaves the leading edge's uncapped), or a spring at once when released past an edge.
    struct BouncingSimulation: Fling {
        var friction: Friction?
        var spring: Spring?
        var springTime: Double
        var tolerance: Tolerance

        static let maximumSpringTransferVelocity = 5000.0

        init(position: Double, velocity: Double, leading: Double, trailing: Double, tolerance: Tolerance) {
            self.tolerance = tolerance
            if position < leading || position > trailing {
                spring = Spring(start: position, end: position < leading ? leading : trailing, velocity: velocity)
                springTime = -.infinity
                return
            }
            let friction = Friction(start: position, velocity: velocity)
            self.friction = friction
            springTime = .infinity
            let edge: Double? = velocity > 0 && friction.finalX > trailing ? trailing : velocity < 0 && friction.finalX < leading ? leading : nil
            if let edge {
                springTime = friction.time(atX: edge)
                // Flutter takes the smaller of the two either way: the cap holds only at the trailing edge.
                spring = Spring(start: edge, end: edge, velocity: min(friction.dx(springTime), Self.maximumSpringTransferVelocity))
            }
        }

        func offset(at t: Double) -> Double {
            if t > springTime, let spring {
                let s = t - (springTime.isFinite ? springTime : 0)
                return springDone(s) ? spring.end : spring.x(s)
            }
            return friction?.x(t) ?? 0
        }

        func isDone(at t: Double) -> Bool {
            if t > springTime, spring != nil { return springDone(t - (springTime.isFinite ? springTime : 0)) }
            return abs(friction?.dx(t) ?? 0) < tolerance.velocity
        }

        func springDone(_ s: Double) -> Bool {
            guard let spring else { return true }
            return abs(spring.x(s) - spring.end) < tolerance.distance && abs(spring.dx(s)) < tolerance.velocity
        }
    }
}
