import ArgumentParser
import ImageCodecs

#if canImport(Glibc)
import Glibc
#endif

/// The `scrollrender` command. `main.swift` only calls ``Scrollrender/main(arguments:)``.
public struct Scrollrender: ParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "scrollrender",
        abstract: "Renders iOS UIScrollView motion over a picture as a PNG frame sequence.",
        discussion: """
            Examples:
              scrollrender info SampleImages/tesla.jpg
              scrollrender decode SampleImages/tesla.jpg tesla.png
            """,
        version: "scrollrender \(version) (libjpeg-turbo \(CodecLibraryVersions.libjpegTurbo), libpng \(CodecLibraryVersions.libpng), zlib \(CodecLibraryVersions.zlib))",
        subcommands: [Info.self, Decode.self]
    )

    public init() {}

    /// Parses and runs, printing errors as one line on stderr; returns the process's exit status.
    public static func run(arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return ExitStatus.success.rawValue
        } catch let failure as CommandFailure {
            printError(failure.message)
            return failure.status.rawValue
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
            } else {
                printError(message(for: error).replacingOccurrences(of: "\n", with: " "))
            }
            return code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
        }
    }

    public static func main(arguments: [String]) -> Never {
        Glibc.exit(run(arguments: arguments))
    }

    static func printError(_ message: String) {
        var standardError = StandardError()
        print("scrollrender: \(message)", to: &standardError)
    }
}

/// A failure already put into words, with the exit status it maps to.
struct CommandFailure: Error {
    var message: String
    var status: ExitStatus
}

/// stderr as a `TextOutputStream`, written straight to the descriptor so that nothing is buffered.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { return }
            offset += written
        }
    }
}
