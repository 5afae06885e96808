import Foundation
import Testing
import _ScrollRenderTestSupport
import ScrollRenderKit

/// Each calibration recording of `../shared/recordings` (four touch, three trackpad) replayed as a
/// team replays its own — `scrollrender recording-to-scenario`, a render, then
/// `scrollrender compare-motion` — within the tolerances the model promises, and a model broken on
/// purpose caught by the same gate. Skipped, with a notice, where the recordings are absent.
@Suite(.enabled(if: SharedRecordings.isAvailable, "../shared/recordings is absent: recorded gestures skipped"))
struct RecordedGestureTests {
    static let folder = SharedRecordings.folder

    static let recordings = [
        "device-flick", "medium-flick", "slow-drag-release", "repeat-flick-first-four", "trackpad-medium-flick", "trackpad-creep",
        "trackpad-overscroll-release",
    ]

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// `recording-to-scenario`'s arguments for a recording: its touches and rubber-band log when it has them.
    static func conversion(_ name: String) -> [String] {
        conversion(recording: path("\(name).csv"))
    }

    static func conversion(recording: String) -> [String] {
        var arguments = ["recording-to-scenario", recording]
        let stem = String(recording.dropLast(4))
        for (option, suffix) in [("--touches", "touches"), ("--rubberband", "rubberband")]
        where FileManager.default.fileExists(atPath: "\(stem).\(suffix).csv") {
            arguments += [option, "\(stem).\(suffix).csv"]
        }
        return arguments
    }

    /// The two commands of the README: the scenario and its picture, then the render of its motion.
    static func replay(_ name: String, in folder: URL, extra: [String] = []) throws -> String {
        try replay(recording: path("\(name).csv"), in: folder, extra: extra)
    }

    static func replay(recording: String, in folder: URL, extra: [String] = []) throws -> String {
        let picture = folder.appendingPathComponent("content.png").path
        let converted = ScrollrenderCommand.run(conversion(recording: recording) + ["--picture", picture])
        try #require(converted.status == 0, "\(converted.standardError)")
        let scenario = folder.appendingPathComponent("scenario.json")
        try Data(converted.standardOutput.utf8).write(to: scenario)
        let out = folder.appendingPathComponent("out\(extra.joined())").path
        let render = ScrollrenderCommand.run(["--scenario", scenario.path, "--frames", "0"] + extra + [picture, out])
        try #require(render.status == 0, "\(render.standardError)")
        // A selection that is not a shard is not a part to merge.
        #expect(!render.standardError.contains("merge"), "\(render.standardError)")
        return out
    }

