import ArgumentParser
import FrameDiff

/// `--record missing|failed|all|never` on the command line.
extension RecordMode: ExpressibleByArgument {}

extension RecordMode {
    /// The mode a command runs with: its `--record`, else `SCROLLRENDER_RECORD` (not under CI,
    /// which records only when told on its command line); a note when the environment's was set
    /// aside. Nothing records by default.
    static func commandLine(_ explicit: RecordMode?, environment: [String: String]) throws(CommandFailure) -> RecordMode {
        do throws(RecordModeError) {
            let (mode, note) = try RecordMode.resolve(explicit: explicit, environment: environment, otherwise: .never)
            if let note { StandardError.line("note: \(note) (--record)") }
            return mode
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
    }
}
