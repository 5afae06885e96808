import Geometry
import Testing
@testable import ScrollPhysics

/// The renderer's flow, invariants over many scenarios, frame-rate independence and determinism.
@Suite struct SimulationTests {
    /// The renderer's main command: fling 800 pt/s over 4000-pt-tall content.
    @Test func renderFlowForAFling() throws {
        let sim = Fixture.simulate(Fixture.view(), [.at(0, Fixture.fling(800))])
        let frames = sim.frames(fps: 60, hold: 0.25)
        let first = try #require(frames.first)
        #expect(first.contentOffset == .zero && first.velocity == .zero && first.isTracking)
        #expect(frames.contains { $0.isDragging && $0.isTracking })
        #expect(frames.contains { $0.isDecelerating && !$0.isTracking })
        let last = try #require(frames.last)
        #expect(!last.isTracking && !last.isDragging && !last.isDecelerating && last.velocity == .zero)
        #expect(sim.restTime > 2 && sim.restTime < 3.5)
        #expect(isClose(sim.endTime, sim.restTime + 0.55, 1e-9))
        #expect(frames.count == Int((sim.endTime + 0.25) * 60) + 1)
        let release = try #require(sim.releases.first)
        let end = Deceleration(from: sim.draggedOffset(at: release.time).y, velocity: release.velocity.y,
                               decayConstant: DecelerationRate.normal.decayConstant).endPosition
        #expect(last.contentOffset.y == end.roundedToPixels(scale: 2) && end < release.target.y)
        #expect(last.contentSize == Size(width: 390, height: 4000))
    }

    static let scenarios: [(String, ScrollView, [TimelineStep])] = {
        var paging = Fixture.view(width: 1560, height: 844)
        paging.isPagingEnabled = true
        var zoom = Fixture.view(width: 390, height: 844)
        zoom.maximumZoomScale = 3
        zoom.minimumZoomScale = 0.5
        var fast = Fixture.view(height: 1200)
        fast.decelerationRate = .fast
        var inset = Fixture.view(width: 800)
        inset.contentInset = EdgeInsets(top: 100, left: 10, bottom: 50, right: 20)
        inset.contentOffset = Point(x: -10, y: -100)
        var locked = Fixture.view(width: 4000)
        locked.isDirectionalLockEnabled = true
        return [
            ("fling", Fixture.view(), [.at(0, Fixture.fling(800))]),
            ("fling into edge", Fixture.view(height: 1200), [.at(0, Fixture.fling(4000))]),
            ("fast rate", fast, [.at(0, Fixture.fling(-3000)), .afterRest(.touches(.fling(velocity: Point(x: 0, y: 3000))))]),
            ("pull", Fixture.view(), [.at(0, .touches(.drag(translation: Point(x: 0, y: 400))))]),
            ("interrupted", Fixture.view(), [.at(0, Fixture.fling(2500)), .at(0.4, .touches(.drag(translation: Point(x: 0, y: -60))))]),
            ("paging", paging, [.at(0, .touches(.swipe(pages: 3, along: .horizontal, pageSize: 390)))]),
            ("pinch", zoom, [.at(0, .touches(.pinch(scale: 5))), .afterRest(.touches(.pinch(scale: 0.1)))]),
            ("zoom to", zoom, [.at(0, .zoomTo(Rect(x: 50, y: 50, width: 100, height: 100), animated: true)), .afterRest(.scrollToTop)]),
            ("inset", inset, [.at(0, Fixture.fling(-900, vx: 700)), .afterRest(.touches(.drag(translation: Point(x: -300, y: -300))))]),
            ("locked", locked, [.at(0, Fixture.fling(1200, vx: 300))]),
            ("programmatic", Fixture.view(), [
                .at(0, .scrollTo(Point(x: 0, y: 2000), animated: true)), .at(0.1, .scrollToTop), .afterRest(.flashScrollIndicators),
            ]),
        ]
    }()

    @Test(arguments: 0..<scenarios.count)
    func invariants(index: Int) {
        let (name, view, steps) = Self.scenarios[index]
        let sim = Fixture.simulate(view, steps)
        let frames = sim.frames(fps: 120, hold: 0.2)
        for frame in frames {
            let values = [frame.contentOffset.x, frame.contentOffset.y, frame.zoomScale, frame.velocity.x, frame.velocity.y]
            #expect(values.allSatisfy { $0.isFinite }, "\(name) at \(frame.time)")
            for indicator in [frame.verticalIndicator, frame.horizontalIndicator].compactMap({ $0 }) {
                #expect(indicator.frame.height.isFinite && indicator.frame.width > 0 && indicator.alpha >= 0 && indicator.alpha <= 1)
            }
        }
        #expect(zip(sim.events, sim.events.dropFirst()).allSatisfy { $0.time <= $1.time }, "\(name)")
        #expect(sim.restTime.isFinite && sim.restTime <= sim.endTime)
        let rest = sim.state(at: sim.restTime)
        #expect(rest.zoomScale >= view.minimumZoomScale && rest.zoomScale <= view.maximumZoomScale, "\(name)")
        let clamped = view.clampedContentOffset(rest.contentOffset, zoomScale: rest.zoomScale)
        #expect(isClose(rest.contentOffset, clamped, 1e-9), "\(name): \(rest.contentOffset)")
        #expect(!rest.isTracking && !rest.isDragging && !rest.isDecelerating && !rest.isZooming && !rest.isZoomBouncing)
        #expect(sim.state(at: sim.endTime + 1).contentOffset == rest.contentOffset)
    }

