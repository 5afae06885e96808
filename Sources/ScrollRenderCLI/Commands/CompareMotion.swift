import ArgumentParser
import Foundation
import ScrollRenderKit

/// `scrollrender compare-motion RECORDED.csv OUTDIR`: the model against a team's own recording.
struct CompareMotion: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare-motion",
        abstract: "Compares offsets recorded on a device with a rendered sequence's motion.",
        discussion: """
            RECORDED.csv has a header naming t (s) and offsetY, and optionally offsetX and phase
            (dragging on the rows written while the finger or trackpad dragged); other columns
            and #-comment lines are ignored. Render OUTDIR from the same gesture (a scenario whose
            drag path or trackpad path replays the recorded input; --frames 0 is enough, the
            manifest holds every offset written). Times are aligned at each release.

              scrollrender --scenario flick.json --frames 0 picture.png out/
              scrollrender compare-motion flick-offsets.csv out/
            """)

    @Argument(help: "Offsets recorded on a device: t,offsetY[,offsetX][,phase].")
    var recorded: String

    @Argument(help: "A folder rendered by scrollrender.")
    var outdir: String

    @Option(help: ArgumentHelp("When the finger lifted, in the recording's time, if it has no phase column.", valueName: "SECONDS"))
    var release: Double?

    @Flag(help: "Print the numbers as JSON.")
    var json = false

    func run() throws {
        var text = ""
        try reportingErrors { () throws(ScrollRenderError) in
            let comparison = try RecordedMotionComparison(
                recorded: try RecordedMotion.read(path: recorded), manifest: try Manifest.read(folder: outdir), release: release)
            text = json ? Self.json(comparison) : Self.table(comparison)
        }
        try StandardOutput.write(text + "\n")
    }

    static func json(_ comparison: RecordedMotionComparison) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(comparison)) ?? Data(), as: UTF8.self)
    }

    static func table(_ c: RecordedMotionComparison) -> String {
        func label(_ name: String) -> String { name.padding(toLength: 28, withPad: " ", startingAt: 0) }
        func row(_ name: String, _ recorded: Double, _ model: Double, unit: String = "pt", scale: Double = 1) -> String {
            label(name) + [recorded, model, model - recorded].map { String(format: "%10.2f", $0 * scale) }.joined(separator: " ") + " " + unit
        }
        /// An error alone, under the error column.
        func error(_ name: String, _ value: Double, _ note: String = "") -> String {
            label(name) + String(repeating: " ", count: 22) + String(format: "%10.2f pt", value) + note
        }
        var lines = [label("") + "  recorded      model      error"]
        for (index, g) in c.gestures.enumerated() {
            let name = c.gestures.count > 1 ? "gesture \(index + 1): " : ""
            lines.append(row(name + "offset at release", g.recordedOffsetAtRelease, g.modelOffsetAtRelease))
            lines.append(row(name + "travel after release", g.recordedTravel, g.modelTravel))
            lines.append(error(name + "path after release", g.pathError, String(format: " (shift %+.1f ms)", g.pathShift * 1000)))
            lines.append(error(name + "dragging writes", g.draggingError))
        }
        lines.append(row("resting offset", c.recordedRest, c.modelRest))
        lines.append(row("peak past the rest", c.recordedPeakPastRest, c.modelPeakPastRest))
        lines.append(row("last write after release", c.recordedLastWrite, c.modelLastWrite, unit: "ms", scale: 1000))
        return lines.joined(separator: "\n")
    }
}
