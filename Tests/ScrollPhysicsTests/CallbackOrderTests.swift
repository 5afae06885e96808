import Geometry
import Testing
@testable import ScrollPhysics

/// physics.md §3 and the seed document's two iOS logs.
@Suite struct CallbackOrderTests {
    static let fling = [
        "scrollViewWillBeginDragging", "scrollViewDidScroll", "scrollViewWillEndDragging", "scrollViewDidEndDragging",
        "scrollViewWillBeginDecelerating", "scrollViewDidScroll", "scrollViewDidEndDecelerating",
    ]

    /// §3b, the seed's "用户滑动" log.
    @Test func flingOrderAndFlags() throws {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, Fixture.fling(800))])
        #expect(sim.collapsedNames == Self.fling)
        #expect(sim.events(named: "scrollViewDidEndDragging").map(\.callback) == [.didEndDragging(willDecelerate: true)])
        let release = try #require(sim.releases.first)
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging")).time
        let atStart = sim.state(at: 0)
        #expect(atStart.isTracking && !atStart.isDragging && !atStart.isDecelerating)
        let dragging = sim.state(at: (began + release.time) / 2)
        #expect(dragging.isTracking && dragging.isDragging && !dragging.isDecelerating)
        // The seed: `dragging` stays YES until the deceleration ends.
        let decelerating = sim.state(at: release.time + 0.5)
        #expect(!decelerating.isTracking && decelerating.isDragging && decelerating.isDecelerating)
        let rest = sim.state(at: sim.restTime)
        #expect(!rest.isTracking && !rest.isDragging && !rest.isDecelerating)
    }

    /// §3a: released without velocity in bounds.
    @Test func dragWithoutVelocity() throws {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, .touches(.drag(translation: Point(x: 0, y: -200))))])
        #expect(sim.collapsedNames == [
            "scrollViewWillBeginDragging", "scrollViewDidScroll", "scrollViewWillEndDragging", "scrollViewDidEndDragging",
        ])
        let release = try #require(sim.releases.first)
        #expect(release.velocity == .zero)
        #expect(isClose(release.target, sim.exactOffset(at: release.time), 1e-12))
        #expect(sim.events.last?.callback == .didEndDragging(willDecelerate: false))
        let after = sim.state(at: release.time)
        #expect(!after.isTracking && !after.isDragging && !after.isDecelerating)
        #expect(sim.restTime == release.time)
    }

    /// §3a: released out of bounds: DidEndDragging(true) → WillBeginDecelerating → bounce → DidEndDecelerating.
    @Test func releaseOutOfBounds() throws {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, .touches(.drag(translation: Point(x: 0, y: 250))))])
        #expect(sim.collapsedNames == Self.fling)
        #expect(sim.releases.first?.target == .zero)
        #expect(sim.state(at: sim.restTime).contentOffset == .zero)
    }

    private func interrupted(_ second: TouchScript, order: InterruptedDecelerationOrder) -> ScrollSimulation {
        Fixture.simulate(
            Fixture.view(), [.at(0, Fixture.fling(800)), .at(0.6, .touches(second))],
            options: SimulationOptions(interruptedDecelerationOrder: order))
    }

    /// The seed's "减速过程中用户再次触摸" log: the second drag released without velocity delivers the
    /// first fling's DidEndDecelerating after DidEndDragging, with no WillBeginDecelerating.
    @Test func seedOrderInterruptedWithoutVelocity() throws {
        let sim = interrupted(.drag(translation: Point(x: 0, y: 40)), order: .seedDocument)
        #expect(sim.collapsedNames == Array(Self.fling.dropLast()) + [
            "scrollViewWillBeginDragging", "scrollViewDidScroll", "scrollViewWillEndDragging", "scrollViewDidEndDragging",
            "scrollViewDidEndDecelerating",
        ])
        #expect(sim.events(named: "scrollViewDidEndDragging").map(\.callback) == [
            .didEndDragging(willDecelerate: true), .didEndDragging(willDecelerate: false),
        ])
        // A quick catch: recognized on its first moved sample (1/120 s after the touch), its began
        // reaches the scroll view on the first display tick 22 ms after that.
        let secondDrag = try #require(sim.events(named: "scrollViewWillBeginDragging").last)
        #expect(isClose(secondDrag.time, 0.6 + 2.0 / 60, 1e-9))
        let during = sim.state(at: 0.7)
        #expect(during.isTracking && during.isDragging && during.isDecelerating)
        let end = try #require(sim.events.last)
        #expect(end.name == "scrollViewDidEndDecelerating" && end.time == sim.releases[1].time)
        #expect(!sim.state(at: end.time).isDecelerating)
    }

    /// Same, with velocity on the second release: WillBeginDecelerating again, then one DidEndDecelerating.
    @Test func seedOrderInterruptedWithVelocity() {
        let sim = interrupted(.fling(velocity: Point(x: 0, y: 600)), order: .seedDocument)
        #expect(sim.collapsedNames == Array(Self.fling.dropLast()) + Self.fling)
        #expect(sim.events(named: "scrollViewDidEndDecelerating").count == 1)
        #expect(sim.events(named: "scrollViewWillBeginDecelerating").count == 2)
    }

    /// The seed log printed as `--trace` prints it, DidScroll runs collapsed.
    @Test func traceMatchesTheSeedLog() {
        let sim = interrupted(.drag(translation: Point(x: 0, y: 40)), order: .seedDocument)
        var lines: [String] = []
        for event in sim.events {
            let line = "-[ViewController \(event.selector)]"
            if event.name == "scrollViewDidScroll", lines.last == line { continue }
            lines.append(line)
        }
        #expect(lines == [
            "-[ViewController scrollViewWillBeginDragging:]", "-[ViewController scrollViewDidScroll:]",
            "-[ViewController scrollViewWillEndDragging:withVelocity:targetContentOffset:]",
            "-[ViewController scrollViewDidEndDragging:willDecelerate:]",
            "-[ViewController scrollViewWillBeginDecelerating:]", "-[ViewController scrollViewDidScroll:]",
            "-[ViewController scrollViewWillBeginDragging:]", "-[ViewController scrollViewDidScroll:]",
            "-[ViewController scrollViewWillEndDragging:withVelocity:targetContentOffset:]",
            "-[ViewController scrollViewDidEndDragging:willDecelerate:]",
            "-[ViewController scrollViewDidEndDecelerating:]",
        ])
    }

    /// physics.md §3c (iOS 13+): the touch-down ends the deceleration at once.
    @Test(arguments: [false, true])
    func iOS13OrderInterrupted(withVelocity: Bool) throws {
        let second: TouchScript = withVelocity ? .fling(velocity: Point(x: 0, y: 600)) : .drag(translation: Point(x: 0, y: 40))
        let sim = interrupted(second, order: .iOS13)
        let tail = withVelocity ? Self.fling : Array(Self.fling.prefix(4))
        #expect(sim.collapsedNames == Self.fling + tail)
        let ended = try #require(sim.firstEvent("scrollViewDidEndDecelerating"))
        #expect(ended.time == 0.6)
        let touching = sim.state(at: 0.6)
        #expect(touching.isTracking && !touching.isDecelerating && !touching.isDragging)
    }

    /// A tap that only stops the fling: no drag callbacks; DidEndDecelerating at lift-off (seed) or touch-down (iOS 13).
    @Test func tapStopsTheFling() throws {
        for (order, time) in [(InterruptedDecelerationOrder.seedDocument, 0.7), (.iOS13, 0.6)] {
            let sim = Fixture.simulate(
                Fixture.view(), [.at(0, Fixture.fling(800)), .at(0.6, .touches(.hold(duration: 0.1)))],
                options: SimulationOptions(interruptedDecelerationOrder: order))
            #expect(sim.collapsedNames == Self.fling)
            let end = try #require(sim.events.last)
            #expect(isClose(end.time, time, 1e-12))
            #expect(sim.state(at: 0.65).contentOffset == sim.state(at: 2).contentOffset)
        }
    }

    @Test func selectorsAndNames() {
        let all: [DelegateCallback] = [
            .didScroll, .willBeginDragging, .willEndDragging(velocity: .zero, proposedTargetContentOffset: .zero, targetContentOffset: .zero),
            .didEndDragging(willDecelerate: true), .willBeginDecelerating, .didEndDecelerating, .didEndScrollingAnimation,
            .willBeginZooming, .didZoom, .didEndZooming(scale: 1), .shouldScrollToTop, .didScrollToTop,
        ]
        #expect(all.map(\.selector) == [
            "scrollViewDidScroll:", "scrollViewWillBeginDragging:", "scrollViewWillEndDragging:withVelocity:targetContentOffset:",
            "scrollViewDidEndDragging:willDecelerate:", "scrollViewWillBeginDecelerating:", "scrollViewDidEndDecelerating:",
            "scrollViewDidEndScrollingAnimation:", "scrollViewWillBeginZooming:withView:", "scrollViewDidZoom:",
            "scrollViewDidEndZooming:withView:atScale:", "scrollViewShouldScrollToTop:", "scrollViewDidScrollToTop:",
        ])
        #expect(all[2].name == "scrollViewWillEndDragging")
        #expect(all[9].name == "scrollViewDidEndZooming")
    }

    /// DidScroll fires at touch samples that move the content and at every display-link tick of a
    /// deceleration until it rests (UIKit writes unrounded offsets while it decelerates), the rest
    /// on a tick too.
    @Test func didScrollOnlyOnChange() {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, Fixture.fling(800))])
        let scrolls = sim.events(named: "scrollViewDidScroll")
        let release = sim.releases[0].time
        let ticks = scrolls.filter { $0.time > release }
        #expect(ticks.count > 100)
        #expect(ticks.last?.time == sim.restTime)
        for (a, b) in zip(ticks, ticks.dropFirst()) { #expect(isClose(b.time - a.time, 1.0 / 60, 1e-6)) }
        for event in scrolls where event.time > release {
            let tick = event.time * 60
            #expect(isClose(tick, tick.rounded(), 1e-6))
        }
    }

    /// The display link ticks at the view's display rate: a 120-Hz view writes its deceleration
    /// every 1/120 s on the k/120 grid and rests on one of those ticks.
    @Test func ticksFollowTheDisplayRate() {
        var view = Fixture.view()
        view.displayRate = 120
        let sim = Fixture.simulate(view, [.at(0, Fixture.fling(800))])
        let ticks = sim.events(named: "scrollViewDidScroll").filter { $0.time > sim.releases[0].time }
        #expect(ticks.count > 200)
        for (a, b) in zip(ticks, ticks.dropFirst()) { #expect(isClose(b.time - a.time, 1.0 / 120, 1e-6)) }
        #expect(isClose(sim.restTime * 120, (sim.restTime * 120).rounded(), 1e-6))
    }
}
