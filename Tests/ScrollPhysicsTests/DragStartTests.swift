#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Testing
@testable import ScrollPhysics

/// When the pan recognizer's began action reaches the scroll view — on a display tick: the one
/// that handles the recognizing sample, or a quick start's first tick at least
/// ``UIKitConstants/quickStartBeganDelay`` after it (``BeganAction``) — where the translation then
/// counts from, when the motion after the lift starts counting, and the trackpad's catch.
@Suite struct DragStartTests {
    private func touches(_ points: [(Double, Double)], x: Double = 195) -> TimelineStep.Action {
        .touches(.path(points.map { (time: $0.0, location: Point(x: x, y: $0.1)) }))
    }

    /// The display ticks of the default 60-Hz view.
    private static let frame = 1.0 / 60

    /// A quick catch at four touch-to-tick phases. A fling decelerates; a touch lands on it (it
    /// halts where the last tick before the touch left it), is recognized on its first moved
    /// sample and flicks on with 60-Hz samples (finger 1, 20, 60, 140, 240 pt along). The samples
    /// come `lag` before a tick. The began reaches the scroll view on the first tick 22 ms after
    /// the recognizing sample: the 2nd tick after it when that is at least 22 ms on (lag ≥ 5.3 ms),
    /// else the 3rd; its write keeps the halt (translation 0), and the offset then follows the
    /// finger from its latest sample by that tick — one sample later at the small lags. Recorded
    /// in `repeat-flick-first-four`: lags of 1.8 ms (two catches) and 10.4 ms (one).
    @Test(arguments: [(0.0018, 2), (0.004, 2), (0.0065, 1), (0.0104, 1), (0.015, 1)])
    func quickCatchBeginsOnTheTickAtEveryPhase(lag: Double, originSample: Int) throws {
        let fling = TimelineStep.at(0, Fixture.fling(2000))
        let down = 0.5 + 2 * Self.frame - lag - 0.0201
        let travel = [0, 1, 20, 60, 140, 240.0]
        let samples = travel.indices.map { k in (k == 0 ? down : 0.5 + Double(k + 1) * Self.frame - lag, 600 - travel[k]) }
        let script = (samples + [(samples[5].0 + Self.frame, 360)]).map { ($0.0 - down, $0.1) }
        let sim = Fixture.simulate(Fixture.view(offset: 0), [fling, .at(down, touches(script))])
        let baseline = Fixture.simulate(Fixture.view(offset: 0), [fling])
        let lastTick = (down * 60).rounded(.down) / 60
        let halt = baseline.exactOffset(at: lastTick).y
        #expect(halt > 300 && sim.exactOffset(at: down).y == halt)
        let recognized = samples[1].0
        let began = try #require(sim.events(named: "scrollViewWillBeginDragging").last)
        let tick = (originSample == 2 ? 0.5 + 4 * Self.frame : 0.5 + 3 * Self.frame)
        #expect(isClose(began.time, tick, 1e-9) && began.time - recognized >= UIKitConstants.quickStartBeganDelay)
        #expect(began.time - recognized < UIKitConstants.quickStartBeganDelay + Self.frame)
        // Nothing moves before the began, nor at it (translation 0).
        for (time, _) in samples.prefix(originSample + 2) where time <= began.time {
            #expect(sim.exactOffset(at: time).y == halt)
        }
        #expect(sim.exactOffset(at: began.time).y == halt)
        // Then the finger's movement since its latest sample by the tick (sample 1 + originSample).
        let origin = travel[1 + originSample]
        for k in (2 + originSample)...5 {
            #expect(isClose(sim.exactOffset(at: samples[k].0).y, halt + travel[k] - origin, 1e-9), "sample \(k)")
        }
    }

