import Synchronization

/// How a run stops on a signal. Before anything is on disk the signal handler may end the process
/// at once; once the staging folder exists it only raises a flag, which the frame workers read
/// between frames, so that the run can remove what it wrote and keep the earlier sequence.
public final class Cancellation: Sendable {
    /// 0: nothing on disk yet; 1: staging; 1000 + n: signal n asked a staging run to stop;
    /// 2000 + n: signal n arrived before staging (the process is ending).
    private let state = Atomic<Int32>(0)

    public init() {}

    /// Called by a signal handler: `true` when the process may end at once (nothing of this run
    /// is on disk), `false` when the run has been asked to stop and clean up.
    public func signalArrived(_ number: Int32) -> Bool {
        if state.compareExchange(expected: 0, desired: 2000 + number, ordering: .sequentiallyConsistent).exchanged { return true }
        _ = state.compareExchange(expected: 1, desired: 1000 + number, ordering: .sequentiallyConsistent)
        return false
    }

    /// Asks the run to stop, remembering the signal that asked (for the exit status).
    public func cancel(signal number: Int32) {
        _ = signalArrived(number)
    }

    /// Called before the run writes anything (again before each later write, harmlessly):
    /// `false` if a signal came first.
    package func beginStaging() -> Bool {
        let (exchanged, original) = state.compareExchange(expected: 0, desired: 1, ordering: .sequentiallyConsistent)
        return exchanged || original == 1
    }

    /// The signal that cancelled the run, or `nil` while it may go on.
    public var signalNumber: Int32? {
        let value = state.load(ordering: .sequentiallyConsistent)
        return value >= 1000 ? value % 1000 : nil
    }
}
