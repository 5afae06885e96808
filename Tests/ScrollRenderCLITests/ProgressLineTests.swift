import Synchronization
import Testing
@testable import ScrollRenderCLI

/// Long runs (diff, export) are seen to be alive in a CI log: where stderr is not a terminal,
/// progress is a plain line every few seconds — no carriage return, no escape sequence.
@Suite struct ProgressLineTests {
    /// What a progress writer printed, and a clock the test moves.
    final class Log: Sendable {
        let text = Mutex("")
        let now = Mutex(0.0)
    }

    static func progress(_ style: ProgressBar.Style, _ log: Log, activity: String = "compared") -> ProgressBar {
        ProgressBar(style: style, activity: activity, write: { text in log.text.withLock { $0 += text } },
                    elapsed: { log.now.withLock { $0 } })
    }

    @Test func aLogGetsALineEveryFewSeconds() {
        let log = Log()
        let progress = Self.progress(.lines(every: 5), log)
        for (second, done) in [(0.5, 1), (3.0, 10), (5.5, 40), (7.0, 60), (10.4, 80), (11.0, 120), (16.0, 190)] {
            log.now.withLock { $0 = second }
            progress.update(completed: done, total: 190)
        }
        progress.finish()
        // At 5.5 s and 11 s; none at the end, which the summary reports.
        #expect(log.text.withLock { $0 } == "scrollrender: compared 40 of 190 frames (5 s)\nscrollrender: compared 120 of 190 frames (11 s)\n")
    }

    @Test func anExportsLinesNameItsFileAndNeverRedraw() {
        let log = Log()
        let progress = Self.progress(.lines(every: 5), log, activity: "exported")
        log.now.withLock { $0 = 6 }
        progress.update(file: "out/demo\u{1B}[2J.gif", completed: 30, total: 190)
        progress.finish()
        let text = log.text.withLock { $0 }
        #expect(text == "scrollrender: exported 30 of 190 frames of demo\\u{1b}[2J.gif (6 s)\n", "\(text)")
        #expect(!text.contains("\r") && !text.unicodeScalars.contains("\u{1B}"))
    }

    @Test func aTerminalGetsTheBarAndQuietNothing() {
        let bar = Log()
        let terminal = Self.progress(.bar, bar)
        terminal.update(completed: 95, total: 190)
        terminal.finish()
        #expect(bar.text.withLock { $0 }.hasPrefix("\r███████████████") && bar.text.withLock { $0 }.hasSuffix("\r\u{1B}[K"))
        let quiet = Log()
        let none = Self.progress(.none, quiet)
        quiet.now.withLock { $0 = 60 }
        none.update(completed: 5, total: 10)
        none.finish()
        #expect(quiet.text.withLock { $0 }.isEmpty)
    }
}
