import FileSystem
import Foundation

/// ffmpeg, run as a subprocess: found on `PATH`, its messages kept aside and shown only when it
/// fails, and stopped when the run is cancelled.
struct FFmpegProcess: Sendable {
    let executable: String

    /// ffmpeg on `PATH`, or the error that says which Debian package to install.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ScrollRenderError) -> FFmpegProcess {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        guard let found = folders.map({ "\($0)/ffmpeg" }).first(where: { access($0, X_OK) == 0 && !FileSystem.isFolder($0) }) else {
            throw .toolUnavailable("ffmpeg is not installed, and export needs it: install Debian's \(ExportFormat.debianPackage) package (sudo apt-get install \(ExportFormat.debianPackage))")
        }
        return FFmpegProcess(executable: found)
    }

    /// The command line as a user would type it (for `--verbose` and the manifest).
    static func commandLine(_ arguments: [String]) -> String {
        (["ffmpeg"] + arguments).map(quoted).joined(separator: " ")
    }

    static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=+,%".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs ffmpeg to completion; its stderr goes to `log` and becomes the error's reason on failure.
    func run(_ arguments: [String], log: String, cancellation: Cancellation) throws(ScrollRenderError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + arguments
        guard FileManager.default.createFile(atPath: log, contents: nil), let handle = FileHandle(forWritingAtPath: log) else {
            throw .exportFailed("cannot create ffmpeg's log \(log)")
        }
        defer {
            try? handle.close()
            unlink(log)
        }
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .toolUnavailable("cannot start \(executable): \(error.localizedDescription)") }
        while process.isRunning {
            if cancellation.signalNumber != nil { process.terminate() }
            usleep(20_000)
        }
        process.waitUntilExit()
        if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let lastLine = text.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw .exportFailed("ffmpeg failed: \(lastLine)")
        }
    }
}