    /// Sampling at 30, 60 or 120 fps gives identical states at the shared instants.
    @Test(arguments: 0..<scenarios.count)
    func frameRateIndependence(index: Int) {
        let (_, view, steps) = Self.scenarios[index]
        let sim = Fixture.simulate(view, steps)
        let at30 = sim.frames(fps: 30)
        let at60 = sim.frames(fps: 60)
        let at120 = sim.frames(fps: 120)
        for (k, frame) in at30.enumerated() {
            #expect(frame == at60[2 * k] && frame == at120[4 * k])
        }
    }

    @Test func buildingTwiceGivesTheSameResult() {
        for (_, view, steps) in Self.scenarios {
            let a = Fixture.simulate(view, steps)
            let b = Fixture.simulate(view, steps)
            #expect(a.events == b.events && a.restTime == b.restTime && a.frames(fps: 60) == b.frames(fps: 60))
        }
    }

    /// R11: locked when the first movement runs within 20° of an axis; free between 20° and 70°.
    @Test func directionalLock() {
        var view = Fixture.view(width: 4000)
        view.isDirectionalLockEnabled = true
        view.contentOffset = Point(x: 1000, y: 1000)
        let mostlyHorizontal = Fixture.simulate(view, [.at(0, .touches(.drag(translation: Point(x: -100, y: -20))))])
        #expect(mostlyHorizontal.state(at: mostlyHorizontal.restTime).contentOffset.y == 1000)
        #expect(mostlyHorizontal.state(at: mostlyHorizontal.restTime).contentOffset.x > 1050)
        let diagonal = Fixture.simulate(view, [.at(0, .touches(.drag(translation: Point(x: -60, y: -50))))])
        let free = diagonal.state(at: diagonal.restTime).contentOffset
        #expect(free.x > 1030 && free.y > 1030)
        // 21.8° from horizontal: free, although one axis moved 2.5 times the other.
        let justOutside = Fixture.simulate(view, [.at(0, .touches(.drag(translation: Point(x: -100, y: -40))))])
        #expect(justOutside.state(at: justOutside.restTime).contentOffset.y > 1010)
        // 19.3°: locked.
        let justInside = Fixture.simulate(view, [.at(0, .touches(.drag(translation: Point(x: -100, y: -35))))])
        #expect(justInside.state(at: justInside.restTime).contentOffset.y == 1000)
        view.isDirectionalLockEnabled = false
        let unlocked = Fixture.simulate(view, [.at(0, .touches(.drag(translation: Point(x: -100, y: -20))))])
        #expect(unlocked.state(at: unlocked.restTime).contentOffset.y > 1005)
    }

    /// R9: a fling that catches a deceleration gains no velocity, in either direction.
    @Test func caughtFlingsCarryNoMomentum() throws {
        let same = Fixture.simulate(Fixture.view(height: 40_000), [.at(0, Fixture.fling(2000)), .at(0.3, Fixture.fling(1000))])
        let second = try #require(same.releases.last)
        #expect(isClose(second.velocity.y, 1000, 1e-6))
        let opposite = Fixture.simulate(Fixture.view(height: 40_000), [.at(0, Fixture.fling(2000)), .at(0.3, Fixture.fling(-1000))])
        let reversed = try #require(opposite.releases.last)
        #expect(isClose(reversed.velocity.y, -1000, 1e-6))
    }

    /// Reported offsets are device-pixel rounded; the model keeps the exact value.
    @Test func offsetsAreRoundedToDevicePixels() {
        var view = Fixture.view()
        view.displayScale = 3
        let sim = Fixture.simulate(view, [.at(0, Fixture.fling(777))])
        for frame in sim.frames(fps: 60) {
            #expect(isClose(frame.contentOffset.y * 3, (frame.contentOffset.y * 3).rounded(), 1e-9))
        }
        #expect(sim.events.allSatisfy { isClose($0.contentOffset.y * 3, ($0.contentOffset.y * 3).rounded(), 1e-9) })
    }

    @Test func timelineStepsDoNotGoBackInTime() throws {
        let sim = Fixture.simulate(Fixture.view(), [
            .at(1, .scrollTo(Point(x: 0, y: 100), animated: false)),
            .at(0.5, .scrollTo(Point(x: 0, y: 200), animated: false)),
        ])
        #expect(sim.events.map(\.time) == [1, 1])
        #expect(sim.state(at: 1).contentOffset.y == 200)
    }

    @Test func initialStateIsTheScrollViewsAndZoomIsClamped() {
        var view = Fixture.view()
        view.contentOffset = Point(x: 0, y: 321.25)
        view.zoomScale = 7
        let sim = Fixture.simulate(view, [])
        let state = sim.state(at: 0)
        #expect(state.contentOffset == Point(x: 0, y: 321.5) && state.zoomScale == 1)
        #expect(sim.events.isEmpty && sim.restTime == 0 && sim.endTime == 0)
        #expect(state.verticalIndicator?.alpha == 0)
    }
}
