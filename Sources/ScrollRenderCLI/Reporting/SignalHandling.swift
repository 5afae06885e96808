import Dispatch
import ScrollRenderKit

#if canImport(Glibc)
import Glibc
#endif

/// Every signal that would end the process (HUP, INT, TERM, ALRM, XCPU, USR1) is caught: before a
/// run has written anything the process ends at once with 128 + the signal; afterwards the run is
/// cancelled, removes what it wrote and keeps the earlier sequence. SIGPIPE is ignored: a closed
/// output is an error of the write that met it.
enum SignalHandling {
    static let fatalSignals = [SIGHUP, SIGINT, SIGTERM, SIGALRM, SIGXCPU, SIGUSR1]

    /// Sources must stay alive for the handlers to run.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func cancellationOnInterrupt() -> Cancellation {
        let cancellation = Cancellation()
        signal(SIGPIPE, SIG_IGN)
        for number in fatalSignals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                guard cancellation.signalArrived(number) else { return }
                Scrollrender.printError("interrupted by signal \(number); nothing was written")
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
        return cancellation
    }
}
