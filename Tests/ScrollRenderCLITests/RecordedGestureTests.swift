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
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let replay = try RecordingReplay(name)
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
}
