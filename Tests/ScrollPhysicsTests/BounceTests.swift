#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Testing
@testable import ScrollPhysics

@Suite struct BounceTests {
    /// physics.md §2.4: peak ≈ 0.0529·v at about 87 ms; back within 0.5 pt after 0.67/0.76/0.84 s.
    @Test(arguments: [(1000.0, 52.865, 0.671), (2000, 105.730, 0.757), (4000, 211.460, 0.844)])
    func penetrationBounceMatchesTheDocumentedResults(speed: Double, peak: Double, duration: Double) throws {
        let path = PenetrationBounce.path(overscroll: 0, outwardVelocity: speed, rate: .normal)
        let top = try #require(path.positions.max())
        let peakIndex = try #require(path.positions.firstIndex(of: top))
        #expect(isClose(top, peak, 1e-3))
        #expect(isClose(top / speed, 0.0529, 0.0003))
        #expect(isClose(Double(peakIndex) * 0.001, 0.088, 0.0015))
        #expect(isClose(path.duration, duration, 1e-9))
        #expect(path.endPosition == 0)
    }

    /// The preferred snap-back x₀(1 + 3.8t)e^(−11t) for the recorded −177 pt case.
    @Test(arguments: [(0.05, -121.52294), (0.1, -81.30709), (0.2, -34.51740), (0.3, -13.97061), (0.5, -2.09774)])
    func snapBackValues(time: Double, expected: Double) {
        let snap = SnapBack(edge: 0, displacement: -177, model: .criticallyDamped)
        #expect(isClose(snap.position(at: time), expected, 1e-4))
    }

    @Test func snapBackStartsFastAndEndsWhereTheTraceDoes() {
        let snap = SnapBack(edge: 0, displacement: -177, model: .preferred)
        #expect(isClose(snap.velocity(at: 0), 7.2 * 177, 1e-9))
        // CRAN: within 0.5 pt between 0.62 s and 0.67 s.
        #expect(snap.duration > 0.62 && snap.duration < 0.67)
        #expect(isClose(abs(snap.position(at: snap.duration - 1e-9)), 0.5, 1e-6))
        #expect(snap.position(at: snap.duration) == 0)
        let exponential = SnapBack(edge: 0, displacement: -177, model: .exponential)
        #expect(isClose(exponential.position(at: 0.1), -177 * exp(-0.8), 1e-9))
        #expect(SnapBackModel.preferred == .criticallyDamped)
    }

    @Test func snapBackModelIsSwappable() throws {
        let drag = TimelineStep.at(0, .touches(.drag(translation: Point(x: 0, y: 300))))
        let damped = Fixture.simulate(Fixture.view(), [drag])
        let exponential = Fixture.simulate(Fixture.view(), [drag], options: SimulationOptions(snapBackModel: .exponential))
        let release = try #require(damped.releases.first).time
        let x0 = damped.exactOffset(at: release).y
        #expect(isClose(damped.exactOffset(at: release + 0.1).y, x0 * 1.38 * exp(-1.1), 1e-9))
        #expect(isClose(exponential.exactOffset(at: release + 0.1).y, x0 * exp(-0.8), 1e-9))
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
        let script = TouchScript.path([
            (0, Point(x: 195, y: 300)), (0.02, Point(x: 195, y: 312)), (0.1, Point(x: 195, y: 400)),
            (0.15, Point(x: 195, y: 460)), (0.16, Point(x: 195, y: 472)),
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
