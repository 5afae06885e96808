import Geometry
import Testing
@testable import ScrollPhysics

/// Seed 002 §3: what the content hears of a touch, in order, for each combination of
/// `delaysContentTouches` and `canCancelContentTouches`.
@Suite struct ContentTouchTests {
    static func view(delays: Bool = true, cancels: Bool = true) -> ScrollView {
        var view = Fixture.view()
        view.contentOffset = Point(x: 0, y: 500)
        view.delaysContentTouches = delays
        view.canCancelContentTouches = cancels
        return view
    }

    /// Rests 0.3 s, then drags 100 pt: not a pan within 150 ms, so the content gets the touch first.
    static let restThenDrag = TouchScript.path([
        (0, Point(x: 195, y: 400)), (0.3, Point(x: 195, y: 400)), (0.32, Point(x: 195, y: 390)),
        (0.34, Point(x: 195, y: 370)), (0.4, Point(x: 195, y: 300)), (0.8, Point(x: 195, y: 300)),
    ])

    static func names(_ sim: ScrollSimulation) -> [String] { sim.contentTouchEvents.map(\.callback.rawValue) }

    @Test func aShortTapIsDeliveredAtLiftOff() throws {
        let sim = Fixture.simulate(Self.view(), [.at(0, .tap(Point(x: 100, y: 200)))])
        #expect(Self.names(sim) == ["touchesShouldBegin", "touchesBegan", "touchesEnded"])
        #expect(sim.contentTouchEvents.allSatisfy { isClose($0.time, TimelineStep.Action.tapDuration, 1e-12) })
        #expect(sim.contentTouchEvents.first?.location == Point(x: 100, y: 200))
        #expect(sim.events.isEmpty)
    }

    @Test func aPanAfterTheDelayCancelsTheContentsTouch() throws {
        let sim = Fixture.simulate(Self.view(), [.at(0, .touches(Self.restThenDrag))])
        #expect(Self.names(sim) == ["touchesShouldBegin", "touchesBegan", "touchesShouldCancel", "touchesCancelled"])
        let times = sim.contentTouchEvents.map(\.time)
        #expect(isClose(times[0], 0.15, 1e-12) && isClose(times[1], 0.15, 1e-12))
        // The recognizer takes the touch back when it recognizes the pan (0.32 s); its began
        // reaches the scroll view on the next display tick.
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging"))
        #expect(times[2] == 0.32 && times[3] == 0.32 && isClose(began.time, 20 / 60, 1e-12))
        #expect(sim.state(at: sim.restTime).contentOffset.y > 550)
    }

    @Test func withoutCancellingTheContentKeepsTheTouchAndNothingScrolls() {
        let sim = Fixture.simulate(Self.view(cancels: false), [.at(0, .touches(Self.restThenDrag))])
        #expect(Self.names(sim) == ["touchesShouldBegin", "touchesBegan", "touchesShouldCancel", "touchesEnded"])
        #expect(sim.events.isEmpty)
        #expect(sim.frames(fps: 60).allSatisfy { $0.contentOffset.y == 500 })
    }

    @Test func withoutTheDelayTheContentGetsTheTouchAtOnce() {
        let sim = Fixture.simulate(Self.view(delays: false), [.at(0, .touches(.drag(translation: Point(x: 0, y: -100))))])
        #expect(Self.names(sim) == ["touchesShouldBegin", "touchesBegan", "touchesShouldCancel", "touchesCancelled"])
        #expect(sim.contentTouchEvents[0].time == 0 && sim.contentTouchEvents[1].time == 0)
    }

    /// A quick drag is a pan before 150 ms: the content never hears it. A touch that catches a
    /// fling is the scroll view's own.
    @Test func quickPansAndCatchingTouchesStayWithTheScrollView() {
        let drag = Fixture.simulate(Self.view(), [.at(0, .touches(.drag(translation: Point(x: 0, y: -100))))])
        #expect(drag.contentTouchEvents.isEmpty)
        let caught = Fixture.simulate(Self.view(), [.at(0, Fixture.fling(2000)), .at(0.5, .touches(.hold(duration: 0.3)))])
        #expect(caught.contentTouchEvents.isEmpty)
    }
}
