import Geometry
import Testing
@testable import ScrollPhysics

/// When the pan recognizer's began action reaches the scroll view, and where the translation then
/// counts from (``UIKitConstants/quickStartWindow``, ``UIKitConstants/quickStartBeganDelay``), and
/// the trackpad's catch.
@Suite struct DragStartTests {
    private func view(offset: Double = 1000) -> ScrollView {
        var view = Fixture.view()
        view.contentOffset = Point(x: 0, y: offset)
        return view
    }

    private func touches(_ points: [(Double, Double)], x: Double = 195) -> TimelineStep.Action {
        .touches(.path(points.map { (time: $0.0, location: Point(x: x, y: $0.1)) }))
    }

    /// A quick start at 120 Hz: recognized 16.7 ms after touch-down, 45 pt in; the samples 8.3 and
    /// 16.7 ms later are still the recognizer's; the began reaches the scroll view with the second
    /// (at least 12.5 ms after recognition) and the translation restarts at zero there, so the 111
    /// pt travelled so far never move the content.
    @Test func quickStartDiscardsTheTravelBeforeTheBeganAction() throws {
        let step = touches([(0, 600), (2 / 120, 555), (3 / 120, 522), (4 / 120, 489), (6 / 120, 400), (7 / 120, 400)])
        let sim = Fixture.simulate(view(), [.at(0, step)])
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging"))
        #expect(isClose(began.time, 4 / 120, 1e-12))
        #expect(!sim.state(at: 3 / 120).isDragging && sim.state(at: 4 / 120).isDragging)
        // Translation 0 at the first drag write: the offset it writes is the one before.
        #expect(sim.exactOffset(at: 4 / 120).y == 1000)
        let firstScroll = try #require(sim.firstEvent("scrollViewDidScroll"))
        #expect(isClose(firstScroll.time, 6 / 120, 1e-12) && firstScroll.contentOffset.y == 1089)
        #expect(try #require(sim.releases.first).time == 7 / 120)
        #expect(sim.exactOffset(at: 7 / 120).y == 1089)
    }

    /// The iPhone Air flick of `device-flick.touches.csv`, its samples verbatim: UIKit's first drag
    /// write (offset 0, translation 0) follows the third moved sample, the second 93.67 pt on.
    @Test func recordedQuickStartOnThePhysicalIPhone() throws {
        var view = Fixture.view(width: 420, height: 6000)
        view.boundsSize = Size(width: 420, height: 912)
        view.contentOffset = .zero
        view.displayScale = 3
        let down = 1.0692355416395003
        let samples: [(Double, Point)] = [
            (1.0692355416395003, Point(x: 243.33333333333331, y: 600.6666666666666)),
            (1.0858955416333629, Point(x: 242.66666666666666, y: 556)),
            (1.0942315416323254, Point(x: 243.33333333333331, y: 524)),
            (1.1025675416458398, Point(x: 247.66666666666666, y: 486.66666666666663)),
            (1.1192425416375045, Point(x: 267, y: 393)),
            (1.1234095416439231, Point(x: 267, y: 393)),
        ]
        let script = TouchScript.path(samples.map { (time: $0.0 - down, location: $0.1) })
        let sim = Fixture.simulate(view, [.at(0, .touches(script))])
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging"))
        #expect(isClose(began.time, samples[3].0 - down, 1e-12))
        #expect(sim.exactOffset(at: samples[3].0 - down).y == 0)
        let release = try #require(sim.releases.first)
        #expect(isClose(sim.exactOffset(at: release.time).y, 93.66666666666663, 1e-9))
    }

    /// Recognized 45 ms after touch-down, past the quick-start window: the began comes at once and
    /// keeps the jump past the slop (30 pt moved, 20 beyond it).
    @Test func recognitionAfterTheWindowJumpsAtOnce() throws {
        let sim = Fixture.simulate(view(), [.at(0, touches([(0, 600), (0.045, 570), (0.06, 560), (0.5, 560)]))])
        #expect(isClose(try #require(sim.firstEvent("scrollViewWillBeginDragging")).time, 0.045, 1e-12))
        #expect(sim.exactOffset(at: 0.045).y == 1020)
        #expect(sim.exactOffset(at: 0.06).y == 1030)
    }

    /// A finger that lifts before its began arrives: the began comes with the lift, translation 0,
    /// so the content has not moved when the release velocity starts the deceleration.
    @Test func liftBeforeTheBeganReleasesFromTheUnmovedContent() throws {
        let sim = Fixture.simulate(view(), [.at(0, touches([(0, 600), (1 / 120, 570), (2 / 120, 540), (3 / 120, 540)]))])
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging"))
        let release = try #require(sim.releases.first)
        #expect(isClose(began.time, 3 / 120, 1e-12) && release.time == began.time)
        #expect(sim.exactOffset(at: release.time).y == 1000)
        #expect(release.velocity.y > 250 && sim.state(at: sim.restTime).contentOffset.y > 1000)
    }

