import ScrollRenderKit

/// Runs a command body, turning a ``ScrollRenderError`` into the one-line message and exit status
/// the user sees. Every subcommand's `run()` goes through here.
func reportingErrors(_ body: () throws(ScrollRenderError) -> Void) throws(CommandFailure) {
    do {
        try body()
    } catch {
        throw CommandFailure(message: error.description, status: ExitStatus(for: error))
    }
}
