import Foundation

/// Runs the built `scrollrender` binary as a user would, capturing its output and exit status.
struct CommandRunner {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable built beside the test bundle.
    static var executable: URL {
        var folder = Bundle.main.bundleURL
        while !folder.path.isEmpty, folder.path != "/" {
            let candidate = folder.appendingPathComponent("scrollrender")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/scrollrender")
    }

    static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/\(name)").path
    }

    /// Runs `scrollrender`; `directory` is its working directory (default: the test's), and
    /// `environment` is added to the test's.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        try run(executable: executable, arguments, in: directory, environment: environment)
    }

    /// Runs a `/bin/sh -c` command line (for `ulimit` and the like).
    static func run(shell command: String) throws -> Result {
        try run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command])
    }

    private static func run(executable: URL, _ arguments: [String], in directory: URL? = nil,
                            environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// A new empty folder for one test's outputs.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrollrender-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
