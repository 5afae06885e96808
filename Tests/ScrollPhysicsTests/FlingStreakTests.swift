import Geometry
import Testing
@testable import ScrollPhysics

/// R9: repeated fast flicks lengthen the deceleration through UIKit's distance multiplier, not by
/// adding velocity; the streak expires after a second, on a reversal, a slow drag, or a rest.
@Suite struct FlingStreakTests {
    @Test func theMultiplierGrowsFromTheThirdFling() {
        var streak = FlingStreak()
        let fast = Velocity(pointsPerMillisecond: Point(x: 0, y: 2))
        #expect(streak.release(velocity: fast, dragDistance: 120, at: 0) == 1)
        streak.touchDown(at: 0.5)
        #expect(streak.release(velocity: fast, dragDistance: 120, at: 0.6) == 1)
        streak.touchDown(at: 1.0)
        // Third: 1 + (1 + 0/2)·min(120/240, 0.9) = 1.5. Fourth: 1.5 + 1.5·0.9 = 2.85 (a 300-pt drag).
        #expect(streak.release(velocity: fast, dragDistance: 120, at: 1.1) == 1.5)
        streak.touchDown(at: 1.5)
        #expect(isClose(streak.release(velocity: fast, dragDistance: 300, at: 1.6), 2.85, 1e-12))
        #expect(streak.count == 4)
    }

    @Test(arguments: ["pause", "reversal", "slow", "settled"])
    func theStreakEnds(_ how: String) {
        var streak = FlingStreak()
        for k in 0..<3 {
            streak.touchDown(at: Double(k) * 0.5)
            _ = streak.release(velocity: Velocity(pointsPerMillisecond: Point(x: 0, y: 2)), dragDistance: 200, at: Double(k) * 0.5 + 0.1)
        }
        #expect(streak.multiplier > 1)
        switch how {
        case "pause": streak.touchDown(at: 1.1 + 1.01)
        case "reversal": _ = streak.release(velocity: Velocity(pointsPerMillisecond: Point(x: 0, y: -2)), dragDistance: 200, at: 1.2)
        case "slow": _ = streak.release(velocity: Velocity(pointsPerMillisecond: Point(x: 0, y: 0.1)), dragDistance: 20, at: 1.2)
        default: streak.end()
        }
        #expect(streak.multiplier == 1)
        #expect(streak.count <= 1)
    }

    /// End to end: the third fling of a quick streak travels farther than its velocity alone
    /// carries it, and reports that farther target; after a pause of over a second it does not.
    @Test func aQuickThirdFlingGoesFarther() throws {
        let view = Fixture.view(height: 200_000)
        let streak = Fixture.simulate(view, [.at(0, Fixture.fling(3000)), .at(0.4, Fixture.fling(3000)), .at(0.8, Fixture.fling(3000))])
        let third = try #require(streak.releases.last)
        let offset = streak.draggedOffset(at: third.time).y
        let natural = Deceleration.naturalTarget(from: offset, velocity: third.velocity.y, decayConstant: DecelerationRate.normal.decayConstant)
        #expect(third.target.y - offset > 1.05 * (natural - offset))
        #expect(isClose(third.velocity.y, 3000, 1e-6))
        // It rests as far beyond the natural end of its per-millisecond motion (0.1 % short of the
        // reported target) as the target lies beyond the natural target.
        let λ = DecelerationRate.normal.decayConstant
        let reached = offset + (third.target.y - offset) * Deceleration.reach(decayConstant: λ) * λ
        #expect(isClose(streak.state(at: streak.restTime).contentOffset.y, reached, 0.5))
        let paused = Fixture.simulate(view, [.at(0, Fixture.fling(3000)), .at(0.4, Fixture.fling(3000)), .at(2.6, Fixture.fling(3000))])
        let late = try #require(paused.releases.last)
        let lateOffset = paused.draggedOffset(at: late.time).y
        let lateNatural = Deceleration.naturalTarget(from: lateOffset, velocity: late.velocity.y, decayConstant: DecelerationRate.normal.decayConstant)
        #expect(isClose(late.target.y, lateNatural, 1e-6))
    }
}