    /// A quick start from rest, its samples on the ticks (a lag of zero, the synthetic scripts'
    /// phase): recognized 2/60 s after touch-down, the first tick 22 ms on is 4/60 s, and a
    /// sample on a tick is handled by it — the translation restarts at that sample, 100 pt on.
    @Test func quickStartOnTheTicksCountsFromTheSampleOnTheBeganTick() throws {
        let step = touches([(0, 600), (1 / 60, 595), (2 / 60, 580), (3 / 60, 540), (4 / 60, 480), (5 / 60, 400), (6 / 60, 400)])
        let sim = Fixture.simulate(Fixture.view(offset: 1000), [.at(0, step)])
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging"))
        #expect(isClose(began.time, 4 / 60, 1e-12))
        #expect(!sim.state(at: 3 / 60).isDragging && sim.state(at: 4 / 60).isDragging)
        #expect(sim.exactOffset(at: 4 / 60).y == 1000)
        let firstScroll = try #require(sim.firstEvent("scrollViewDidScroll"))
        #expect(isClose(firstScroll.time, 5 / 60, 1e-12) && firstScroll.contentOffset.y == 1080)
    }

    /// The iPhone Air flick of `device-flick.touches.csv`, its samples verbatim, 3.7 ms after a
    /// tick as in the recording: recognized on the first moved sample, the began comes on the tick
    /// 29.2 ms later (none between 22 ms and it), from the third moved sample (the fourth is not
    /// yet in), so the release is 93.67 pt on.
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
        let phase = 0.0037
        let script = TouchScript.path(samples.map { (time: $0.0 - down, location: $0.1) })
        let sim = Fixture.simulate(view, [.at(phase, .touches(script))])
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging"))
        #expect(isClose(began.time, 3 / 60, 1e-12))
        #expect(sim.exactOffset(at: began.time).y == 0)
        let release = try #require(sim.releases.first)
        #expect(isClose(sim.draggedOffset(at: release.time).y, 93.66666666666663, 1e-9))
    }

    /// Recognized 45 ms after touch-down, past the quick-start window: the began comes on the
    /// tick that handles the recognizing sample (1/20 s) and keeps the jump past the slop (30 pt
    /// moved, 20 beyond it).
    @Test func recognitionAfterTheWindowJumpsOnItsTick() throws {
        let sim = Fixture.simulate(Fixture.view(offset: 1000), [.at(0, touches([(0, 600), (0.045, 570), (0.06, 560), (0.5, 560)]))])
        #expect(isClose(try #require(sim.firstEvent("scrollViewWillBeginDragging")).time, 0.05, 1e-12))
        #expect(sim.exactOffset(at: 0.049).y == 1000 && sim.exactOffset(at: 0.05).y == 1020)
        #expect(sim.exactOffset(at: 0.06).y == 1030)
    }

    /// A finger that lifts before its began arrives: the began comes with the lift, translation 0,
    /// so the content has not moved when the release velocity starts the deceleration.
    @Test func liftBeforeTheBeganReleasesFromTheUnmovedContent() throws {
        let sim = Fixture.simulate(Fixture.view(offset: 1000), [.at(0, touches([(0, 600), (1 / 120, 570), (2 / 120, 540), (3 / 120, 540)]))])
        let began = try #require(sim.firstEvent("scrollViewWillBeginDragging"))
        let release = try #require(sim.releases.first)
        #expect(isClose(began.time, 3 / 120, 1e-12) && release.time == began.time)
        #expect(sim.draggedOffset(at: release.time).y == 1000)
        #expect(release.velocity.y > 250 && sim.state(at: sim.restTime).contentOffset.y > 1000)
    }

    // MARK: - The release's clock

    /// The lift comes 11 ms after a tick, 25 ms after the last movement: the deceleration counts
    /// from that tick, so its first write (the next tick) already moves a whole frame.
    @Test func theDecelerationCountsFromTheTickBeforeTheLift() throws {
        let step = touches([(0, 600), (0.2, 590), (0.25, 560), (0.3, 500), (0.35, 400), (0.35 + 0.025, 400)])
        let sim = Fixture.simulate(Fixture.view(offset: 1000), [.at(0, step)])
        let release = try #require(sim.releases.first)
        #expect(isClose(release.time, 0.375, 1e-12))
        let x0 = sim.draggedOffset(at: release.time).y
        let decay = Deceleration(from: x0, velocity: release.velocity.y, decayConstant: DecelerationRate.normal.decayConstant)
        let first = try #require(sim.events(named: "scrollViewDidScroll").first { $0.time > release.time })
        #expect(isClose(first.time, 23 / 60, 1e-12))
        #expect(isClose(sim.exactOffset(at: 23 / 60).y, decay.position(at: 1 / 60), 1e-9))
        #expect(isClose(sim.exactOffset(at: 1).y, decay.position(at: 1 - 22 / 60), 1e-9))
    }

    /// A lift within the frame of the last movement (as on a phone whose touches reach UIKit
    /// late): the motion cannot count from before the drag's last write, on the tick after that
    /// movement — which here follows the lift.
    @Test func theDecelerationNeverCountsFromBeforeTheLastWrite() throws {
        let step = touches([(0, 600), (0.2, 590), (0.25, 560), (0.3, 500), (0.34, 400), (0.345, 400)])
        let sim = Fixture.simulate(Fixture.view(offset: 1000), [.at(0, step)])
        let release = try #require(sim.releases.first)
        let decay = Deceleration(from: sim.draggedOffset(at: release.time).y, velocity: release.velocity.y,
                                 decayConstant: DecelerationRate.normal.decayConstant)
        #expect(sim.exactOffset(at: 0.35).y == decay.startPosition)
        #expect(isClose(sim.exactOffset(at: 22 / 60).y, decay.position(at: 1 / 60), 1e-9))
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
        let baseline = Fixture.simulate(Fixture.view(offset: 0), [flick])
        #expect(isClose(try #require(baseline.releases.first).time, 3 / 60, 1e-12))
        let sim = Fixture.simulate(Fixture.view(offset: 0), [flick, reversal])
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

    /// A trackpad catch whose fingers rest on the halt, then flick back: a still sample (translation
    /// 0) 8 ms before the first movement is where that movement began, and its first velocity
    /// counts from there, not from the halt three frames earlier (UIKit measures a trackpad's
    /// first movement over the time since it began).
    @Test func trackpadCatchMeasuresItsFirstMovementFromItsLastStillSample() throws {
        let flick = TimelineStep.at(0, .trackpad(.path([
            TimedPoint(time: 0, location: .zero), TimedPoint(time: 0.011, location: Point(x: 0, y: -20)),
            TimedPoint(time: 0.0277, location: Point(x: 0, y: -100)), TimedPoint(time: 0.0443, location: Point(x: 0, y: -250)),
        ])))
        let reversal = TimelineStep.at(0.5, .trackpad(.path([
            TimedPoint(time: 0, location: .zero), TimedPoint(time: 3 * Self.frame - 0.008, location: .zero),
            TimedPoint(time: 3 * Self.frame, location: Point(x: 0, y: 2)), TimedPoint(time: 4 * Self.frame, location: Point(x: 0, y: 20)),
            TimedPoint(time: 5 * Self.frame, location: Point(x: 0, y: 60)),
        ])))
        let sim = Fixture.simulate(Fixture.view(offset: 0), [flick, reversal])
        let (s1, s2, s3) = (2 / 0.008, 18 / Self.frame, 40 / Self.frame)
        let (previous, last) = (0.2 * s2 + 0.8 * s1, 0.2 * s3 + 0.8 * s2)
        let release = try #require(sim.releases.last)
        #expect(isClose(release.velocity.y, -(0.75 * previous + 0.25 * last), 1e-6))
        #expect(isClose(release.time, 0.5 + 5 * Self.frame, 1e-9))
    }
}
