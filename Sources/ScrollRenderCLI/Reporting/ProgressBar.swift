import TextFormat
import FileSystem
import Synchronization

/// A one-line progress bar on stderr, redrawn in place; only when stderr is a terminal.
final class ProgressBar: Sendable {
    private let enabled: Bool
    private let lastDrawn = Mutex(-1)
    /// What the bar counts for, when it is not the render's frames (an export's file).
    private let label = Mutex("")
    static let width = 30

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// An export's progress: a bar of its own for each file, named.
    func update(file: String, completed: Int, total: Int) {
        guard enabled else { return }
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
        guard enabled, total > 0 else { return }
        let filled = completed * Self.width / total
        let shouldDraw = lastDrawn.withLock { last in
            defer { last = completed }
            return completed == total || filled != last * Self.width / total || completed - last >= max(1, total / 100)
        }
        guard shouldDraw else { return }
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: Self.width - filled)
        var standardError = StandardError()
        print("\r\(bar) \(completed)/\(total)\(TextFormat.printable(suffix))", terminator: "", to: &standardError)
    }

    /// Clears the bar so that the summary starts on a clean line.
    func finish() {
        guard enabled else { return }
        var standardError = StandardError()
        print("\r\u{1B}[K", terminator: "", to: &standardError)
    }
}
