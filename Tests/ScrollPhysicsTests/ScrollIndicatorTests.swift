import Geometry
import Testing
@testable import ScrollPhysics

@Suite struct ScrollIndicatorTests {
    private func frame(_ axis: Axis, _ view: ScrollView, y: Double = 0, x: Double = 0) -> Rect? {
        ScrollIndicatorLayout.frame(axis, in: view, pose: Pose(contentOffset: Point(x: x, y: y), zoomScale: 1))
    }

    /// Track 3…841 (838 pt), length 838·844/4000, 3 pt wide, 3 pt from the right edge.
    @Test func verticalGeometryFollowsTheOffset() throws {
        let view = Fixture.view()
        let length = 838 * 844 / 4000.0
        let top = try #require(frame(.vertical, view))
        #expect(isClose(top.minX, 384, 1e-9) && top.width == 3)
        #expect(isClose(top.minY, 3, 1e-9) && isClose(top.height, length, 1e-9))
        let bottom = try #require(frame(.vertical, view, y: 3156))
        #expect(isClose(bottom.maxY, 841, 1e-9))
        let middle = try #require(frame(.vertical, view, y: 1578))
        #expect(isClose(middle.minY, 3 + (838 - length) / 2, 1e-9))
        #expect(frame(.horizontal, view) == nil)
    }

    @Test func overscrollShrinksAndPins() throws {
        let view = Fixture.view()
        let length = 838 * 844 / 4000.0
        let pulled = try #require(frame(.vertical, view, y: -100))
        #expect(isClose(pulled.height, length - 100, 1e-9) && isClose(pulled.minY, 3, 1e-9))
        let far = try #require(frame(.vertical, view, y: -500))
        #expect(far.height == 8 && far.minY == 3)
        let past = try #require(frame(.vertical, view, y: 3206))
        #expect(isClose(past.height, length - 50, 1e-9) && isClose(past.maxY, 841, 1e-9))
    }

    @Test func bothIndicatorsLeaveTheCornerFree() throws {
        let view = Fixture.view(width: 1000)
        let vertical = try #require(frame(.vertical, view))
        #expect(isClose(vertical.height, 832 * 844 / 4000.0, 1e-9))
        let horizontal = try #require(frame(.horizontal, view, x: 610))
        #expect(isClose(horizontal.height, 3, 1e-9) && isClose(horizontal.minY, 838, 1e-9))
        #expect(isClose(horizontal.width, 378 * 390 / 1000.0, 1e-9))
        #expect(isClose(horizontal.maxX, 381, 1e-9))
    }

    @Test func minimumLengthAndInsets() throws {
        var view = Fixture.view(height: 100_000)
        view.scrollIndicatorInsets = EdgeInsets(top: 20, left: 0, bottom: 30, right: 5)
        let indicator = try #require(frame(.vertical, view))
        #expect(indicator.height == 36 && indicator.minY == 23 && indicator.minX == 379)
        view.showsVerticalScrollIndicator = false
        #expect(frame(.vertical, view) == nil)
    }

    @Test func styleColours() {
        #expect(ScrollIndicatorStyle.default.color == IndicatorColor(red: 0, green: 0, blue: 0, alpha: 0.35))
        #expect(ScrollIndicatorStyle.black.color == IndicatorColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        #expect(ScrollIndicatorStyle.white.color == IndicatorColor(red: 1, green: 1, blue: 1, alpha: 0.5))
    }

    /// Shown at once when the drag starts; after the motion, 0.3 s (GUESS) then a 0.25 s fade.
    @Test func showAndFade() throws {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, .touches(.drag(translation: Point(x: 0, y: -200))))])
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging")).time
        let release = try #require(sim.releases.first).time
        #expect(sim.state(at: began - 0.001).verticalIndicator?.alpha == 0)
        #expect(sim.state(at: began).verticalIndicator?.alpha == 1)
        #expect(sim.state(at: release + 0.3).verticalIndicator?.alpha == 1)
        #expect(isClose(sim.state(at: release + 0.425).verticalIndicator?.alpha ?? -1, 0.5, 1e-9))
        #expect(sim.state(at: release + 0.55).verticalIndicator?.alpha == 0)
        #expect(isClose(sim.endTime, release + 0.55, 1e-12))
        #expect(sim.state(at: 0.1).verticalIndicator?.color == ScrollIndicatorStyle.default.color)
        #expect(sim.state(at: 0.1).verticalIndicator?.cornerRadius == 1.5)
    }

    @Test func flashHoldsThenFades() {
        let sim = Fixture.simulate(Fixture.view(), [.at(1, .flashScrollIndicators)])
        #expect(sim.state(at: 0.9).verticalIndicator?.alpha == 0)
        #expect(sim.state(at: 1.75).verticalIndicator?.alpha == 1)
        #expect(isClose(sim.state(at: 1.875).verticalIndicator?.alpha ?? -1, 0.5, 1e-9))
        #expect(sim.state(at: 2).verticalIndicator?.alpha == 0)
        #expect(isClose(sim.endTime, 2, 1e-12))
        #expect(sim.events.isEmpty)
    }

    @Test func visibleThroughoutAFlingAndItsDeceleration() throws {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, Fixture.fling(2000))])
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging")).time
        for frame in sim.frames(fps: 60) where frame.time >= began && frame.time <= sim.restTime + 0.3 {
            #expect(frame.verticalIndicator?.alpha == 1)
        }
    }
}
