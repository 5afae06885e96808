#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Testing
@testable import ScrollPhysics

@Suite struct BounceTests {
    /// §R R5: a fling crossing an edge at v_e peaks at 33.30·v_e pt after 90.7 ms (normal rate)
    /// and 24.75·v_e after 69 ms (fast), whatever v_e.
    @Test(arguments: [(DecelerationRate.normal, 33.30, 90.7), (.fast, 24.75, 69.0)])
    func crossingPeaksWhereTheRecordingsSay(rate: DecelerationRate, peakPerVelocity: Double, peakTime: Double) {
        for speed in [1.0, 3.638, 7.304] {
            let bounce = EdgeBounce(edge: 0, side: 1, overshoot: 0, outwardVelocity: Speed(pointsPerMillisecond: speed), rate: rate)
            let samples = stride(from: 0.0, through: 300, by: 0.1).map { ($0, bounce.position(at: $0 / 1000)) }
            let peak = samples.max { $0.1 < $1.1 }!
            #expect(isClose(peak.1 / speed, peakPerVelocity, 0.01), "\(speed): \(peak.1 / speed)")
            #expect(abs(peak.0 - peakTime) <= 1, "\(speed): \(peak.0) ms")
        }
    }

    /// The recorded crossing at 3638 pt/s: 121.3 pt about 91 ms later, back on the edge about 0.80 s after.
    @Test func recordedCrossing() {
        let bounce = EdgeBounce(edge: 0, side: 1, overshoot: 0, outwardVelocity: Speed(pointsPerSecond: 3638), rate: .normal)
        #expect(isClose(bounce.position(at: 0.0907), 121.3, 0.5))
        #expect(isClose(bounce.duration, 0.80, 0.03))
        #expect(bounce.position(at: bounce.duration) == 0)
        #expect(isClose(abs(bounce.position(at: bounce.duration - 1e-9)), 0.5, 1e-6))
    }

    /// §R R6: released 191 pt past the edge, moving outward at the blend of the recognizer's
    /// −2155.4 and −3123.9 pt/s: about 195 pt one 60-Hz frame later, back within 0.5 pt about 0.77 s
    /// after release. The overshoot is not rubber-banded.
    @Test func releasePastTheEdgeFollowsTheSameLaw() {
        let release = 0.75 * 2155.4 + 0.25 * 3123.9
        let bounce = EdgeBounce(edge: 0, side: -1, overshoot: 191, outwardVelocity: Speed(pointsPerSecond: release), rate: .normal)
        #expect(isClose(-bounce.position(at: 1.0 / 60), 194.9, 1))
        #expect(isClose(bounce.duration, 0.77, 0.03))
        #expect(bounce.position(at: bounce.duration) == 0)
    }

    /// From rest the same law is a pure 0.99/ms decay: 177 pt is within 0.5 pt after ln(0.5/177)/ln 0.99 ms.
    @Test func releaseAtRestDecaysAtTheEdgeRate() {
        let bounce = EdgeBounce(edge: 10, side: -1, overshoot: 177, outwardVelocity: Speed(pointsPerSecond: 0), rate: .fast)
        #expect(isClose(bounce.position(at: 0.1), 10 - 177 * pow(0.99, 100), 1e-9))
        #expect(isClose(bounce.duration * 1000, log(0.5 / 177) / log(0.99), 1e-6))
        #expect(bounce.velocity(at: 0) > 0)
    }

    /// A fling toward the end of short content crosses the edge, overshoots and settles on it.
    @Test func flingIntoTheEdgeBouncesBack() throws {
        let view = Fixture.view(height: 1500)
        let upper = view.maximumContentOffset(zoomScale: 1).y
        let sim = Fixture.simulate(view, [.at(0, Fixture.fling(1500))])
        let release = try #require(sim.releases.first)
        #expect(release.target.y == upper)
        #expect(sim.exactOffset(at: release.time).y < upper)
        let peak = sim.frames(fps: 120).map(\.contentOffset.y).max() ?? 0
        #expect(peak > upper + 5)
        #expect(sim.state(at: sim.restTime).contentOffset.y == upper)
        #expect(sim.collapsedNames.last == "scrollViewDidEndDecelerating")
    }

    @Test func withoutBouncesAFlingStopsAtTheEdge() throws {
        var view = Fixture.view(height: 1500)
        view.bounces = false
        let upper = view.maximumContentOffset(zoomScale: 1).y
        let sim = Fixture.simulate(view, [.at(0, Fixture.fling(3000))])
        #expect(sim.frames(fps: 120).allSatisfy { $0.contentOffset.y <= upper })
        let end = try #require(sim.firstEvent("scrollViewDidEndDecelerating"))
        #expect(end.contentOffset.y == upper)
    }

    @Test func releaseOutsideWithOutwardVelocityBrakesThenReturns() throws {
        // Still speeding up at lift-off: the release blend is about 1.9 pt/ms outward (R3), enough
        // for the edge law to carry the content further out before it returns (R6).
        let script = TouchScript.path([
            (0, Point(x: 195, y: 300)), (0.02, Point(x: 195, y: 312)), (0.06, Point(x: 195, y: 372)),
            (0.09, Point(x: 195, y: 432)), (0.1, Point(x: 195, y: 452)), (0.11, Point(x: 195, y: 452)),
        ])
        let sim = Fixture.simulate(Fixture.view(), [.at(0, .touches(script))])
        let release = try #require(sim.releases.first)
        #expect(release.velocity.y < -250)
        let atRelease = sim.exactOffset(at: release.time).y
        #expect(atRelease < 0)
        let lowest = sim.frames(fps: 240).map(\.contentOffset.y).min() ?? 0
        #expect(lowest < atRelease - 1)
        #expect(sim.state(at: sim.restTime).contentOffset.y == 0)
    }
}
