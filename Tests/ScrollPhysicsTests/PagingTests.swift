import Geometry
import Testing
@testable import ScrollPhysics

@Suite struct PagingTests {
    @Test(arguments: [
        (100.0, 400.0, 390.0), (100, -400, 0), (100, 200, 0), (250, 0, 390), (250, -301, 0),
        (500, 1000, 780), (1500, 1000, 1170), (-20, -1000, 0),
    ])
    func targetRule(offset: Double, velocity: Double, expected: Double) {
        #expect(Paging.target(offset: offset, velocity: velocity, pageSize: 390, lower: 0, upper: 1170) == expected)
    }

    /// R7: friction and pull from the page length; 0.97022869 was read live on a 343-pt view.
    @Test func springConstantsFollowThePageLength() {
        #expect(isClose(Paging.friction(dimension: 343), 0.97022869, 1e-8))
        #expect(isClose(Paging.pull(dimension: 343), 0.000359090909 - 0.000000184659091 * 343, 1e-15))
        #expect(Paging.friction(dimension: 1366) == 0.977 && Paging.pull(dimension: 1366) == 0.00017)
    }

    /// R7: never more than one page from where the drag began, however hard the fling.
    @Test func aReleaseMovesAtMostOnePageFromTheDragStart() {
        #expect(Paging.target(offset: 420, velocity: 9000, pageSize: 390, lower: 0, upper: 3900, dragStart: 390) == 780)
        #expect(Paging.target(offset: 360, velocity: -9000, pageSize: 390, lower: 0, upper: 3900, dragStart: 390) == 0)
    }

    @Test(arguments: [(0.0, 0.0, 390.0), (100, 1000, 390), (300, 0, 390), (500, -1500, 390)])
    func springSettlesExactlyOnTheTarget(from: Double, velocity: Double, target: Double) {
        let path = Paging.spring(from: from, velocity: Speed(pointsPerSecond: velocity), to: target, dimension: 390)
        #expect(path.endPosition == target)
        #expect(path.duration > 0.25 && path.duration < 0.45)
        let overshoot = path.positions.map { (($0 - target) * (target - from).signum) }.max() ?? 0
        #expect(overshoot < 1)
    }

    private func pagingView() -> ScrollView {
        var view = Fixture.view(width: 390 * 4, height: 844)
        view.isPagingEnabled = true
        return view
    }

    @Test func swipesMoveOnePageEach() {
        let sim = Fixture.simulate(pagingView(), [.at(0, .touches(.swipe(pages: 2, along: .horizontal, pageSize: 390)))])
        #expect(sim.releases.map(\.target.x) == [390, 780])
        #expect(sim.events(named: "scrollViewDidEndDecelerating").map(\.contentOffset.x) == [390, 780])
        #expect(sim.state(at: sim.restTime).contentOffset == Point(x: 780, y: 0))
        let back = Fixture.simulate(pagingView(), [
            .at(0, .touches(.swipe(pages: 2, along: .horizontal, pageSize: 390))),
            .afterRest(delay: 0.2, .touches(.swipe(pages: -1, along: .horizontal, pageSize: 390))),
        ])
        #expect(back.state(at: back.restTime).contentOffset.x == 390)
    }

    @Test(arguments: [(-250.0, 390.0), (-150, 0)])
    func slowDragsSettleOnTheNearestPage(finger: Double, page: Double) {
        let sim = Fixture.simulate(pagingView(), [.at(0, .touches(.drag(translation: Point(x: finger, y: 0))))])
        #expect(sim.releases.first?.target.x == page)
        #expect(sim.state(at: sim.restTime).contentOffset.x == page)
        #expect(sim.collapsedNames.last == "scrollViewDidEndDecelerating")
    }

    @Test func lastPageDoesNotGoFurther() {
        var view = pagingView()
        view.contentOffset = Point(x: 1170, y: 0)
        let sim = Fixture.simulate(view, [.at(0, .touches(.swipe(pages: 1, along: .horizontal, pageSize: 390)))])
        #expect(sim.releases.first?.target.x == 1170)
        #expect(sim.state(at: sim.restTime).contentOffset.x == 1170)
    }
}
