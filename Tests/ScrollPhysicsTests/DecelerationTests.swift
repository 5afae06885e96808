#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Testing
@testable import ScrollPhysics

@Suite struct DecelerationTests {
    @Test func decayConstantsMatchPhysicsTable() {
        #expect(isClose(DecelerationRate.normal.decayConstant, 2.00200, 1e-5))
        #expect(isClose(DecelerationRate.fast.decayConstant, 10.0503, 1e-4))
        #expect(DecelerationRate(rawValue: 0.95).rawValue == 0.95)
    }

    @Test func targetFormulaSubtractsTheStopSpeed() {
        let λ = DecelerationRate.normal.decayConstant
        #expect(isClose(Deceleration.naturalTarget(from: 100, velocity: 1000, decayConstant: λ), 100 + 990 / 2.002002670673, 1e-6))
        #expect(isClose(Deceleration.naturalTarget(from: 100, velocity: 1000, decayConstant: λ), 594.5048, 1e-3))
        #expect(isClose(Deceleration.naturalTarget(from: 0, velocity: -1000, decayConstant: λ), -494.5048, 1e-3))
        let fast = DecelerationRate.fast.decayConstant
        #expect(isClose(Deceleration.naturalTarget(from: 0, velocity: 1000, decayConstant: fast), 98.5042, 1e-3))
    }

    /// UIKit steps a deceleration every millisecond — v ← r·v, x ← x + v — and the closed form is
    /// exactly that sum at every whole millisecond, for v₀ = 1000 pt/s at both rates; after T_stop
    /// (0.458 s at the fast rate) the offset is where the steps stop, (1000 − 10)·k.
    @Test(arguments: [
        (DecelerationRate.normal, 0.1), (.normal, 0.5), (.normal, 1.0), (DecelerationRate.fast, 0.1), (.fast, 0.3), (.fast, 0.45),
    ])
    func closedFormIsThePerMillisecondSum(rate: DecelerationRate, time: Double) {
        let decay = Deceleration(from: 0, velocity: 1000, decayConstant: rate.decayConstant)
        var (x, v) = (0.0, 1.0)
        for _ in 0..<Int((time * 1000).rounded()) {
            v *= rate.rawValue
            x += v
        }
        #expect(isClose(decay.position(at: time), x, 1e-9))
        #expect(isClose(decay.velocity(at: time), v * 1000, 1e-9))
        let k = rate.rawValue / (1000 * (1 - rate.rawValue))
        #expect(isClose(decay.reach, k, 1e-12) && isClose(decay.position(at: .infinity), 990 * k, 1e-9))
    }

    /// The natural deceleration stops at 10 pt/s, (|v₀| − 10)·k from the release: 0.1 % short of
    /// the target UIKit reports at the normal rate, 0.5 % at the fast one.
    @Test(arguments: [DecelerationRate.normal, .fast])
    func stopsAtTenPointsPerSecondShortOfTheReportedTarget(rate: DecelerationRate) {
        let λ = rate.decayConstant
        let decay = Deceleration(from: 50, velocity: -2000, decayConstant: λ)
        #expect(isClose(decay.duration, log(200) / λ, 1e-12))
        #expect(isClose(abs(decay.velocity(at: decay.duration - 1e-9)), 10, 1e-6))
        #expect(decay.position(at: decay.duration) == 50 - 1990 * decay.reach)
        #expect(decay.velocity(at: decay.duration) == 0)
        let reported = Deceleration.naturalTarget(from: 50, velocity: -2000, decayConstant: λ)
        #expect(isClose((decay.endPosition - 50) / (reported - 50), decay.reach * λ, 1e-12))
        #expect(decay.reach * λ < 1 && decay.reach * λ > (rate == .normal ? 0.998 : 0.99))
    }

    @Test func slowVelocityDoesNotMove() {
        let decay = Deceleration(from: 5, velocity: 9, decayConstant: 2)
        #expect(decay.duration == 0)
        #expect(decay.position(at: 1) == 5)
    }

    /// §2.1, per millisecond: a further target keeps λ and raises v₀ to 10 + e/k; a shorter one
    /// keeps v₀ and takes the rate whose reach is e/(v₀ − 10).
    @Test func delegateTargetsAreReachedExactly() {
        let λ = DecelerationRate.normal.decayConstant
        let further = Deceleration.toward(800, from: 0, velocity: 1000, decayConstant: λ)
        #expect(further.decayConstant == λ)
        #expect(isClose(further.startVelocity, 10 + 800 / Deceleration.reach(decayConstant: λ), 1e-9))
        #expect(isClose(further.position(at: further.duration - 1e-12), 800, 1e-6))
        let shorter = Deceleration.toward(200, from: 0, velocity: 1000, decayConstant: λ)
        #expect(shorter.startVelocity == 1000)
        #expect(isClose(shorter.reach, 200.0 / 990, 1e-12))
        #expect(isClose(shorter.position(at: shorter.duration - 1e-12), 200, 1e-6))
        let behind = Deceleration.toward(-100, from: 0, velocity: 1000, decayConstant: λ)
        #expect(behind.startVelocity < 0)
        #expect(behind.position(at: .infinity) == -100)
    }

