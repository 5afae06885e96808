#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// What one run of the command line writes to and reads from its surroundings: its standard
/// output and error, its environment, and whether the process's signals are its own. The
/// `scrollrender` executable runs in ``process``; tests and the fuzz harness run commands in
/// process, many at once, each in a context of buffers and an environment of its own, so that no
/// run writes to the process's descriptors, reads its environment or installs signal handlers.
public struct CommandContext: Sendable {
    /// Where a stream's bytes go.
    public enum Sink: Sendable {
        /// A descriptor of the process, written straight through: nothing is buffered, and a
        /// failed write (a reader gone, a full disk) is seen by the write that meets it.
        case descriptor(Int32)
        /// Memory, which the caller reads when the run is over.
        case buffer(OutputBuffer)
    }

    public var standardOutput: Sink
    public var standardError: Sink
    /// What the run reads of the environment (`SCROLLRENDER_RECORD`, `CI`, a scheduler's shard index).
    public var environment: [String: String]
    /// Whether the run may change the process's signal dispositions: handlers for the fatal
    /// signals (the run is cancelled and cleans up) and SIGPIPE and SIGXFSZ ignored. A run inside
    /// another program leaves its signals alone; nothing cancels it but its own end.
    public var ownsSignals: Bool

    public init(standardOutput: Sink, standardError: Sink, environment: [String: String], ownsSignals: Bool) {
        (self.standardOutput, self.standardError, self.environment, self.ownsSignals) = (standardOutput, standardError, environment, ownsSignals)
    }

    /// The process's own descriptors, environment and signals: the `scrollrender` executable.
    public static var process: CommandContext {
        CommandContext(standardOutput: .descriptor(STDOUT_FILENO), standardError: .descriptor(STDERR_FILENO),
                       environment: ProcessInfo.processInfo.environment, ownsSignals: true)
    }

    /// Output into new buffers, `environment` and nothing more, the process's signals left alone.
    public static func buffered(environment: [String: String] = [:]) -> CommandContext {
        CommandContext(standardOutput: .buffer(OutputBuffer()), standardError: .buffer(OutputBuffer()),
                       environment: environment, ownsSignals: false)
    }

    /// The context of the run under way. Worker threads (Dispatch) do not see it: what writes from
    /// one — a progress bar, a render's notes — captures the context where it is created.
    @TaskLocal public static var current: CommandContext = .process
}

extension CommandContext.Sink {
    /// Writes all of `bytes`; the `errno` of a write that failed, or nil.
    func write(_ bytes: [UInt8]) -> Int32? {
        switch self {
        case .buffer(let buffer):
            buffer.append(bytes)
            return nil
        case .descriptor(let descriptor):
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Whether it is a terminal, which gets a progress bar redrawn in place (a buffer never is).
    var isTerminal: Bool {
        if case .descriptor(let descriptor) = self { return isatty(descriptor) == 1 }
        return false
    }
}
