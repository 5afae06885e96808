import Geometry
import Testing
@testable import ScrollPhysics

@Suite struct TouchScriptTests {
    /// The release velocity the pan recognizer measures (R2, R3): the lift-off adds no sample.
    private func measured(_ script: TouchScript) -> Point {
        var velocity = PanVelocity(down: script.samples[0].centroid, at: script.samples[0].time)
        for sample in script.samples where sample.phase == .moved { velocity.add(sample.centroid, at: sample.time) }
        return velocity.release(at: script.duration)
    }

    /// The finger moves against the content: its measured velocity is exactly −velocity.
    @Test(arguments: [Point(x: 0, y: 800), Point(x: 0, y: -1500), Point(x: 300, y: 400), Point(x: 0, y: 100), Point(x: 5000, y: 0)])
    func flingReleaseVelocityIsExact(velocity: Point) {
        let script = TouchScript.fling(velocity: velocity)
        #expect(isClose(measured(script), -velocity, 1e-9 * max(1, velocity.length)))
        #expect(script.duration > 0.1 && script.duration < 0.5)
        #expect(script.samples.first?.phase == .began && script.samples.last?.phase == .ended)
    }

    /// The scroll view measures the same value, reported in WillEndDragging (pt/ms × 1000).
    @Test(arguments: [Point(x: 0, y: 800), Point(x: 0, y: -1500), Point(x: 300, y: 400), Point(x: 0, y: 100)])
    func scrollViewMeasuresTheRequestedVelocity(velocity: Point) throws {
        var view = Fixture.view(width: 4000, height: 4000)
        view.contentOffset = Point(x: 1000, y: 1000)
        let sim = Fixture.simulate(view, [.at(0, .touches(.fling(velocity: velocity)))])
        let release = try #require(sim.releases.first)
        #expect(isClose(release.velocity, velocity, 1e-6))
    }

    @Test(arguments: [60.0, 120])
    func flingAtOtherSampleRates(rate: Double) {
        let script = TouchScript.fling(velocity: Point(x: 0, y: 1234), sampleRate: rate)
        #expect(isClose(measured(script).y, -1234, 1e-6))
    }

    @Test func dragHoldsStillBeforeRelease() throws {
        let script = TouchScript.drag(translation: Point(x: 30, y: -120), hold: 0.25)
        #expect(measured(script) == .zero)
        let last = try #require(script.samples.last)
        #expect(last.phase == .ended && last.locations == [TouchScript.defaultLocation + Point(x: 30, y: -120)])
    }

    @Test func pinchSpreadChangesByTheScale() throws {
        let script = TouchScript.pinch(scale: 2.5, center: Point(x: 100, y: 100))
        let first = try #require(script.samples.first)
        let last = try #require(script.samples.last)
        #expect(first.locations.count == 2)
        #expect(isClose(last.spread / first.spread, 2.5, 1e-12))
        #expect(script.samples.allSatisfy { isClose($0.centroid, Point(x: 100, y: 100), 1e-12) })
    }

    @Test func swipeRepeatsOneGesturePerPage() {
        let script = TouchScript.swipe(pages: -3, along: .vertical, pageSize: 844)
        #expect(script.samples.filter { $0.phase == .began }.count == 3)
        #expect(script.samples.filter { $0.phase == .ended }.count == 3)
        #expect(TouchScript.swipe(pages: 0, along: .vertical, pageSize: 844).samples.isEmpty)
    }

    @Test func pathFollowsTheGivenPoints() {
        let script = TouchScript.path([(0, .zero), (0.1, Point(x: 0, y: 10)), (0.2, Point(x: 0, y: 30))])
        #expect(script.samples.map(\.phase) == [.began, .moved, .ended])
        #expect(script.duration == 0.2)
    }

    /// A drag that lifts the moment it stops: the last move and the lift share one instant (a
    /// rounded sample time once ran past it, and the script went back in time).
    @Test(arguments: [0.2, 0.3, 0.7, 1.1])
    func dragWithoutHoldLiftsAtTheLastMove(duration: Double) {
        let script = TouchScript.drag(translation: Point(x: 0, y: 50), hold: 0, duration: duration)
        #expect(script.samples.last?.phase == .ended)
        #expect(abs(script.duration - duration) < 1e-12)
        #expect(zip(script.samples, script.samples.dropFirst()).allSatisfy { $0.time <= $1.time })
    }
}
