import FileSystem
import Foundation
import TextFormat

/// ffmpeg (or ffprobe), run as a subprocess: found on `PATH`, fed raw frames through a pipe,
/// writing into a file descriptor scrollrender opened (so it never opens a path of its own and
/// no character of a user's file name reaches its parsers), its messages kept in an unnamed file
/// and shown only when it fails, and stopped when the run is cancelled: SIGTERM once, SIGKILL
/// after a grace period, so that an interrupt ends the run within half a second.
struct FFmpegProcess: Sendable {
    let executable: String

    /// How long ffmpeg may take to stop after SIGTERM before it is killed.
    static let terminationGrace: Duration = .milliseconds(250)

    /// `tool` (ffmpeg or ffprobe) on `PATH`, or the error that says which Debian package to install.
    static func locate(_ tool: String = "ffmpeg", environment: [String: String] = ProcessInfo.processInfo.environment) throws(ScrollRenderError) -> FFmpegProcess {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        guard let found = folders.map({ "\($0)/\(tool)" }).first(where: { access($0, X_OK) == 0 && !FileSystem.isFolder($0) }) else {
            throw .toolUnavailable(tool: tool, .notInstalled(debianPackage: ExportFormat.debianPackage))
        }
        return FFmpegProcess(executable: found)
    }

    /// The command line as a user would type it (for `--verbose` and the manifest).
    static func commandLine(_ arguments: [String]) -> String {
        (["ffmpeg"] + arguments).map(ShellWord.quoted).joined(separator: " ")
    }

    /// The name under which the child reaches its standard output as a seekable file (MP4's
    /// `+faststart` rewrites the start of the file): the descriptor scrollrender opened.
    static let standardOutputFile = "file:/proc/self/fd/1"
    static let standardInputFile = "file:/proc/self/fd/0"
    /// Linux's `F_SETPIPE_SZ`, which Glibc's Swift module does not export.
    static let setPipeSize: Int32 = 1031

    /// Runs the tool with `arguments`; `feed` writes its standard input (raw frames) and returns
    /// when done; its standard output is `output` (a descriptor scrollrender opened) or collected
    /// and returned. A non-zero exit, a signal or any message of its own is a failure.
    @discardableResult
    func run(_ arguments: [String], output: Int32? = nil, feed: ((FramePipe) throws(ScrollRenderError) -> Void)? = nil,
             cancellation: Cancellation) throws(ScrollRenderError) -> [UInt8] {
        // A child that ends early closes the pipe: the write fails with EPIPE instead of a signal ending this process.
        signal(SIGPIPE, SIG_IGN)
        let tool = FileSystem.lastComponent(of: executable)
        guard let log = tmpfile() else { throw .exportFailed(.cannotKeepMessages(tool: tool, reason: FileSystemError.describe(errno))) }
        defer { fclose(log) }
        let child = try Child(executable: executable, arguments: arguments, output: output, log: fileno(log))
        var failure: ScrollRenderError?
        do throws(ScrollRenderError) {
            if let feed { try feed(FramePipe(descriptor: child.input, cancellation: cancellation)) }
        } catch {
            failure = error
        }
        child.closeInput()
        let collected = child.collectOutput(cancellation: cancellation)
        let status = child.wait(cancellation: cancellation)
        if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
        let messages = Self.contents(of: log)
        // ffmpeg exits 0 when writing the trailer fails (a full disk): any message of its own at
        // level "error" is a failure too.
        if status != 0 || !messages.isEmpty || failure != nil {
            let lastLine = messages.split(separator: "\n").last.map(String.init)
            if lastLine == nil, let failure { throw failure }
            throw .exportFailed(.toolFailed(tool: tool, status: status, lastMessage: lastLine))
        }
        return collected
    }

