import ArgumentParser
import FileSystem
import Foundation
import FrameDiff
import ScrollRenderKit
import TextFormat

/// `scrollrender compare-motion RECORDED.csv OUTDIR`: the model against a team's own recording,
/// a gate: a verdict line, exit 1 outside the tolerances.
struct CompareMotion: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare-motion",
        abstract: "Compares offsets recorded on a device with a rendered sequence's motion; exit 1 outside the tolerances.",
        discussion: """
            RECORDED.csv has a header naming t (s) and offsetY, and optionally offsetX and phase \
            (dragging on the rows written while the finger or trackpad dragged); other columns are \
            ignored, and #-comment lines may give the view (boundsWidth=… boundsHeight=… scale=…), \
            which a failing verdict compares with the render's. Render OUTDIR from the same gesture \
            (a scenario whose drag path or trackpad path replays the recorded input: \
            recording-to-scenario writes it; --frames 0 is enough, the manifest holds every offset \
            written).

              scrollrender recording-to-scenario flick.csv --touches flick.touches.csv --picture content.png > flick.json
              scrollrender --scenario flick.json --frames 0 content.png out/ && scrollrender compare-motion flick.csv out/

            Times are compared as equal from where the first drag began (UIKit's first dragging \
            write, the model's scrollViewWillBeginDragging), after one constant shift within \
            ±16 ms for all the dragging writes and one for each path after a release; the table \
            says which. Without a phase column the release (--release) aligns them. A recording \
            that ends before its motion came to rest (its header says the next touch lands, or its \
            last row still moves) is compared up to its last row, at that row's time.

            Passes within: ±3 pt for the offset at release, the travel after it, the resting offset, \
            the peak past the rest and every dragging write; 5 pt for the path after release; \
            ±20 ms for the last write after release (the tolerances every recording of the \
            calibration set holds).

            Exit status: 0 within the tolerances, 1 outside them, 64 bad arguments, 65 a bad \
            recording or manifest, 66 missing input, 73 --junit cannot be written.
            """)

    @Argument(help: "Offsets recorded on a device: t,offsetY[,offsetX][,phase].")
    var recorded: String

    @Argument(help: "A folder rendered by scrollrender.")
    var outdir: String

    @Option(help: ArgumentHelp("When the finger lifted, in the recording's time, if it has no phase column.", valueName: "SECONDS"))
    var release: Double?

    @OptionGroup var tolerance: MotionToleranceArguments

    @Flag(help: "Print the numbers, the checks and the verdict as JSON.")
    var json = false

    @OptionGroup var junitArguments: JUnitArguments

    var tolerances: RecordedMotionTolerances { tolerance.tolerances }

    func run() throws {
        let clock = ContinuousClock(), start = clock.now
        var comparison: RecordedMotionComparison?
        try reportingErrors { () throws(ScrollRenderError) in
            if let junit = junitArguments.junit { try OutputPaths.refuseInputs(outputs: [junit], inputs: [OutputPaths.Input(recorded, "the recording"), OutputPaths.Input(outdir, "the rendered sequence")]) }
            do throws(ScrollRenderError) {
                comparison = try RecordedMotionComparison(
                    recorded: try RecordedMotion.read(path: recorded), manifest: try Manifest.read(folder: outdir), release: release)
            } catch {
                try? writeJUnit(JUnitXML(suite: "scrollrender compare-motion", cases: [
                    JUnitXML.TestCase(name: FileSystem.lastComponent(of: recorded), className: "scrollrender.compare-motion",
                                      seconds: (clock.now - start).seconds, error: error.description)]).xml)
                throw error
            }
        }
        guard let comparison else { return }
        let checks = comparison.checks(tolerances)
        let verdict = comparison.verdict(tolerances)
        try writeJUnit(junitXML(checks, seconds: (clock.now - start).seconds))
        try StandardOutput.write((json ? Self.json(comparison, tolerances: tolerances) : Self.table(comparison, tolerances: tolerances)) + "\n")
        guard comparison.passes(tolerances) else {
            throw CommandFailure(message: "motion \(verdict)", status: .differencesFound)
        }
    }

    /// A test case per check, named by the recording and the measure.
    func junitXML(_ checks: [RecordedMotionCheck], seconds: Double) -> String {
        let name = FileSystem.lastComponent(of: recorded)
        return JUnitXML(suite: "scrollrender compare-motion", cases: checks.map { check in
            let values = check.recorded.map { "recorded \(Self.number($0)) \(check.unit), model \(Self.number(check.model ?? 0)) \(check.unit), " } ?? ""
            let line = "\(check.name): \(values)error \(Self.number(check.error)) \(check.unit), tolerance \(check.recorded == nil ? "" : "±")\(TextFormat.number(check.limit)) \(check.unit)"
            return JUnitXML.TestCase(name: "\(name): \(check.name)", className: "scrollrender.compare-motion", seconds: seconds / Double(max(1, checks.count)),
                                     failure: check.passed ? nil : ("motion outside tolerance: \(check.failure)", line), output: line)
        }).xml
    }

    private func writeJUnit(_ xml: String) throws {
        guard let junit = junitArguments.junit else { return }
        do throws(FileSystemError) {
            try FileSystem.writeAtomically(Array(xml.utf8), to: junit)
        } catch {
            throw CommandFailure(message: "\(junit): cannot write the JUnit report: \(error.reason)", status: .cannotCreate)
        }
    }

    static func number(_ value: Double) -> String { String(format: "%.2f", value) }

    /// The comparison's numbers (the keys of ``RecordedMotionComparison``), with the tolerances,
    /// each check, whether all passed and the verdict.
    static func json(_ comparison: RecordedMotionComparison, tolerances: RecordedMotionTolerances) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let output = Output(comparison: comparison, tolerances: tolerances, checks: comparison.checks(tolerances),
                            passed: comparison.passes(tolerances), verdict: comparison.verdict(tolerances))
        return String(decoding: (try? encoder.encode(output)) ?? Data(), as: UTF8.self)
    }

    private struct Output: Encodable {
        var comparison: RecordedMotionComparison
        var tolerances: RecordedMotionTolerances
        var checks: [RecordedMotionCheck]
        var passed: Bool
        var verdict: String

        private enum Keys: String, CodingKey { case tolerances, checks, passed, verdict }

        func encode(to encoder: any Encoder) throws {
            // The comparison's own keys at the top, as before; the gate's beside them.
            try comparison.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(tolerances, forKey: .tolerances)
            try container.encode(checks, forKey: .checks)
            try container.encode(passed, forKey: .passed)
            try container.encode(verdict, forKey: .verdict)
        }
    }

    static func table(_ c: RecordedMotionComparison, tolerances: RecordedMotionTolerances) -> String {
        func label(_ name: String) -> String { name.padding(toLength: 32, withPad: " ", startingAt: 0) }
        func cell(_ value: Double?, _ unit: String) -> String {
            let text = value.map { String(format: "%.2f %@", $0, unit) } ?? ""
            return String(repeating: " ", count: Swift.max(0, 13 - text.count)) + text
        }
        var lines = [label("") + "     recorded        model        error  tolerance"]
        for check in c.checks(tolerances) {
            var line = label(check.name) + [cell(check.recorded, check.unit), cell(check.model, check.unit), cell(check.error, check.unit)].joined()
            line += "  " + "\(check.recorded == nil ? "" : "±")\(TextFormat.number(check.limit)) \(check.unit)".padding(toLength: 9, withPad: " ", startingAt: 0)
            if let shift = check.shift { line += String(format: " (shift %+.1f ms)", shift * 1000) }
            if !check.passed { line += "  OUTSIDE" }
            lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
        }
        if let recordedView = c.recordedView {
            lines.append("view: the recording's \(recordedView), the render's \(c.renderedView ?? "another")")
        }
        lines.append("result: motion " + c.verdict(tolerances))
        return lines.joined(separator: "\n")
    }
}
