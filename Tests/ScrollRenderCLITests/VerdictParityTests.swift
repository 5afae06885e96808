import Foundation
import Geometry
import ScrollRenderKit
import ScrollRenderTesting
import Testing
import _ScrollRenderTestSupport

/// Issue 43: `diff`, `test` and `verifyScrollSnapshot` are one golden check, so on the same golden
/// and the same motion they give the same verdict in the same words.
@Suite struct VerdictParityTests {
    static let view = ["--size", "60x90", "--scale", "1", "--fps", "10", "--hold", "0"]

    static func settings(fling: Double) throws -> RenderSettings {
        var settings = RenderSettings()
        try settings.set(.size, to: .size(Size(width: 60, height: 90)))
        try settings.set(.scale, to: .number(1))
        try settings.set(.fps, to: .number(10))
        try settings.set(.hold, to: .number(0))
        settings.steps = [.at(0, .fling(velocity: Point(x: 0, y: fling)))]
        return settings
    }

    /// The three verdicts on a golden of a 600-pt/s fling, for a render flung at `fling`.
    static func verdicts(fling: Double, in folder: URL) throws -> (snapshot: String?, diff: CommandResult, test: CommandResult) {
        let picture = try RenderFixtures.write(RenderFixtures.picture(width: 60, height: 400), named: "p.png", in: folder)
        let snapshots = folder.appendingPathComponent("snapshots").path, suite = folder.appendingPathComponent("suite").path
        _ = try verifyScrollSnapshot(of: picture, settings: settings(fling: 600), named: "fling", record: .missing, snapshotsFolder: snapshots)
        let snapshot = try verifyScrollSnapshot(of: picture, settings: settings(fling: fling), named: "fling", record: .never, snapshotsFolder: snapshots)
        let out = folder.appendingPathComponent("out").path
        try #require(ScrollrenderCommand.run(["--quiet"] + view + ["--fling", "\(Int(fling))", picture, out]).status == 0)
        let diff = ScrollrenderCommand.run(["diff", snapshots + "/fling", out])
        try FileManager.default.createDirectory(atPath: suite + "/goldens", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: snapshots + "/fling", toPath: suite + "/goldens/fling")
        let scenario = #"{"settings": {"size": [60, 90], "scale": 1, "fps": 10, "hold": 0}, "timeline": [{"fling": \#(Int(fling))}]}"#
        try Data(scenario.utf8).write(to: URL(fileURLWithPath: suite + "/fling.json"))
        let test = ScrollrenderCommand.run(["test", suite, "--picture", picture])
        return (snapshot, diff, test)
    }

    /// The line of `text` that gives the motion's verdict, up to its first figure of frames.
    static func motionVerdict(_ text: String) -> String? {
        guard let start = text.range(of: "motion parts at frame ") else { return nil }
        return String(text[start.lowerBound...].prefix { $0 != ";" && $0 != "\n" })
    }

    @Test func theSamePairPassesEverywhere() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (snapshot, diff, test) = try Self.verdicts(fling: 600, in: folder)
        #expect(snapshot == nil)
        #expect(diff.status == 0 && test.status == 0, "\(diff.standardOutput)\(diff.standardError)\(test.standardOutput)\(test.standardError)")
    }

    @Test func aChangedFlingFailsEverywhereInTheSameWords() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (snapshot, diff, test) = try Self.verdicts(fling: 700, in: folder)
        let words = try #require(Self.motionVerdict(snapshot ?? ""), "\(snapshot ?? "passed")")
        #expect(words.hasPrefix("motion parts at frame 1 (t = 0.1 s): contentOffset expected"), "\(words)")
        #expect(diff.status == 1 && Self.motionVerdict(diff.standardOutput + diff.standardError) == words, "\(diff.standardOutput)\(diff.standardError)")
        #expect(test.status == 1 && Self.motionVerdict(test.standardOutput + test.standardError) == words, "\(test.standardOutput)\(test.standardError)")
    }
}
