import ScrollRenderKit

/// Runs a command body, turning a ``ScrollRenderError`` into the one-line message and exit status
/// the user sees, with each term it names given its option. Every subcommand's `run()` goes
/// through here.
func reportingErrors(_ body: () throws(ScrollRenderError) -> Void) throws(CommandFailure) {
    do {
        try body()
    } catch {
        throw CommandFailure(message: error.description(naming: \.flag), status: ExitStatus(for: error))
    }
}

extension NamedTerm {
    /// The option that sets it on the command line.
    var flag: String {
        switch self {
        case .setting(let setting): setting.option
        case .option(.maximumMemory): "--max-memory"
        case .option(.maximumSize): "--max-size"
        case .option(.exportWidth): "--export-width"
        case .option(.exportScale): "--export-scale"
        case .option(.exportFPS): "--export-fps"
        case .option(.colors): "--colors"
        case .option(.loop): "--loop"
        case .option(.speed): "--speed"
        case .option(.trim): "--from/--to"
        case .option(.title): "--title"
        case .option(.leadIn): "--lead-in"
        case .option(.frames): "--frames"
        case .option(.shard): "--shard"
        case .option(.force): "--force"
        case .option(.threads): "--threads"
        case .option(.allowedLogFiles): "--path-file"
        case .option(.release): "--release"
        case .option(.touchLog): "--touches"
        case .other(let name): "--" + name
        }
    }
}
