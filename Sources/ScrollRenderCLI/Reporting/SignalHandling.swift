import Dispatch
import ScrollRenderKit

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM cancel the render instead of killing the process, so that it can remove its
/// temporary folder and exit 130 or 143.
enum SignalHandling {
    /// Sources must stay alive for the handlers to run.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func cancellationOnInterrupt() -> Cancellation {
        let cancellation = Cancellation()
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { cancellation.cancel(signal: number) }
            source.resume()
            sources.append(source)
        }
        return cancellation
    }
}
