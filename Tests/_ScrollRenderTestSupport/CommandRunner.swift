import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `scrollrender` binary, a shell line or another program as a process of its own:
/// for what only a process shows (signals, its exit, rlimits, a working folder, the process tree's
/// memory) and for the tools the tests check outputs with (ffmpeg, xmllint). Everything else runs
/// in process (``ScrollrenderCommand``).
public enum CommandRunner {
    /// The executable built beside the test bundle.
    public static var executable: URL {
        var folder = Bundle.main.bundleURL
        while !folder.path.isEmpty, folder.path != "/" {
            let candidate = folder.appendingPathComponent("scrollrender")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return TestFiles.packageRoot.appendingPathComponent(".build/debug/scrollrender")
    }

    /// Runs `scrollrender`; `directory` is its working folder (default: the test's), and
    /// `environment` is added to the test's.
    public static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> CommandResult {
        try run(program: executable.path, arguments, in: directory, environment: environment)
    }

    /// Runs a `/bin/sh -c` command line (for `ulimit`, GNU `time`, pipes and the like).
    public static func run(shell command: String) throws -> CommandResult {
        try run(program: "/bin/sh", ["-c", command])
    }

    /// Runs `program` (a path) with `arguments`, its standard input empty. Started with
    /// `posix_spawn` and waited for by its own id (`waitpid`): Foundation's `Process` once missed a
    /// child's exit in the full suite, where many tests start and reap children. Its output goes to
    /// unnamed files read when it has ended, so that neither stream fills while the other is read.
    /// The status is the exit status, or the signal's number for a process a signal ended.
    public static func run(program: String, _ arguments: [String], in directory: URL? = nil,
                           environment: [String: String] = [:]) throws -> CommandResult {
        // Glibc's module exports no posix_spawn_file_actions_addchdir_np: a shell changes folder first.
        if let directory {
            return try run(program: "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", directory.path, program] + arguments, environment: environment)
        }
        let output = try UnnamedFile(), errors = try UnnamedFile()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output.descriptor, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.descriptor, 2)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return CommandResult(status: signal == 0 ? (status >> 8) & 0xFF : signal,
                             standardOutput: output.text, standardError: errors.text)
    }

    /// `scrollrender ARGUMENTS` started in the background, to be signalled or killed while it
    /// runs: its output thrown away, its messages on a pipe (`standardError`) when `messages`,
    /// `environment` over the test's own.
    public static func start(_ arguments: [String], messages: Bool = false, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = messages ? Pipe() : FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A file with no name, open for the child to write and this process to read back.
    private final class UnnamedFile {
        let descriptor: Int32

        init() throws {
            var template = Array("\(TestFiles.scratch.path)/scrollrender-output-XXXXXX".utf8CString)
            descriptor = mkstemp(&template)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            unlink(template)
        }

        deinit { close(descriptor) }

        var text: String {
            var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536), offset: off_t = 0
            while true {
                let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
                guard count > 0 else { break }
                bytes += chunk[0..<count]
                offset += off_t(count)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
