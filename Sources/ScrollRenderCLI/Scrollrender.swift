import ArgumentParser
import FileSystem
import ImageCodecs
import ScrollRenderKit
import TextFormat
import _AllocatorShims

#if canImport(Glibc)
import Glibc
#endif

/// The `scrollrender` command. `main.swift` only calls ``Scrollrender/main(arguments:)``.
public struct Scrollrender: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "scrollrender",
        abstract: "Renders iOS UIScrollView motion over a picture as a PNG frame sequence.",
        discussion: examples + "\n\nAll render options: scrollrender render --help",
        version: "scrollrender \(ScrollRenderVersion.current) (libjpeg-turbo \(CodecLibraryVersions.libjpegTurbo), libpng \(CodecLibraryVersions.libpng), zlib \(CodecLibraryVersions.zlib))",
        subcommands: [Render.self, Info.self, Decode.self, Diff.self, Test.self, MergeReports.self, Approve.self, Export.self, Merge.self, Devices.self,
                      CompareMotion.self, RecordingToScenario.self, Conformance.self],
        defaultSubcommand: Render.self
    )

    /// Worked examples, which lead `--help` of both the root and the render command.
    static let examples = """
        Examples:
          # Fling upward at 800 pt/s; every frame until rest goes to out/
          scrollrender --fling 800 tesla.jpg out/
          # Pull past the top edge and let it spring back, at a GIF-friendly rate
          scrollrender --drag 0,300 --fps 50 tesla.jpg out/
          # Pinch to 3x around a point, and make a GIF of it under 5 MB
          scrollrender --pinch 3 --pinch-center 100,200 \\
            --export pinch.gif --max-size 5MB tesla.jpg out/
          # A video of frames already rendered
          scrollrender export out/ demo.mp4
          # A scripted interaction on a real device (scrollrender devices)
          scrollrender --scenario Examples/paging.json \\
            --device "iPhone 16 Pro" tesla.jpg out/
          # Your app's screenshot as a phone recording for a pull request
          scrollrender --device "iPhone 16 Pro" --fit width --fling 2500 \\
            --show-touches --export demo.gif screenshot.png out/
          # Compare a render with a golden sequence
          scrollrender diff golden/ out/
        """

    public init() {}

    /// Parses and runs in `context` (its output, environment and signals), printing errors as
    /// one line on its stderr; returns the exit status. Tests and the fuzz harness run commands in
    /// process, many at once, each in a context of its own.
    public static func run(arguments: [String], context: CommandContext) -> Int32 {
        CommandContext.$current.withValue(context) { run(arguments: arguments) }
    }

    /// Parses and runs in ``CommandContext/current`` (the process's, unless a caller bound another).
    public static func run(arguments: [String]) -> Int32 {
        let context = CommandContext.current
        if context.ownsSignals {
            // Past a file-size limit, write() must fail with EFBIG (reported, cleaned up) instead of
            // SIGXFSZ killing the process and leaving its temporary folder behind.
            signal(SIGXFSZ, SIG_IGN)
            // A closed stdout is an EPIPE of the write that meets it (see StandardOutput), not a death.
            signal(SIGPIPE, SIG_IGN)
            SignalHandling.unblockFatalSignals()
        }
        do {
            try parseAndRun(arguments)
            return ExitStatus.success.rawValue
        } catch let failure as CommandFailure {
            if !failure.message.isEmpty { printError(failure.message) }
            return failure.status.rawValue
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // Help, the version, a completion script. Wrapped as ArgumentParser wraps them: at a
                // terminal's width, else at COLUMNS or 80 (it would ask the process's terminal).
                let columns = context.standardOutput.isTerminal ? nil : context.environment["COLUMNS"].flatMap(Int.init) ?? 80
                var text = fullMessage(for: error, columns: columns)
                if arguments.contains("--generate-completion-script") { text = CompletionScript.renderAtTopLevel(text) }
                _ = context.standardOutput.write(Array((text + "\n").utf8))
            } else {
                printError(message(for: error).replacingOccurrences(of: "\n", with: " "))
            }
            return code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
        }
    }

    /// Every option is ArgumentParser's; the render command also reads its gestures' order from
    /// the arguments (``GestureArguments``).
    static func parseAndRun(_ arguments: [String]) throws {
        let commands = configuration.subcommands.map { $0._commandName }
        if let word = arguments.first, let command = SubcommandSuggestion.command(for: word, among: commands) {
            throw CommandFailure(message: "\(FileSystem.printable(word)) is no command and no file: did you mean scrollrender \(command)? (scrollrender --help lists the commands)",
                                 status: .usage)
        }
        var command = try parse(arguments, commands: commands)
        guard let render = command as? Render else { return try command.run() }
        try render.run(arguments: arguments)
    }

    /// A render (the first word names no command) is parsed as the render command alone: through
    /// the root, ArgumentParser builds the render's options once more to look for passthrough
    /// arguments (4.5 ms a parse instead of 3). Whatever that does not parse — help, the version, a
    /// mistake — is parsed again through the root, whose words and usage the user sees.
    static func parse(_ arguments: [String], commands: [String]) throws -> any ParsableCommand {
        if let first = arguments.first, !commands.contains(first), first != "help", let render = try? Render.parseAsRoot(arguments) {
            return render
        }
        return try parseAsRoot(arguments)
    }

    /// The process's entry: one malloc arena for all threads, set before any thread starts
    /// (`_AllocatorShims`; tests and harnesses that call ``run(arguments:context:)`` keep their
    /// own), then the command in the process's own context, and exit with its status.
    public static func main(arguments: [String]) -> Never {
        _ = sr_use_one_malloc_arena()
        Glibc.exit(run(arguments: arguments, context: .process))
    }

    /// One line on stderr: control characters (a newline in a file name) are shown escaped.
    static func printError(_ message: String) {
        StandardError.line("scrollrender: \(message)")
    }
}

/// A failure already put into words, with the exit status it maps to.
struct CommandFailure: Error {
    var message: String
    var status: ExitStatus
}
