import ScrollRenderKit

#if canImport(Glibc)
import Glibc
#endif

/// Every signal that would end the process (HUP, INT, TERM, ALRM, XCPU, USR1) is caught: before a
/// run has written anything the process ends at once with 128 + the signal; afterwards the run is
/// cancelled, removes what it wrote and keeps the earlier sequence. SIGPIPE is ignored: a closed
/// output is an error of the write that met it.
///
/// The handler is installed with `sigaction` before the run starts, so no signal can slip through
/// while it is being set up; it only swaps an atomic state, writes a prepared line and `_exit`s.
enum SignalHandling {
    static let fatalSignals = [SIGHUP, SIGINT, SIGTERM, SIGALRM, SIGXCPU, SIGUSR1]

    /// What the handler reads: the run's cancellation and each signal's prepared message.
    nonisolated(unsafe) private static var cancellation: Cancellation?
    nonisolated(unsafe) private static var messages: [Int32: [UInt8]] = [:]

    /// A process started from a thread that blocks signals (a thread pool, a test runner) inherits
    /// the block: the fatal signals are unblocked, so that they end or cancel the run as they should.
    static func unblockFatalSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in fatalSignals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The run's cancellation, set by the fatal signals when the run owns the process's signals
    /// (``CommandContext/ownsSignals``); a run inside another program gets one that no signal sets.
    static func cancellationOnInterrupt() -> Cancellation {
        let cancellation = Cancellation()
        guard CommandContext.current.ownsSignals else { return cancellation }
        for number in fatalSignals {
            messages[number] = Array("scrollrender: interrupted by signal \(number); nothing was written\n".utf8)
        }
        Self.cancellation = cancellation
        signal(SIGPIPE, SIG_IGN)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in SignalHandling.handle(number) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for number in fatalSignals { sigaction(number, &action, nil) }
        return cancellation
    }

    /// Ends the process if nothing is on disk yet, else asks the run to stop and clean up.
    private static func handle(_ number: Int32) {
        guard let cancellation, cancellation.signalArrived(number) else { return }
        if let message = messages[number] {
            _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        _exit(128 + number)
    }
}
