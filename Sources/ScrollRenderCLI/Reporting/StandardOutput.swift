#if canImport(Glibc)
import Glibc
#endif
import GoldenCheck
import TextFormat

/// stdout, the run's (``CommandContext/current``), written straight through so that a failed
/// write is seen: a reader that closed the pipe (`| head`) ends the program quietly with the
/// broken-pipe status, and any other failure (a full disk) is an I/O error.
enum StandardOutput {
    /// 128 + SIGPIPE, as a shell reports a pipeline's writer whose reader went away.
    static let brokenPipeStatus: Int32 = 141

    /// Writes `text`, each line's control characters (from names in inputs) escaped.
    static func write(_ text: String) throws(CommandFailure) {
        guard let failure = CommandContext.current.standardOutput.write(Array(TextFormat.printableLines(text).utf8)) else { return }
        if failure == EPIPE { throw CommandFailure(message: "", status: .brokenPipe) }
        throw CommandFailure(message: "standard output: write failed: \(String(cString: strerror(failure)))", status: .ioError)
    }
}

extension StandardOutput {
    /// ``write(_:)`` for a run's log, which fails as an output of the run.
    @Sendable static func log(_ text: String) throws(ReportError) {
        do throws(CommandFailure) {
            try write(text)
        } catch {
            throw error.status == .brokenPipe ? .outputClosed : .outputFailed(reason: error.message)
        }
    }
}