    @Test(arguments: recordings)
    func replayHoldsTheRecording(_ name: String) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try Self.replay(name, in: folder)
        let compared = ScrollrenderCommand.run(["compare-motion", "--json", Self.path("\(name).csv"), out])
        #expect(compared.status == 0, "\(compared.standardError)")
        let c = try JSONDecoder().decode(RecordedMotionComparison.self, from: Data(compared.standardOutput.utf8))
        #expect(!c.gestures.isEmpty)
        for g in c.gestures {
            #expect(abs(g.modelOffsetAtRelease - g.recordedOffsetAtRelease) <= 3, "offset at release")
            #expect(abs(g.modelTravel - g.recordedTravel) <= 3, "travel after release")
            #expect(g.draggingError <= 3, "dragging writes (the rubber band during a pull)")
            #expect(g.pathError <= 5, "path after release")
        }
        #expect(abs(c.modelRest - c.recordedRest) <= 3, "resting offset (or the offset at the last row of a take cut before its rest)")
        #expect(abs(c.modelPeakPastRest - c.recordedPeakPastRest) <= 3, "peak past the rest")
        #expect(abs(c.modelLastWrite - c.recordedLastWrite) <= 0.020, "last write after release")
        #expect(c.endsBeforeRest == (name == "repeat-flick-first-four") && c.recordedView == nil)
        // The gate agrees with the numbers, and says so in one line.
        #expect(c.passes())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(compared.standardOutput.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == true && (object["verdict"] as? String)?.hasPrefix("within tolerance") == true)
        let table = ScrollrenderCommand.run(["compare-motion", Self.path("\(name).csv"), out])
        #expect(table.status == 0 && table.standardOutput.hasSuffix("result: motion within tolerance (offsets ±3 pt, path 5 pt, last write ±20 ms)\n"),
                "\(table.standardOutput)")
        print("\(name):\n\(table.standardOutput)")
    }

    /// A model broken on purpose (`--deceleration fast`) is caught: exit 1, the verdict naming
    /// what is off, in the text, the JSON and the JUnit file; a tolerance wide enough passes it.
    @Test func aBrokenModelFailsTheGate() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try Self.replay("device-flick", in: folder, extra: ["--deceleration", "fast"])
        let junit = folder.appendingPathComponent("motion.xml").path
        let compared = ScrollrenderCommand.run(["compare-motion", Self.path("device-flick.csv"), out, "--junit", junit])
        #expect(compared.status == 1, "\(compared.standardError)")
        #expect(compared.standardOutput.contains("resting offset") && compared.standardOutput.contains("OUTSIDE"), "\(compared.standardOutput)")
        #expect(compared.standardError.hasPrefix("scrollrender: motion OUTSIDE TOLERANCE: ") && compared.standardError.contains("resting offset "),
                "\(compared.standardError)")
        #expect(compared.standardError.contains("last write after release ") && compared.standardError.split(separator: "\n").count == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("failures=\"4\"") && xml.contains("name=\"device-flick.csv: resting offset\""), "\(xml)")
        #expect(xml.contains("<failure message=\"motion outside tolerance: resting offset "), "\(xml)")
        #expect(try JUnitSchema.check(junit).status == 0)
        let json = ScrollrenderCommand.run(["compare-motion", "--json", Self.path("device-flick.csv"), out])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(json.status == 1 && object["passed"] as? Bool == false)
        let failing = (object["checks"] as? [[String: Any]] ?? []).filter { $0["passed"] as? Bool == false }.compactMap { $0["name"] as? String }
        #expect(failing == ["travel after release", "path after release", "resting offset", "last write after release"], "\(failing)")
        // The tolerances are options: wide enough, the same render passes.
        let wide = ScrollrenderCommand.run(["compare-motion", Self.path("device-flick.csv"), out,
                                          "--offset-tolerance", "2000", "--path-tolerance", "2000", "--time-tolerance", "3000"])
        #expect(wide.status == 0 && wide.standardOutput.contains("within tolerance (offsets ±2000 pt, path 2000 pt, last write ±3000 ms)"), "\(wide.standardOutput)")
        #expect(ScrollrenderCommand.run(["compare-motion", Self.path("device-flick.csv"), out, "--time-tolerance", "-1"]).status == 64)
    }

    /// Issue 46: the take cut where its fifth touch lands is compared up to its last row, at that
    /// row's time — its "rest" is that row, nothing after it is invented; each of its three catches
    /// begins its drag a sample late, on the tick the recording's phase puts it on, and every
    /// dragging write matches after one shift for the whole take, which the table names.
    @Test func theCutTakeIsComparedUpToItsLastRow() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try Self.replay("repeat-flick-first-four", in: folder)
        let table = ScrollrenderCommand.run(["compare-motion", Self.path("repeat-flick-first-four.csv"), out])
        #expect(table.status == 0, "\(table.standardOutput)")
        let lines = table.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("offset at the last row") && $0.contains("9782.97 pt") })
        #expect(!lines.contains { $0.hasPrefix("resting offset") } && lines.contains { $0.hasPrefix("last write up to the last row") })
        // Units on every value, and the dragging writes' one shift on each gesture's row.
        for line in lines.dropFirst().dropLast() {
            #expect(line.contains(" pt") || line.contains(" ms"), "\(line)")
        }
        let dragging = lines.filter { $0.contains("dragging writes") }
        let shifts = dragging.compactMap { line in line.range(of: "(shift ").map { String(line[$0.lowerBound...]) } }
        #expect(dragging.count == 4 && shifts.count == 4 && Set(shifts).count == 1, "\(dragging)")
        let json = try JSONDecoder().decode(RecordedMotionComparison.self, from: Data(ScrollrenderCommand.run(
            ["compare-motion", "--json", Self.path("repeat-flick-first-four.csv"), out]).standardOutput.utf8))
        #expect(abs(json.draggingShift) <= RecordedMotionComparison.shiftWindow && json.endsBeforeRest)
    }

    /// A recording that ends mid-deceleration without saying so (medium-flick cut 0.6 s after its
    /// release, its last row still moving 16 pt a frame) is compared up to that row as well: the
    /// model's motion there, not its rest 1.2 s later.
    @Test func aRecordingCutWhileMovingIsComparedUpToItsLastRow() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: Self.path("medium-flick.csv"), encoding: .utf8)
        let kept = text.split(separator: "\n").filter { line in
            guard let time = line.split(separator: ",").first.flatMap({ Double($0) }) else { return true }
            return time <= 1.55
        }
        let cut = folder.appendingPathComponent("medium-flick.csv")
        try (kept.joined(separator: "\n") + "\n").write(to: cut, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.path("medium-flick.touches.csv"), toPath: folder.appendingPathComponent("medium-flick.touches.csv").path)
        let out = try Self.replay(recording: cut.path, in: folder)
        let compared = ScrollrenderCommand.run(["compare-motion", "--json", cut.path, out])
        #expect(compared.status == 0, "\(compared.standardOutput)")
        let c = try JSONDecoder().decode(RecordedMotionComparison.self, from: Data(compared.standardOutput.utf8))
        #expect(c.endsBeforeRest && c.recordedRest < 2000 && abs(c.modelRest - c.recordedRest) <= 3)
        #expect(abs(c.modelLastWrite - c.recordedLastWrite) <= 0.020)
    }

    /// A touch recording converted without its touches is refused with the reason (it would
    /// replay as a trackpad gesture), and a failing comparison names a render whose view is not
    /// the recording's.
    @Test func toolsSayWhatIsWrong() throws {
        let refused = ScrollrenderCommand.run(["recording-to-scenario", Self.path("medium-flick.csv")])
        #expect(refused.status == 64 && refused.standardOutput.isEmpty, "\(refused.standardError)")
        #expect(refused.standardError.contains("says its input was touch") && refused.standardError.contains("--touches"), "\(refused.standardError)")
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try Self.replay("device-flick", in: folder, extra: ["--size", "402x874", "--deceleration", "fast"])
        let compared = ScrollrenderCommand.run(["compare-motion", Self.path("device-flick.csv"), out])
        #expect(compared.status == 1, "\(compared.standardOutput)")
        #expect(compared.standardError.hasSuffix("; the recording's view is 420×912 @3x, the render's 402×874 @3x\n"), "\(compared.standardError)")
        #expect(compared.standardOutput.contains("view: the recording's 420×912 @3x, the render's 402×874 @3x"), "\(compared.standardOutput)")
    }

    /// Issue 39: a trackpad catch, spliced from `trackpad-medium-flick`: its rows as recorded until
    /// about 1 s after the release, then a pan that catches the deceleration as UIKit was recorded
    /// doing it (the halt written a frame after the last deceleration write, at that write's
    /// offset on the 0.5-pt grid, translation 0), dragging the other way for three frames and
    /// lifting too slowly to decelerate. The model must halt at the last tick (the travel until
    /// the catch) and count the reversal from the halt (its release offset).
    @Test func trackpadCatchHaltsAtTheLastTickAndReverses() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try Self.writeTrackpadCatch(in: folder)
        let out = try Self.replay(recording: recording, in: folder)
        let compared = ScrollrenderCommand.run(["compare-motion", "--json", recording, out])
        let c = try JSONDecoder().decode(RecordedMotionComparison.self, from: Data(compared.standardOutput.utf8))
        try #require(c.gestures.count == 2)
        let (flick, reversal) = (c.gestures[0], c.gestures[1])
        // Within the replay contract's 3 pt; a frame's travel here is 12 pt, the first reversal frame 3.4.
        #expect(abs(flick.modelTravel - flick.recordedTravel) <= 3, "travel until the catch: the halt")
        #expect(abs(reversal.modelOffsetAtRelease - reversal.recordedOffsetAtRelease) <= 3, "the reversal's release")
        #expect(reversal.draggingError <= 3, "the halt and the reversal's writes")
        #expect(abs(c.modelRest - c.recordedRest) <= 3)
    }

    /// Issue 46: a trackpad catch whose fingers rest two frames on the halt, then flick back. UIKit
    /// measures the first movement over the time since the movement began — 8 ms before its first
    /// row here, as its recognizer's velocities (written by R2 from that instant) say — not since
    /// the halt: the replay's release velocity is UIKit's 0.75·V_prev + 0.25·V_last of the rows
    /// (648 pt/s), where counting from the halt gave 522.
    @Test func trackpadCatchMeasuresItsFirstMovementFromWhenItBegan() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frame = 1.0 / 60
        let (s1, s2, s3) = (2 / 0.008, 18 / frame, 40 / frame)
        let velocities = [s1, 0.2 * s2 + 0.8 * s1, 0.2 * s3 + 0.8 * s2]
        let recording = try Self.writeTrackpadCatch(in: folder, rest: 2, reversal: zip([2.0, 20, 60], velocities).map { ($0, $1) })
        let scenario = try JSONDecoder().decode(ConvertedScenario.self, from: Data(ScrollrenderCommand.run(Self.conversion(recording: recording)).standardOutput.utf8))
        let reversal = try #require(scenario.timeline.last?.trackpad?.path)
        #expect(reversal.count == 5 && reversal[1][1...] == [0, 0] && abs(reversal[2][0] - reversal[1][0] - 0.008) < 1e-9, "\(reversal)")
        let out = try Self.replay(recording: recording, in: folder)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("manifest.json"))) as? [String: Any]
        let events = try #require(manifest?["events"] as? [[String: Any]])
        let release = try #require(events.last { $0["name"] as? String == "scrollViewWillEndDragging" }?["velocity"] as? [String: Double])
        let uikit = 0.75 * velocities[1] + 0.25 * velocities[2]
        #expect(abs(-(release["y"] ?? 0) * 1000 - uikit) < 1, "\(release) against \(uikit)")
    }

    /// Writes the spliced recording (see ``trackpadCatchHaltsAtTheLastTickAndReverses()``): the
    /// halt, `rest` frames without input, then the `reversal` rows (translation, recognizer
    /// velocity; velocity 0 unless given); its path.
    static func writeTrackpadCatch(in folder: URL, rest: Int = 0,
                                   reversal: [(Double, Double)] = [(3.4, 0), (6.6, 0), (9.4, 0)]) throws -> String {
        let text = try String(contentsOfFile: path("trackpad-medium-flick.csv"), encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        let notes = lines.filter { $0.hasPrefix("#") }.joined(separator: " ")
        func note(_ key: String) -> String {
            let start = notes.range(of: key + "=")!.upperBound
            return String(notes[start...].prefix { !$0.isWhitespace && $0 != ";" })
        }
        let data = lines.filter { !$0.hasPrefix("#") }
        let columns = data[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let rows = data.dropFirst().map { line in
            Dictionary(uniqueKeysWithValues: zip(columns, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
        let release = rows.lastIndex { $0["phase"] == "dragging" }!
        let t = { (row: [String: String]) in Double(row["t"]!)! }
        let last = rows.lastIndex { t($0) <= t(rows[release]) + 1 }!
        let frame = t(rows[last]) - t(rows[last - 1])
        let halt = (Double(rows[last]["offsetY"]!)! * 2).rounded() / 2
        var written = rows[...last].map { row in
            ["t", "phase", "offsetY", "translationY", "velocityY", "translationX", "velocityX"].map { row[$0] ?? "" }.joined(separator: ",")
        }
        var time = t(rows[last]) + frame
        written.append("\(time),dragging,\(halt),0,0,0,0")
        time += Double(rest) * frame
        for (translation, velocity) in reversal {
            time += frame
            written.append("\(time),dragging,\(((halt - translation) * 2).rounded() / 2),\(translation),\(velocity),0,0")
        }
        let geometry = ["boundsWidth", "boundsHeight", "contentWidth", "contentHeight", "scale"].map { "\($0)=\(note($0))" }.joined(separator: " ")
        let csv = "# spliced from trackpad-medium-flick: a trackpad catch and reversal\n# \(geometry) ; releaseTime = \(time)\n"
            + "t,phase,offsetY,translationY,velocityY,translationX,velocityX\n" + written.joined(separator: "\n") + "\n"
        let file = folder.appendingPathComponent("trackpad-catch.csv")
        try csv.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// `recording-to-scenario`'s scenario of a recording, without a picture.
    static func converted(_ name: String) throws -> ConvertedScenario {
        let result = ScrollrenderCommand.run(Self.conversion(name))
        try #require(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("render it over a picture of "), "\(result.standardError)")
        return try JSONDecoder().decode(ConvertedScenario.self, from: Data(result.standardOutput.utf8))
    }

    /// The converter's scenario is the hand conversion the recordings' README describes, worked
    /// out here from the recordings' own numbers: a touch flick, a trackpad flick (its
    /// velocity's sample before the first row), a creep whose fingers rest before lifting, and a
    /// pull that starts past the edge (its rubber band's first input).
    @Test func theScenarioIsTheReadmesHandConversion() throws {
        func scenario(_ name: String) throws -> ConvertedScenario { try Self.converted(name) }
        func path(_ scenario: ConvertedScenario, _ key: String) throws -> [[Double]] {
            let step = scenario.timeline[0]
            return try #require(key == "drag" ? step.drag?.path : step.trackpad?.path)
        }
        // device-flick: 420×912 @3, content 420×6000, at rest at 0; the touches' six samples from touch-down.
        let flick = try scenario("device-flick")
        let settings = flick.settings
        #expect(settings.size == [420, 912] && settings.scale == 3 && settings.offset == [0, 0] && flick.timeline.count == 1)
        #expect(settings.imageScale == 1.0 / 6)
        let touches = try path(flick, "drag")
        let began = 1.0692355416395003
        #expect(touches.count == 6)
        #expect(touches.first == [0, 243.33333333333331, 600.6666666666666])
        #expect(touches.last == [1.1234095416439231 - began, 267, 393])
        // trackpad-medium-flick: a [0, 0, 0] sample at t₀ = 0.66610… − 19.41…/1740.59… s, then the three rows.
        let pan = try path(try scenario("trackpad-medium-flick"), "trackpad")
        let t0 = 0.6661038333550096 - min(19.411544799804688 / 1740.5941611036437, 1.0 / 30)
        #expect(pan == [[0, 0, 0], [0.6661038333550096 - t0, 0, -19.411544799804688],
                        [0.6824436248280108 - t0, 1.58355712890625, -96.72236633300781],
                        [0.699305749963969 - t0, 15.275650024414062, -246.91668701171875]])
        // trackpad-creep: fingers held still until releaseTime, more than 50 ms after the last row.
        let creep = try path(try scenario("trackpad-creep"), "trackpad")
        let creepStart = 0.9164267498999834 - min((1.8236541748046875 * 1.8236541748046875).squareRoot() / hypot(-17.579992707197324, -328.2454826814195), 1.0 / 30)
        #expect(creep.last?[0] == 4.649607124738395 - creepStart && creep[creep.count - 1][1...] == creep[creep.count - 2][1...])
        // trackpad-overscroll-release: y₀ = 4972.02… − 4.02… = 4968, the first rubber-band input plus its translation.
        let overscroll = try scenario("trackpad-overscroll-release")
        #expect(overscroll.settings.offset == [0, 4968])
        // Without the rubber-band log, the first write (4970.87, banded) comes back through the
        // trackpad's band to the same start.
        let unbanded = ScrollrenderCommand.run(["recording-to-scenario", Self.path("trackpad-overscroll-release.csv")])
        #expect(try JSONDecoder().decode(ConvertedScenario.self, from: Data(unbanded.standardOutput.utf8)).settings.offset == [0, 4968])
        // Issue 46: a touch pull from rest at the bottom edge whose first write jumps 25 pt past the
        // slop is banded (5126 + f(25)); without a rubber-band log its start comes back through the
        // touch's band to the edge, not 25 − f(25) = 11.4 pt short of it.
        let pullFolder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: pullFolder) }
        let banded = 5126 + 25 * 0.55 * 874 / (874 + 0.55 * 25)
        let pullCSV = pullFolder.appendingPathComponent("pull.csv"), pullTouches = pullFolder.appendingPathComponent("pull.touches.csv")
        try "# TOUCH input\n# boundsWidth=402 boundsHeight=874 contentWidth=402 contentHeight=6000 scale=3\nt,phase,offsetY,translationY\n1,dragging,\(banded),-25\n1.1,decelerating,5126\n"
            .write(to: pullCSV, atomically: true, encoding: .utf8)
        try "t,phase,cx,cy\n0.9,began,200,600\n0.98,moved,200,565\n1.05,ended,200,565\n".write(to: pullTouches, atomically: true, encoding: .utf8)
        let pull = ScrollrenderCommand.run(["recording-to-scenario", pullCSV.path, "--touches", pullTouches.path])
        #expect(try JSONDecoder().decode(ConvertedScenario.self, from: Data(pull.standardOutput.utf8)).settings.offset == [0, 5126], "\(pull.standardError)")
        // A recording without its # header's geometry is refused by line, naming what is needed.
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bare = folder.appendingPathComponent("bare.csv")
        try "t,phase,offsetY,translationY\n0,dragging,0,0\n".write(to: bare, atomically: true, encoding: .utf8)
        let refused = ScrollrenderCommand.run(["recording-to-scenario", bare.path])
        #expect(refused.status == 65 && refused.standardError.contains("bare.csv:1:1: the # header must give scale="), "\(refused.standardError)")
    }
}

/// The calibration recordings beside the package.
enum SharedRecordings {
    static let folder = TestFiles.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/recordings")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: folder.path) }
}

/// A scenario as `recording-to-scenario` writes it, decoded by JSONDecoder, which reads every
/// digit (JSONSerialization rounds some doubles).
struct ConvertedScenario: Decodable {
    struct Settings: Decodable { var size: [Double], scale: Double, offset: [Double], imageScale: Double }
    struct Step: Decodable {
        struct Path: Decodable { var path: [[Double]] }
        var at: Double?, drag: Path?, trackpad: Path?
    }
    var settings: Settings
    var timeline: [Step]
}
