import Synchronization

/// A flag a signal handler raises and the frame workers read between frames, so that Ctrl-C stops
/// a run within one frame's time and the run can still clean up its temporary folder.
public final class Cancellation: Sendable {
    private let signal = Atomic<Int32>(0)

    public init() {}

    /// Asks the run to stop, remembering the signal that asked (for the exit status).
    public func cancel(signal number: Int32) {
        _ = signal.compareExchange(expected: 0, desired: number, ordering: .relaxed)
    }

    /// The signal that cancelled the run, or `nil` while it may go on.
    public var signalNumber: Int32? {
        let value = signal.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }
}
