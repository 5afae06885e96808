#if canImport(Glibc)
import Glibc
#endif
import TextFormat
import FileSystem
import Synchronization

/// Progress on stderr: on a terminal a one-line bar redrawn in place; elsewhere (a CI log, a file)
/// a plain line every few seconds, so that a long run is seen to be alive and no escape sequence
/// reaches the log.
final class ProgressBar: Sendable {
    enum Style: Sendable {
        /// Nothing.
        case none
        /// A bar redrawn in place with carriage returns (a terminal).
        case bar
        /// A line, at most one every `seconds`, never redrawn (a log).
        case lines(every: Double)
    }

    private let style: Style
    /// What the lines say was done ("compared", "exported").
    private let activity: String
    private let lastDrawn = Mutex(-1)
    /// The seconds since the start when the last line was written.
    private let lastLine = Mutex(0.0)
    /// What the bar counts for, when it is not the render's frames (an export's file).
    private let label = Mutex("")
    private let write: @Sendable (String) -> Void
    private let elapsed: @Sendable () -> Double
    static let width = 30
    /// How often a log hears of a long run.
    static let lineInterval = 5.0

    /// A bar when `enabled` (the render's: on a terminal and not quiet), else nothing.
    convenience init(enabled: Bool) {
        self.init(style: enabled ? .bar : .none, activity: "rendered")
    }

    /// `write`: by default the run's stderr, taken here: the renderer calls the bar from worker
    /// threads, which do not see the run's ``CommandContext``.
    init(style: Style, activity: String, write: (@Sendable (String) -> Void)? = nil, elapsed: (@Sendable () -> Double)? = nil) {
        (self.style, self.activity) = (style, activity)
        let standardError = CommandContext.current.standardError
        self.write = write ?? { text in _ = standardError.write(Array(text.utf8)) }
        let clock = ContinuousClock(), start = clock.now
        self.elapsed = elapsed ?? { (clock.now - start).seconds }
    }

    /// Progress for the run's stderr: a bar on a terminal, a line every few seconds elsewhere (a
    /// log, a buffer), nothing when `quiet`.
    static func standardError(quiet: Bool, activity: String) -> ProgressBar {
        let terminal = CommandContext.current.standardError.isTerminal
        return ProgressBar(style: quiet ? .none : terminal ? .bar : .lines(every: lineInterval), activity: activity)
    }

    /// An export's progress: a bar of its own for each file, named.
    func update(file: String, completed: Int, total: Int) {
        if case .none = style { return }
        let changed = label.withLock { current in
            defer { current = file }
            return current != file
        }
        if changed {
            finish()
            lastDrawn.withLock { $0 = -1 }
        }
        update(completed: completed, total: total, suffix: " frames of \(FileSystem.lastComponent(of: file))")
    }

    /// Called by the renderer after each frame, never concurrently.
    func update(completed: Int, total: Int) {
        update(completed: completed, total: total, suffix: " frames")
    }

    private func update(completed: Int, total: Int, suffix: String) {
        guard total > 0 else { return }
        switch style {
        case .none:
            return
        case .lines(let interval):
            // The summary that follows says when it is done; a line says only that it goes on.
            guard completed < total else { return }
            let now = elapsed()
            let due = lastLine.withLock { last in
                guard now - last >= interval else { return false }
                last = now
                return true
            }
            if due {
                write(TextFormat.printable("scrollrender: \(activity) \(completed) of \(total)\(suffix) (\(Int(now)) s)") + "\n")
            }
        case .bar:
            let filled = completed * Self.width / total
            let shouldDraw = lastDrawn.withLock { last in
                defer { last = completed }
                return completed == total || filled != last * Self.width / total || completed - last >= max(1, total / 100)
            }
            guard shouldDraw else { return }
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: Self.width - filled)
            write("\r\(bar) \(completed)/\(total)\(TextFormat.printable(suffix))")
        }
    }

    /// Clears the bar so that the summary starts on a clean line.
    func finish() {
        guard case .bar = style else { return }
        write("\r\u{1B}[K")
    }
}