    private static func contents(of file: UnsafeMutablePointer<FILE>) -> String {
        fflush(file)
        let descriptor = fileno(file)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
            offset += off_t(count)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension FFmpegProcess {
    /// The running child and its pipes.
    private final class Child {
        let process = Process()
        private let inputPipe = Pipe()
        private(set) var input: Int32 = -1
        private var outputReader: Int32 = -1

        init(executable: String, arguments: [String], output: Int32?, log: Int32) throws(ScrollRenderError) {
            process.executableURL = URL(fileURLWithPath: executable)
            // ffprobe has no -nostdin or -y. ffmpeg overwrites only what it is given: the descriptor opened for it.
            let quiet = executable.hasSuffix("ffprobe") ? [] : ["-nostdin", "-y"]
            process.arguments = ["-hide_banner", "-loglevel", "error"] + quiet + arguments
            process.standardInput = inputPipe
            if let output {
                process.standardOutput = FileHandle(fileDescriptor: output, closeOnDealloc: false)
            } else {
                let outputPipe = Pipe()
                process.standardOutput = outputPipe
                outputReader = outputPipe.fileHandleForReading.fileDescriptor
            }
            process.standardError = FileHandle(fileDescriptor: log, closeOnDealloc: false)
            do { try process.run() } catch {
                throw .toolUnavailable(tool: FileSystem.lastComponent(of: executable), .cannotStart(path: executable, reason: error.localizedDescription))
            }
            input = inputPipe.fileHandleForWriting.fileDescriptor
            // Non-blocking, so that a writer waiting on a slow child still sees a signal within 20 ms.
            _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
            // A pipe of a megabyte (Linux's default most) where frames are megabytes: a sixteenth
            // of the wake-ups of the 64 KB default.
            _ = fcntl(input, FFmpegProcess.setPipeSize, FramePipe.chunk)
            // The child has its ends; ours must not keep them open, or it would never see end-of-file.
            try? inputPipe.fileHandleForReading.close()
            if let pipe = process.standardOutput as? Pipe { try? pipe.fileHandleForWriting.close() }
        }

        /// Closed through its handle, which then knows: a bare `close` left the handle to close the
        /// number again when the process was released, by then another export's pipe or file.
        func closeInput() {
            if input >= 0 { try? inputPipe.fileHandleForWriting.close() }
            input = -1
        }

        /// Everything the child writes on its standard output (a palette), read until it ends.
        func collectOutput(cancellation: Cancellation) -> [UInt8] {
            guard outputReader >= 0 else { return [] }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while cancellation.signalNumber == nil {
                var poller = pollfd(fd: outputReader, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, 20)
                // A signal that interrupts the wait (another thread's, a test's) is no end of output.
                if ready == 0 || ready < 0 && errno == EINTR { continue }
                let count = chunk.withUnsafeMutableBytes { read(outputReader, $0.baseAddress, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard count > 0 else { break }
                bytes += chunk[0..<count]
            }
            return bytes
        }

        /// Waits for the child to end; on cancellation it gets SIGTERM once, then SIGKILL after
        /// the grace period. Returns its exit status (128 + n for a signal).
        func wait(cancellation: Cancellation) -> Int32 {
            let clock = ContinuousClock()
            var terminatedAt: ContinuousClock.Instant?
            while process.isRunning {
                if cancellation.signalNumber != nil {
                    if terminatedAt == nil {
                        kill(process.processIdentifier, SIGTERM)
                        terminatedAt = clock.now
                    } else if let terminatedAt, clock.now - terminatedAt > FFmpegProcess.terminationGrace {
                        kill(process.processIdentifier, SIGKILL)
                    }
                }
                usleep(5_000)
            }
            process.waitUntilExit()
            return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        }
    }
}

/// The write end of ffmpeg's standard input: frames are written whole, and a cancelled run or a
/// child that went away ends the writing instead of blocking it.
struct FramePipe {
    /// The most written at once: the pipe's size when Linux grants it.
    static let chunk: Int32 = 1 << 20

    let descriptor: Int32
    let cancellation: Cancellation

    /// Writes one frame's pixels.
    func write(_ pixels: [UInt8]) throws(ScrollRenderError) {
        var failure: ScrollRenderError?
        pixels.withUnsafeBytes { bytes in
            do throws(ScrollRenderError) { try write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes all of `bytes`, waiting at most 20 ms at a time so that a signal is seen at once.
    func write(_ bytes: UnsafeRawBufferPointer) throws(ScrollRenderError) {
        var offset = 0
        while offset < bytes.count {
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&poller, 1, 20)
            if ready < 0 && errno != EINTR { throw .exportFailed(.cannotFeedFrames(reason: FileSystemError.describe(errno), stoppedReading: false)) }
            guard ready > 0 else { continue }
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, min(bytes.count - offset, Int(Self.chunk)))
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                // EPIPE: ffmpeg ended early; its own message says why.
                throw .exportFailed(.cannotFeedFrames(reason: FileSystemError.describe(errno), stoppedReading: true))
            }
            offset += written
        }
    }
}
