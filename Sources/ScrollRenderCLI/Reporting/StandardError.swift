import TextFormat

/// stderr, the run's (``CommandContext/current``), as a `TextOutputStream`: written straight
/// through, so that nothing is buffered; a failed write is not reported (there is nowhere to).
struct StandardError: TextOutputStream {
    /// Writes one line to stderr, control characters (from names in inputs) escaped, in one write
    /// so that lines written from several threads do not mix.
    static func line(_ text: String) {
        _ = CommandContext.current.standardError.write(Array((TextFormat.printable(text) + "\n").utf8))
    }

    mutating func write(_ string: String) {
        _ = CommandContext.current.standardError.write(Array(string.utf8))
    }
}
