import Geometry
import Synchronization
@testable import ScrollPhysics

/// Shared fixtures and readers for the physics tests.
enum Fixture {
    /// The default 390×844 view over content of `width`×`height`.
    static func view(width: Double = 390, height: Double = 4000) -> ScrollView {
        var view = ScrollView()
        view.contentSize = Size(width: width, height: height)
        return view
    }

    /// The default view scrolled `offset` points down (1000: room to move either way).
    static func view(offset: Double) -> ScrollView {
        var view = view()
        view.contentOffset = Point(x: 0, y: offset)
        return view
    }

    static func simulate(
        _ view: ScrollView, _ steps: [TimelineStep], options: SimulationOptions = .init()
    ) -> ScrollSimulation {
        ScrollSimulation(scrollView: view, timeline: steps, options: options)
    }

    static func fling(_ vy: Double, vx: Double = 0) -> TimelineStep.Action {
        .touches(.fling(velocity: Point(x: vx, y: vy)))
    }
}

extension ScrollSimulation {
    /// Callback names with runs of `scrollViewDidScroll` collapsed to one, as the seed log shows them.
    var collapsedNames: [String] {
        events.map(\.name).reduce(into: []) { names, name in
            if name == "scrollViewDidScroll", names.last == name { return }
            names.append(name)
        }
    }

    func events(named name: String) -> [DelegateEvent] { events.filter { $0.name == name } }

    func firstEvent(_ name: String) -> DelegateEvent? { events.first { $0.name == name } }

    /// The release (WillEndDragging) events' velocity in pt/s and target.
    var releases: [(time: Double, velocity: Point, target: Point)] {
        events.compactMap { event in
            guard case .willEndDragging(let velocity, _, let target) = event.callback else { return nil }
            return (event.time, velocity * 1000, target)
        }
    }

    /// The unrounded pose at `t`, read from the model.
    func exactOffset(at t: Double) -> Point {
        phases.last { $0.start <= t }!.pose(at: t).contentOffset
    }

    /// The unrounded offset the drag has left at `t` (its release offset, at a release): the last
    /// tracking phase's, though the momentum after it may count from a moment earlier.
    func draggedOffset(at t: Double) -> Point {
        phases.last { phase in
            guard phase.start <= t, case .tracking = phase.motion else { return false }
            return true
        }!.pose(at: t).contentOffset
    }
}

func isClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

func isClose(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

/// Collects what a `@Sendable` delegate hook saw.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    func record(_ value: Value) { storage.withLock { $0.append(value) } }

    var values: [Value] { storage.withLock { $0 } }
}
