import Foundation
import Testing
import ScrollRenderKit

/// Each calibration recording of `../shared/recordings` (three touch, three trackpad) replayed
/// through the public interface — a scenario naming CSV sample logs, rendered, then
/// `scrollrender compare-motion` against the recorded offsets — within the tolerances the model
/// promises. Skipped, with a notice, where the recordings are absent.
@Suite(.enabled(if: RecordingReplay.isAvailable, "../shared/recordings is absent: recorded gestures skipped"))
struct RecordedGestureTests {
    static let recordings = [
        "device-flick", "medium-flick", "slow-drag-release", "trackpad-medium-flick", "trackpad-creep", "trackpad-overscroll-release",
    ]

    /// Renders the replay and compares it with the recording.
    static func compare(_ name: String) throws -> RecordedMotionComparison {
        try compare(RecordingReplay(name))
    }

    static func compare(_ replay: RecordingReplay) throws -> RecordedMotionComparison {
        let name = replay.name
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (scenario, picture) = try replay.write(in: folder)
        let out = folder.appendingPathComponent("out").path
        let render = try CommandRunner.run(["--quiet", "--scenario", scenario, "--frames", "0", picture, out])
        #expect(render.status == 0, "\(render.standardError)")
        let compared = try CommandRunner.run(["compare-motion", "--json", replay.recordingPath, out])
        #expect(compared.status == 0, "\(compared.standardError)")
        let table = try CommandRunner.run(["compare-motion", replay.recordingPath, out])
        print("\(name):\n\(table.standardOutput)")
        return try JSONDecoder().decode(RecordedMotionComparison.self, from: Data(compared.standardOutput.utf8))
    }

    @Test(arguments: recordings)
    func replayHoldsTheRecording(_ name: String) throws {
        let c = try Self.compare(name)
        #expect(!c.gestures.isEmpty)
        for g in c.gestures {
            #expect(abs(g.modelOffsetAtRelease - g.recordedOffsetAtRelease) <= 3, "offset at release")
            #expect(abs(g.modelTravel - g.recordedTravel) <= 3, "travel after release")
            #expect(g.draggingError <= 3, "dragging writes (the rubber band during a pull)")
            #expect(g.pathError <= 5, "path after release")
        }
        #expect(abs(c.modelRest - c.recordedRest) <= 3, "resting offset")
        #expect(abs(c.modelPeakPastRest - c.recordedPeakPastRest) <= 3, "peak past the rest")
        #expect(abs(c.modelLastWrite - c.recordedLastWrite) <= 0.020, "last write after release")
    }

    /// A trackpad catch, spliced from `trackpad-medium-flick`: its rows as recorded until about
    /// 1 s after the release, then a pan that catches the deceleration as UIKit was recorded doing
    /// it (issue 39: the halt written a frame after the last deceleration write, at that write's
    /// offset on the 0.5-pt grid, translation 0), dragging the other way for three frames and
    /// lifting too slowly to decelerate. The model must halt at the last tick (the travel until
    /// the catch) and count the reversal from the halt (its release offset).
    @Test func trackpadCatchHaltsAtTheLastTickAndReverses() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let replay = try Self.writeTrackpadCatch(in: folder)
        let c = try Self.compare(replay)
        try #require(c.gestures.count == 2)
        let (flick, reversal) = (c.gestures[0], c.gestures[1])
        // Within the replay contract's 3 pt; a frame's travel here is 12 pt, the first reversal frame 3.4.
        #expect(abs(flick.modelTravel - flick.recordedTravel) <= 3, "travel until the catch: the halt")
        #expect(abs(reversal.modelOffsetAtRelease - reversal.recordedOffsetAtRelease) <= 3, "the reversal's release")
        #expect(reversal.draggingError <= 3, "the halt and the reversal's writes")
        #expect(abs(c.modelRest - c.recordedRest) <= 3)
    }

    /// Writes the spliced recording (see ``trackpadCatchHaltsAtTheLastTickAndReverses()``).
    static func writeTrackpadCatch(in folder: URL) throws -> RecordingReplay {
        let source = try RecordingReplay("trackpad-medium-flick")
        let rows = source.offsets.rows
        let release = rows.lastIndex { $0["phase"] == "dragging" }!
        let t = { (row: [String: String]) in Double(row["t"]!)! }
        let last = rows.lastIndex { t($0) <= t(rows[release]) + 1 }!
        let frame = t(rows[last]) - t(rows[last - 1])
        let halt = (Double(rows[last]["offsetY"]!)! * 2).rounded() / 2
        var lines = rows[...last].map { row in
            ["t", "phase", "offsetY", "translationY", "velocityY", "translationX", "velocityX"].map { row[$0] ?? "" }
                .joined(separator: ",")
        }
        var time = t(rows[last]) + frame
        lines.append("\(time),dragging,\(halt),0,0,0,0")
        for translation in [3.4, 6.6, 9.4] {
            time += frame
            lines.append("\(time),dragging,\(((halt - translation) * 2).rounded() / 2),\(translation),0,0,0")
        }
        let geometry = ["boundsWidth", "boundsHeight", "contentWidth", "contentHeight", "scale"]
            .map { "\($0)=\(source.offsets.note($0)!)" }.joined(separator: " ")
        let csv = "# spliced from trackpad-medium-flick: a trackpad catch and reversal\n# \(geometry) ; releaseTime = \(time)\n"
            + "t,phase,offsetY,translationY,velocityY,translationX,velocityX\n" + lines.joined(separator: "\n") + "\n"
        try csv.write(to: folder.appendingPathComponent("trackpad-catch.csv"), atomically: true, encoding: .utf8)
        return try RecordingReplay("trackpad-catch", in: folder)
    }
}
