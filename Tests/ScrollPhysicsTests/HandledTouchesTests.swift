import Geometry
import Testing
@testable import ScrollPhysics

/// The simulation tells where the fingers were and when, on its own clock, for drawing them: each
/// gesture step's samples moved to the time the step started, the motion unchanged.
@Suite struct HandledTouchesTests {
    @Test func stepsKeepTheirSamplesAtTheTimesTheyWereHandled() throws {
        var view = Fixture.view(width: 2000, height: 4000)
        view.minimumZoomScale = 0.5
        view.maximumZoomScale = 4
        let pinch = TouchScript.pinch(scale: 2, center: Point(x: 195, y: 400))
        let steps: [TimelineStep] = [.at(0, Fixture.fling(900)), .afterRest(delay: 0.5, .touches(pinch)),
                                     .afterRest(.scrollToTop)]
        let simulation = Fixture.simulate(view, steps)
        // Two gestures: the call to scroll to the top is no touch.
        #expect(simulation.touches.count == 2)
        let fling = simulation.touches[0], second = simulation.touches[1]
        #expect(fling.input == .touch && fling.samples == TouchScript.fling(velocity: Point(x: 0, y: 900)).samples)
        // The pinch began half a second after the fling came to rest: every sample moved by as much.
        let began = try #require(second.samples.first).time
        #expect(began > 0.5 && second.samples.count == pinch.samples.count)
        for (handled, scripted) in zip(second.samples, pinch.samples) {
            #expect(isClose(handled.time - began, scripted.time, 1e-12) && handled.locations == scripted.locations && handled.phase == scripted.phase)
        }
        // Both fingers of the pinch, as the script placed them.
        #expect(second.samples.allSatisfy { $0.locations.count == 2 })
        // Recording them changes nothing: the same steps give the same motion without reading them.
        let again = Fixture.simulate(view, steps)
        #expect(again.events == simulation.events)
    }

    @Test func aTrackpadStepIsMarkedAsOne() {
        let simulation = Fixture.simulate(Fixture.view(), [.at(0, .trackpad(.fling(velocity: Point(x: 0, y: 1500))))])
        #expect(simulation.touches.map(\.input) == [.trackpad])
        #expect(simulation.touches[0].samples.first?.phase == .began && simulation.touches[0].samples.last?.phase == .ended)
    }
}
