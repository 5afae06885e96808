import ScrollRenderCLI

/// `scrollrender ARGUMENTS` run in this process, as the executable runs it — the same parsing,
/// commands, messages and exit statuses — with its output in buffers, no signal handlers, and
/// for environment only what the test gives (nothing of the test's own, such as
/// `SCROLLRENDER_RECORD` or `CI`). Relative paths are the test process's working folder's: a test
/// that needs another runs the binary (``CommandRunner``) or gives absolute paths.
public enum ScrollrenderCommand {
    public static func run(_ arguments: [String], environment: [String: String] = [:]) -> CommandResult {
        let output = OutputBuffer(), errors = OutputBuffer()
        let context = CommandContext(standardOutput: .buffer(output), standardError: .buffer(errors), environment: environment, ownsSignals: false)
        let status = Scrollrender.run(arguments: arguments, context: context)
        return CommandResult(status: status, standardOutput: output.text, standardError: errors.text)
    }
}