    /// A touch that catches a deceleration and flicks at once: the content halts where the last
    /// display tick before the touch left it, stays there while the began is pending, and follows
    /// the finger from the sample the began arrives with.
    @Test func quickCatchBeginsLateWithTranslationZero() throws {
        let fling = TimelineStep.at(0, Fixture.fling(1500))
        let baseline = Fixture.simulate(view(offset: 0), [fling])
        let catchTime = 0.505
        let flick = touches([(0, 600), (1 / 120, 590), (2 / 120, 570), (3 / 120, 540), (4 / 120, 500), (5 / 120, 460), (6 / 120, 460)])
        let sim = Fixture.simulate(view(offset: 0), [fling, .at(catchTime, flick)])
        let halt = baseline.exactOffset(at: 0.5).y
        #expect(halt > 100)
        for t in [catchTime, catchTime + 1 / 120, catchTime + 2 / 120, catchTime + 3 / 120] {
            #expect(sim.exactOffset(at: t).y == halt)
        }
        let began = try #require(sim.events(named: "scrollViewWillBeginDragging").last)
        #expect(isClose(began.time, catchTime + 3 / 120, 1e-12))
        #expect(isClose(sim.exactOffset(at: catchTime + 4 / 120).y, halt + 40, 1e-9))
        #expect(isClose(sim.exactOffset(at: catchTime + 5 / 120).y, halt + 80, 1e-9))
        let scrolls = sim.events(named: "scrollViewDidScroll").filter { $0.time >= catchTime }
        #expect(isClose(try #require(scrolls.first).time, catchTime + 4 / 120, 1e-12))
    }

    // MARK: - Trackpad

    /// A trackpad flick (its events move to the display ticks: the first at 1/60 s), then at
    /// 0.504 s a trackpad pan that catches the deceleration and drags the other way. Its began
    /// event is handled at the next tick (31/60 s): the view halts at the previous tick's offset
    /// on the 0.5-pt grid, written as the drag's first write with translation 0, and the whole
    /// reversal counts from there (3.4, 6.6, 9.4 pt), too slow at release to decelerate.
    @Test func trackpadCatchHaltsOnThePixelGridAndReverses() throws {
        let flick = TimelineStep.at(0, .trackpad(.path([
            TimedPoint(time: 0, location: .zero), TimedPoint(time: 0.011, location: Point(x: 0, y: -20)),
            TimedPoint(time: 0.0277, location: Point(x: 0, y: -100)), TimedPoint(time: 0.0443, location: Point(x: 0, y: -250)),
        ])))
        let reversal = TimelineStep.at(0.504, .trackpad(.path([
            TimedPoint(time: 0, location: .zero), TimedPoint(time: 1 / 60, location: Point(x: 0, y: 3.4)),
            TimedPoint(time: 2 / 60, location: Point(x: 0, y: 6.6)), TimedPoint(time: 3 / 60, location: Point(x: 0, y: 9.4)),
        ])))
        let baseline = Fixture.simulate(view(offset: 0), [flick])
        #expect(isClose(try #require(baseline.releases.first).time, 3 / 60, 1e-12))
        let sim = Fixture.simulate(view(offset: 0), [flick, reversal])
        let lastTick = baseline.exactOffset(at: 30 / 60).y
        let halt = (lastTick * 2).rounded() / 2
        #expect(lastTick > 200 && halt != lastTick)
        let began = try #require(sim.events(named: "scrollViewWillBeginDragging").last)
        #expect(isClose(began.time, 31 / 60, 1e-12))
        let before = try #require(sim.events(named: "scrollViewDidScroll").last { $0.time < began.time })
        #expect(isClose(before.time, 30 / 60, 1e-12))
        let haltWrite = try #require(sim.events(named: "scrollViewDidScroll").first { $0.time >= began.time })
        #expect(isClose(haltWrite.time, 31 / 60, 1e-12) && haltWrite.contentOffset.y == halt)
        #expect(sim.exactOffset(at: 32 / 60).y == halt - 3.5)
        #expect(sim.exactOffset(at: 33 / 60).y == halt - 6.5)
        let release = try #require(sim.releases.last)
        #expect(isClose(release.time, 34 / 60, 1e-12) && release.velocity.y < 250)
        #expect(sim.exactOffset(at: release.time).y == halt - 9.5)
        #expect(sim.state(at: sim.restTime).contentOffset.y == halt - 9.5)
    }
}
