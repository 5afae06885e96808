import Synchronization

/// A one-line progress bar on stderr, redrawn in place; only when stderr is a terminal.
final class ProgressBar: Sendable {
    private let enabled: Bool
    private let lastDrawn = Mutex(-1)
    static let width = 30

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Called by the renderer after each frame, never concurrently.
    func update(completed: Int, total: Int) {
        guard enabled, total > 0 else { return }
        let filled = completed * Self.width / total
        let shouldDraw = lastDrawn.withLock { last in
            defer { last = completed }
            return completed == total || filled != last * Self.width / total || completed - last >= max(1, total / 100)
        }
        guard shouldDraw else { return }
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: Self.width - filled)
        var standardError = StandardError()
        print("\r\(bar) \(completed)/\(total) frames", terminator: "", to: &standardError)
    }

    /// Clears the bar so that the summary starts on a clean line.
    func finish() {
        guard enabled else { return }
        var standardError = StandardError()
        print("\r\u{1B}[K", terminator: "", to: &standardError)
    }
}
