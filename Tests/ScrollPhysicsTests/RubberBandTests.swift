import Geometry
import Testing
@testable import ScrollPhysics

@Suite struct RubberBandTests {
    /// f(u) = u·c·d/(d + c·u), c = 0.55, worked by hand for d = 844 (the default bounds height).
    @Test(arguments: [(0.0, 0.0), (10, 5.464391), (100, 51.635150), (200, 97.316562), (844, 299.483871), (2000, 477.572016)])
    func bandValues(overscroll: Double, expected: Double) {
        #expect(isClose(RubberBand.offset(forOverscroll: overscroll, dimension: 844), expected, 1e-5))
    }

    @Test func slopeIsCAtZeroAndLimitIsTheDimension() {
        #expect(isClose(RubberBand.offset(forOverscroll: 1e-6, dimension: 681.67) / 1e-6, 0.55, 1e-6))
        #expect(isClose(RubberBand.offset(forOverscroll: 1e9, dimension: 681.67), 681.67, 1e-3))
    }

    @Test(arguments: [1.0, 37.5, 177, 400, 800])
    func inverseUndoesTheBand(visible: Double) {
        let raw = RubberBand.overscroll(forOffset: visible, dimension: 844)
        #expect(isClose(RubberBand.offset(forOverscroll: raw, dimension: 844), visible, 1e-9))
    }

    /// A finger path with exact distances: recognized at 10 pt, then 200 pt more past the top.
    @Test func dragPastTheTopShowsTheBandedOverscroll() {
        let script = TouchScript.path([
            (0, Point(x: 195, y: 300)), (0.05, Point(x: 195, y: 310)), (0.15, Point(x: 195, y: 410)),
            (0.25, Point(x: 195, y: 510)), (0.6, Point(x: 195, y: 510)),
        ])
        let sim = Fixture.simulate(Fixture.view(), [.at(0, .touches(script))])
        #expect(sim.state(at: 0.1).contentOffset.y == 0)
        #expect(isClose(sim.exactOffset(at: 0.2).y, -51.635150, 1e-5))
        #expect(isClose(sim.exactOffset(at: 0.3).y, -97.316562, 1e-5))
        #expect(sim.state(at: 0.3).contentOffset.y == -97.5)
    }

    @Test func withoutBouncesTheDragClamps() {
        var view = Fixture.view()
        view.bounces = false
        let sim = Fixture.simulate(view, [.at(0, .touches(.drag(translation: Point(x: 0, y: 300))))])
        #expect(sim.frames(fps: 60).allSatisfy { $0.contentOffset.y == 0 })
    }

    /// Catching a snap-back mid-way: the content stays where it was, then follows the finger with
    /// the band's resistance, so the first move shifts it by less than the finger moved.
    @Test func catchingABouncingViewDoesNotJump() throws {
        let pull = TouchScript.drag(translation: Point(x: 0, y: 300))
        let nudge = TouchScript.path([
            (0, Point(x: 195, y: 400)), (0.05, Point(x: 195, y: 401)), (0.1, Point(x: 195, y: 406)), (0.5, Point(x: 195, y: 406)),
        ])
        let first = Fixture.simulate(Fixture.view(), [.at(0, .touches(pull))])
        let release = try #require(first.releases.first).time
        let catchTime = release + 0.1
        let sim = Fixture.simulate(Fixture.view(), [.at(0, .touches(pull)), .at(catchTime, .touches(nudge))])
        // Caught where the last display tick before the touch wrote it (the catch falls on a tick,
        // whose display link has not run yet); the travel to the first moved sample moves nothing.
        let before = first.exactOffset(at: Phase.tick(before: catchTime, rate: 60)).y
        #expect(before < -20)
        #expect(isClose(sim.exactOffset(at: catchTime).y, before, 1e-5))
        #expect(isClose(sim.exactOffset(at: catchTime + 0.05).y, before, 1e-5))
        let afterMove = sim.exactOffset(at: catchTime + 0.1).y
        #expect(afterMove < before && before - afterMove < 5)
        let names = sim.collapsedNames
        #expect(names.suffix(7) == [
            "scrollViewWillBeginDragging", "scrollViewDidScroll", "scrollViewWillEndDragging",
            "scrollViewDidEndDragging", "scrollViewWillBeginDecelerating", "scrollViewDidScroll",
            "scrollViewDidEndDecelerating",
        ])
        #expect(sim.state(at: sim.restTime).contentOffset.y == 0)
    }

    @Test func shortContentMovesOnlyWithAlwaysBounce() {
        let drag = TimelineStep.at(0, .touches(.drag(translation: Point(x: 0, y: -100))))
        let still = Fixture.simulate(Fixture.view(height: 500), [drag])
        #expect(still.events.isEmpty)
        #expect(still.frames(fps: 60).allSatisfy { $0.contentOffset == .zero && !$0.isDragging })
        var view = Fixture.view(height: 500)
        view.alwaysBounceVertical = true
        let bouncy = Fixture.simulate(view, [drag])
        #expect(bouncy.frames(fps: 60).contains { $0.contentOffset.y > 20 })
        #expect(bouncy.frames(fps: 60).allSatisfy { $0.contentOffset.x == 0 })
        #expect(bouncy.state(at: bouncy.restTime).contentOffset == .zero)
    }

    @Test func aNonScrollableAxisDoesNotMove() {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, .touches(.drag(translation: Point(x: -150, y: -150))))])
        #expect(sim.frames(fps: 60).allSatisfy { $0.contentOffset.x == 0 })
        #expect(sim.state(at: sim.restTime).contentOffset.y > 100)
    }
}
