import ArgumentParser

/// `--max-memory`: one declaration and one rule for every command that plans its memory (render,
/// decode, export, diff).
struct MemoryArguments: ParsableArguments {
    @Option(name: .customLong("max-memory"), parsing: .unconditional, help: ArgumentHelp("The most memory the command may plan to use, in MB (default: half of what the machine or its container gives): fewer frames at once under a low limit; work that needs more is refused before anything is allocated.", valueName: "MB"))
    var maxMemory: Int?

    /// A petabyte, in MB: beyond any machine, and far from overflowing a byte count.
    static let maximumMB = 1 << 30

    func validate() throws {
        if let maxMemory, !(1...Self.maximumMB).contains(maxMemory) {
            throw ValidationError("--max-memory must be between 1 and \(Self.maximumMB) MB, not \(maxMemory)")
        }
    }

    /// The limit in bytes (MB are 10⁶ bytes, as every size scrollrender prints), if one was given.
    var bytes: Int? { maxMemory.map { $0 * 1_000_000 } }
}
