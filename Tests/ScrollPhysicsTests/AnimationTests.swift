import Geometry
import Testing
@testable import ScrollPhysics

@Suite struct AnimationTests {
    @Test(arguments: [(0.25, 0.1464466), (0.5, 0.5), (0.75, 0.8535534), (0.0, 0.0), (1.0, 1.0)])
    func sineSquaredCurve(fraction: Double, progress: Double) {
        #expect(isClose(EaseInOutSine.progress(fraction), progress, 1e-7))
    }

    /// §2.8 / §3d: 0.3 s sin², DidScroll every frame, then DidEndScrollingAnimation; flags stay false.
    @Test func animatedSetContentOffset() throws {
        let sim = Fixture.simulate(Fixture.view(), [.at(1, .scrollTo(Point(x: 0, y: 1000), animated: true))])
        for (fraction, progress) in [(0.25, 0.1464466), (0.5, 0.5), (0.75, 0.8535534)] {
            #expect(isClose(sim.exactOffset(at: 1 + 0.3 * fraction).y, 1000 * progress, 1e-4))
        }
        #expect(sim.state(at: 1.075).contentOffset.y == 146.5)
        #expect(sim.collapsedNames == ["scrollViewDidScroll", "scrollViewDidEndScrollingAnimation"])
        #expect(sim.events(named: "scrollViewDidScroll").count >= 17)
        let end = try #require(sim.events.last)
        #expect(isClose(end.time, 1.3, 1e-12) && end.contentOffset.y == 1000)
        #expect(sim.frames(fps: 60).allSatisfy { !$0.isTracking && !$0.isDragging && !$0.isDecelerating })
        #expect(isClose(sim.restTime, 1.3, 1e-12))
    }

    @Test func nonAnimatedSetContentOffsetScrollsOnce() {
        let sim = Fixture.simulate(Fixture.view(), [.at(0.5, .scrollTo(Point(x: 0, y: 700), animated: false))])
        #expect(sim.events.map(\.name) == ["scrollViewDidScroll"])
        #expect(sim.state(at: 0.49).contentOffset.y == 0)
        #expect(sim.state(at: 0.5).contentOffset.y == 700)
    }

    @Test func setContentOffsetIsClampedWhenIdle() {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, .scrollTo(Point(x: 50, y: 99_999), animated: false))])
        #expect(sim.state(at: 1).contentOffset == Point(x: 0, y: 3156))
    }

    @Test func animatingToTheCurrentOffsetDoesNothing() {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, .scrollTo(.zero, animated: true))])
        #expect(sim.events.isEmpty)
    }

    @Test func scrollRectToVisibleMovesTheLeastNeeded() {
        let steps: [TimelineStep] = [
            .at(0, .scrollRectToVisible(Rect(x: 0, y: 1000, width: 100, height: 100), animated: true)),
            .afterRest(.scrollRectToVisible(Rect(x: 0, y: 500, width: 100, height: 100), animated: false)),
        ]
        let sim = Fixture.simulate(Fixture.view(), steps)
        #expect(sim.events(named: "scrollViewDidEndScrollingAnimation").first?.contentOffset.y == 256)
        #expect(sim.state(at: sim.restTime).contentOffset.y == 256)
        #expect(sim.state(at: sim.restTime + 1).contentOffset.y == 256)
    }

    /// §3f: ShouldScrollToTop → DidScroll… → DidScrollToTop.
    @Test func scrollToTop() throws {
        var view = Fixture.view()
        view.contentOffset = Point(x: 0, y: 1500)
        view.contentInset = EdgeInsets(top: 40)
        let sim = Fixture.simulate(view, [.at(0, .scrollToTop)])
        #expect(sim.collapsedNames == ["scrollViewShouldScrollToTop", "scrollViewDidScroll", "scrollViewDidScrollToTop"])
        let end = try #require(sim.events.last)
        #expect(end.contentOffset.y == -40)
        #expect(isClose(end.time, UIKitConstants.scrollToTopDuration, 1e-12))
        // R8: a critically damped spring of response 0.6 s: progress 0.499 at 0.16 s, above 0.96 at 0.48 s.
        let progress = { (t: Double) in (1500 - sim.exactOffset(at: t).y) / (1500 + 40) }
        #expect(isClose(progress(0.16), 0.499, 0.0005))
        #expect(progress(0.48) > 0.96)
        #expect(progress(0.48) < 1)
    }

    @Test func scrollToTopIsSkippedWhenDisabledVetoedOrAtTop() {
        var disabled = Fixture.view()
        disabled.contentOffset = Point(x: 0, y: 800)
        disabled.scrollsToTop = false
        #expect(Fixture.simulate(disabled, [.at(0, .scrollToTop)]).events.isEmpty)
        var vetoed = Fixture.view()
        vetoed.contentOffset = Point(x: 0, y: 800)
        let veto = SimulationOptions(shouldScrollToTop: { false })
        #expect(Fixture.simulate(vetoed, [.at(0, .scrollToTop)], options: veto).events.map(\.name) == ["scrollViewShouldScrollToTop"])
        #expect(Fixture.simulate(Fixture.view(), [.at(0, .scrollToTop)]).events.map(\.name) == ["scrollViewShouldScrollToTop"])
    }

    /// A programmatic scroll during a fling ends the deceleration first (GUESS §2.8).
    @Test func setContentOffsetDuringDecelerationEndsIt() {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, Fixture.fling(2000)), .at(0.5, .scrollTo(Point(x: 0, y: 100), animated: true))])
        #expect(sim.collapsedNames.suffix(4) == [
            "scrollViewDidScroll", "scrollViewDidEndDecelerating", "scrollViewDidScroll", "scrollViewDidEndScrollingAnimation",
        ])
        #expect(sim.state(at: sim.restTime).contentOffset.y == 100)
    }

    @Test func waitsAndAfterRestStepsChain() throws {
        let steps: [TimelineStep] = [
            .at(0, .scrollTo(Point(x: 0, y: 300), animated: true)),
            .afterRest(.wait(1)),
            .afterRest(delay: 0.5, .scrollTo(Point(x: 0, y: 0), animated: false)),
        ]
        let sim = Fixture.simulate(Fixture.view(), steps)
        let last = try #require(sim.events.last)
        #expect(isClose(last.time, 1.8, 1e-12))
        #expect(isClose(sim.restTime, 1.8, 1e-12))
    }
}