    /// In the full simulation, offsets after the release follow the closed form at both rates.
    @Test(arguments: [DecelerationRate.normal, .fast])
    func simulatedFlingFollowsClosedForm(rate: DecelerationRate) throws {
        var view = Fixture.view(height: 40_000)
        view.decelerationRate = rate
        let sim = Fixture.simulate(view, [.at(0, Fixture.fling(1000))])
        let release = try #require(sim.releases.first)
        let λ = rate.decayConstant
        let v = release.velocity.y
        #expect(isClose(v, 1000, 1e-6))
        let x0 = sim.draggedOffset(at: release.time).y
        #expect(isClose(release.target.y, x0 + (v - 10) / λ, 1e-6))
        let decay = Deceleration(from: x0, velocity: v, decayConstant: λ)
        // Its clock starts on the tick at or before the lift, within a frame.
        let start = try #require(sim.phases.first { if case .momentum = $0.motion { true } else { false } }).start
        #expect(start <= release.time && release.time - start < 1.0 / 60 && isClose(start * 60, (start * 60).rounded(), 1e-9))
        for τ in [0.05, 0.1, 0.25, 0.5, 1.0, 2.0] where τ < log(v / 10) / λ {
            let expected = decay.position(at: release.time + τ - start).roundedToPixels(scale: 2)
            #expect(isClose(sim.state(at: release.time + τ).contentOffset.y, expected, 0.5))
            #expect(isClose(sim.exactOffset(at: release.time + τ).y, decay.position(at: release.time + τ - start), 1e-6))
        }
        let end = try #require(sim.firstEvent("scrollViewDidEndDecelerating"))
        // UIKit writes the rest at the first display tick after the speed falls to 10 pt/s.
        let settled = start + log(v / 10) / λ
        #expect(end.time >= settled - 1e-9 && end.time < settled + 1.0 / 60)
        #expect(isClose(end.time * 60, (end.time * 60).rounded(), 1e-6))
        #expect(end.contentOffset.y == decay.endPosition.roundedToPixels(scale: 2))
    }

    @Test func velocityDecaysMonotonicallyWhileDecelerating() throws {
        let sim = Fixture.simulate(Fixture.view(height: 40_000), [.at(0, Fixture.fling(3000))])
        let release = try #require(sim.releases.first)
        var previous = Double.infinity
        for frame in sim.frames(fps: 120) where frame.time > release.time && frame.isDecelerating {
            #expect(frame.velocity.y <= previous)
            #expect(frame.velocity.y >= 0)
            previous = frame.velocity.y
        }
        #expect(previous < 12)
    }

    @Test func delegateMayMoveTheTargetFurtherOrShorter() throws {
        for shift in [300.0, -200.0] {
            let options = SimulationOptions(willEndDragging: { _, target in Point(x: target.x, y: target.y + shift) })
            let sim = Fixture.simulate(Fixture.view(height: 40_000), [.at(0, Fixture.fling(1000))], options: options)
            let release = try #require(sim.releases.first)
            let end = try #require(sim.firstEvent("scrollViewDidEndDecelerating"))
            #expect(isClose(sim.exactOffset(at: end.time).y, release.target.y, 1e-9))
            let natural = release.target.y - shift
            #expect(isClose(release.target.y, natural + shift, 1e-9))
        }
    }

    @Test func delegateReceivesVelocityInPointsPerMillisecond() throws {
        let seen = Recorder<Point>()
        let options = SimulationOptions(willEndDragging: { velocity, target in
            seen.record(velocity)
            return target
        })
        _ = Fixture.simulate(Fixture.view(), [.at(0, Fixture.fling(800))], options: options)
        #expect(seen.values.count == 1)
        #expect(isClose(seen.values.first?.y ?? 0, 0.8, 1e-9))
    }

    @Test func delegateTargetFromRestStartsADeceleration() throws {
        let options = SimulationOptions(willEndDragging: { _, _ in Point(x: 0, y: 1000) })
        let sim = Fixture.simulate(Fixture.view(), [.at(0, .touches(.drag(translation: Point(x: 0, y: -100))))], options: options)
        #expect(sim.collapsedNames.suffix(3) == ["scrollViewWillBeginDecelerating", "scrollViewDidScroll", "scrollViewDidEndDecelerating"])
        #expect(sim.state(at: sim.restTime).contentOffset.y == 1000)
    }
}
