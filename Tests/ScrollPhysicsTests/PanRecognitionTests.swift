import Geometry
import Testing
@testable import ScrollPhysics

/// physics.md §1 #7–#9 and §2.10: slop, thresholds, and what a touch catches.
@Suite struct PanRecognitionTests {
    /// R1: recognized at 10 pt; the translation counts from the point 10 pt along the first
    /// movement, so the content jumps to what the finger moved beyond it, on the display tick that
    /// handles the recognizing sample (0.15 s). A slow start: recognized 140 ms after touch-down,
    /// as the recorded slow starts (125–208 ms).
    @Test func panJumpsToTheMovementBeyondTheSlop() throws {
        let script = TouchScript.path([
            (0, Point(x: 195, y: 300)), (0.12, Point(x: 195, y: 305)), (0.14, Point(x: 195, y: 311)),
            (0.16, Point(x: 195, y: 321)), (0.6, Point(x: 195, y: 321)),
        ])
        let sim = Fixture.simulate(Fixture.view(offset: 1000), [.at(0, .touches(script))])
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging"))
        #expect(isClose(began.time, 0.15, 1e-12))
        #expect(sim.state(at: 0.145).contentOffset.y == 1000 && !sim.state(at: 0.145).isDragging)
        #expect(sim.state(at: 0.15).contentOffset.y == 999 && sim.state(at: 0.15).isDragging)
        #expect(sim.state(at: 0.16).contentOffset.y == 989)
    }

    /// R1's recording: a first sample 51.7 pt from touch-down moves the content 41.7 pt at once, and
    /// later movement on the other axis counts in full.
    @Test func recordedJumpAtRecognition() throws {
        var view = Fixture.view(width: 4000)
        view.contentOffset = Point(x: 1000, y: 1000)
        let script = TouchScript.path([
            (0, Point(x: 200, y: 400)), (0.05, Point(x: 200, y: 348.3)), (0.1, Point(x: 215, y: 348.3)), (0.6, Point(x: 215, y: 348.3)),
        ])
        let sim = Fixture.simulate(view, [.at(0, .touches(script))])
        #expect(isClose(sim.exactOffset(at: 0.05).y, 1041.7, 1e-9))
        #expect(isClose(sim.exactOffset(at: 0.1).x, 985, 1e-9))
    }

    @Test func movementUnderTheSlopIsATap() {
        let script = TouchScript.path([(0, Point(x: 195, y: 300)), (0.05, Point(x: 195, y: 309)), (0.1, Point(x: 195, y: 309))])
        let sim = Fixture.simulate(Fixture.view(offset: 1000), [.at(0, .touches(script))])
        #expect(sim.events.isEmpty)
        #expect(sim.frames(fps: 60).allSatisfy { $0.contentOffset.y == 1000 })
    }

    /// Decelerates only above 250 pt/s.
    @Test(arguments: [(240.0, false), (260, true)])
    func flingThreshold(speed: Double, decelerates: Bool) throws {
        let sim = Fixture.simulate(Fixture.view(offset: 1000), [.at(0, Fixture.fling(speed))])
        let release = try #require(sim.releases.first)
        #expect(sim.events(named: "scrollViewDidEndDragging").map(\.callback) == [.didEndDragging(willDecelerate: decelerates)])
        #expect(sim.events(named: "scrollViewWillBeginDecelerating").count == (decelerates ? 1 : 0))
        let moved = sim.state(at: sim.restTime).contentOffset.y - sim.state(at: release.time).contentOffset.y
        #expect(decelerates ? moved > 50 : moved == 0)
    }

    /// R7: with paging a release goes to the page nearest to where its deceleration would end:
    /// 310 pt/s projects about 150 pt and stays, 600 pt/s projects about 295 pt and turns the page.
    @Test(arguments: [(310.0, 0.0), (600, 390)])
    func pagingThreshold(speed: Double, page: Double) throws {
        var view = Fixture.view(width: 1560, height: 844)
        view.isPagingEnabled = true
        let sim = Fixture.simulate(view, [.at(0, .touches(.fling(velocity: Point(x: speed, y: 0))))])
        #expect(try #require(sim.releases.first).target.x == page)
        #expect(sim.state(at: sim.restTime).contentOffset.x == page)
    }

    @Test func scrollDisabledIgnoresPans() {
        var view = Fixture.view(offset: 1000)
        view.isScrollEnabled = false
        let sim = Fixture.simulate(view, [.at(0, Fixture.fling(1000))])
        #expect(sim.events.isEmpty)
        #expect(sim.state(at: 2).contentOffset.y == 1000)
    }

    /// A touch-down on a decelerating view catches the content where it is.
    @Test func touchCatchesTheDeceleration() {
        let sim = Fixture.simulate(Fixture.view(offset: 0), [.at(0, Fixture.fling(1500)), .at(0.5, .touches(.hold(duration: 0.3)))])
        let caught = sim.exactOffset(at: 0.5)
        #expect(sim.frames(fps: 120).filter { $0.time >= 0.5 }.allSatisfy { $0.contentOffset == caught.roundedToPixels(scale: 2) })
        #expect(isClose(sim.restTime, 0.8, 1e-12))
    }
}
