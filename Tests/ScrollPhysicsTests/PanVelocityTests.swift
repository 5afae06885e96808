import Geometry
import Testing
@testable import ScrollPhysics

/// R2 and R3: the recognizer's blend of sample velocities, and the release blend of its last two reports.
@Suite struct PanVelocityTests {
    /// Samples at 120 Hz moving by these sample velocities (pt/s) along y.
    static func tracker(_ sampleVelocities: [Double]) -> (PanVelocity, Double) {
        var tracker = PanVelocity(down: .zero, at: 0)
        var (y, t) = (0.0, 0.0)
        for v in sampleVelocities {
            t += 1.0 / 120
            y += v / 120
            tracker.add(Point(x: 0, y: y), at: t)
        }
        return (tracker, t)
    }

    @Test func recognizerBlendsTheLastTwoSampleVelocities() {
        let (tracker, _) = Self.tracker([-1000, -2000, -4000])
        // V₁ = s₁; V₂ = 0.2·s₂ + 0.8·s₁; V₃ = 0.2·s₃ + 0.8·s₂.
        #expect(isClose(tracker.previous.y, 0.2 * -2000 + 0.8 * -1000, 1e-9))
        #expect(isClose(tracker.last.y, 0.2 * -4000 + 0.8 * -2000, 1e-9))
    }

    /// The recorded iPhone Air flick: reports −3966.7 then −4706.3 pt/s release at 4151.6 pt/s, and
    /// R4 then predicts 2068.8 pt of travel (2066.7 recorded).
    @Test func recordedIPhoneAirRelease() {
        let third = (-4706.3 - 0.8 * -3966.7) / 0.2
        let (tracker, t) = Self.tracker([-3966.7, -3966.7, third])
        #expect(isClose(tracker.previous.y, -3966.7, 1e-9) && isClose(tracker.last.y, -4706.3, 1e-9))
        let release = tracker.release(at: t + 1.0 / 120)
        #expect(isClose(release.y, -4151.6, 0.05))
        let travel = Deceleration.naturalTarget(from: 0, velocity: -release.y, decayConstant: DecelerationRate.normal.decayConstant)
        #expect(isClose(travel, 2068.8, 0.1))
    }

    /// The recorded flick into an edge: −4130.7 then −6662.5 pt/s release at 4763.6 pt/s.
    @Test func recordedFlickIntoAnEdge() {
        let third = (-6662.5 - 0.8 * -4130.7) / 0.2
        let (tracker, t) = Self.tracker([-4130.7, -4130.7, third])
        #expect(isClose(tracker.release(at: t + 1.0 / 120).y, -4763.6, 0.05))
    }

    /// One report only, or the previous one zero: the last report alone. A finger still for
    /// `stillFingerPause` before lifting releases with no velocity.
    @Test func edgeCases() {
        let (single, t1) = Self.tracker([-900])
        #expect(single.release(at: t1 + 0.01).y == -900)
        let (fromRest, t2) = Self.tracker([0, -1000])
        #expect(isClose(fromRest.release(at: t2 + 0.01).y, 0.2 * -1000, 1e-9))
        #expect(fromRest.release(at: t2 + UIKitConstants.stillFingerPause) == .zero)
    }
}
