import Foundation
import Testing
import _ScrollRenderTestSupport

/// Issue 44: recording-to-scenario reads a recording as hostile input — its content sizes within
/// the memory limit, its values finite and in order — and its picture never replaces a file it did
/// not write.
@Suite struct RecordingToScenarioSafetyTests {
    static let recording = TestFiles.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/recordings/trackpad-medium-flick.csv").path

    /// The recording with `change` applied to its text, in `folder`.
    static func recording(in folder: URL, _ change: (String) -> String) throws -> String {
        let path = folder.appendingPathComponent("r.csv").path
        try change(try String(contentsOfFile: recording, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aHugeContentIsRefusedBeforeAnythingIsAllocated() throws {
        try #require(FileManager.default.fileExists(atPath: Self.recording), "../shared/recordings is absent")
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let huge = try Self.recording(in: folder) {
            $0.replacingOccurrences(of: "contentWidth=1032", with: "contentWidth=99997").replacingOccurrences(of: "contentHeight=6000", with: "contentHeight=99999")
        }
        let picture = folder.appendingPathComponent("p.png").path
        let result = ScrollrenderCommand.run(["recording-to-scenario", huge, "--picture", picture, "--max-memory", "2000"])
        #expect(result.status == 64 && result.standardOutput.isEmpty, "\(result.standardError)")
        #expect(result.standardError.hasSuffix("p.png: the stand-in picture of 99997×99999 pixels needs about 80 GB, over the memory limit of 2 GB; render over a picture of your own at the scenario's imageScale, or raise --max-memory\n"),
                "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: picture))
    }

    @Test(arguments: [("-246.91668701171875", "nan"), ("0.699305749963969", "0.6")])
    func aValueThatIsNoNumberOrGoesBackIsRefusedByItsLine(_ value: String, _ replacement: String) throws {
        try #require(FileManager.default.fileExists(atPath: Self.recording), "../shared/recordings is absent")
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = try Self.recording(in: folder) { $0.replacingOccurrences(of: value, with: replacement) }
        let result = ScrollrenderCommand.run(["recording-to-scenario", bad])
        #expect(result.status == 65 && result.standardError.contains("r.csv:13:"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func thePictureReplacesOnlyItself() throws {
        try #require(FileManager.default.fileExists(atPath: Self.recording), "../shared/recordings is absent")
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("p.png").path
        #expect(ScrollrenderCommand.run(["recording-to-scenario", Self.recording, "--picture", picture]).status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: picture))
        // The same command again finds its own picture there.
        #expect(ScrollrenderCommand.run(["recording-to-scenario", Self.recording, "--picture", picture]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: picture)) == written)
        // Someone's file is kept byte for byte.
        let theirs = folder.appendingPathComponent("theirs.png").path
        try Data("their picture".utf8).write(to: URL(fileURLWithPath: theirs))
        let refused = ScrollrenderCommand.run(["recording-to-scenario", Self.recording, "--picture", theirs])
        #expect(refused.status == 73 && refused.standardError.contains("replaces only the picture it wrote there"), "\(refused.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: theirs)) == Data("their picture".utf8))
        // And the recording itself is never the picture.
        let copy = try Self.recording(in: folder) { $0 }
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        #expect(ScrollrenderCommand.run(["recording-to-scenario", copy, "--picture", copy]).status != 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }
}
