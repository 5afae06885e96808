import FileSystem
import Geometry
import Foundation
import ScrollPhysics
@testable import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// Issue 35: a golden is never recorded from part of a sequence (a `--frames` or `--shard`
/// render), frame golden or motion golden, and the golden is left as it was.
@Suite struct GoldenRecorderTests {
    /// A small fling, all of it or only `frames`, rendered into a new folder under `root`.
    static func render(_ name: String, in root: String, velocity: Double = 400, frames: FrameSelection = .all) throws -> String {
        var settings = try RenderSettingsTests.small()
        settings.steps = [.at(0, .touches(.fling(velocity: Point(x: 0, y: velocity))))]
        let folder = FileSystem.join(root, name)
        var request = try RenderRequest(imagePath: RenderSettingsTests.picture, outputPath: folder, settings: settings)
        request.frames = frames
        _ = try RenderSession(request).run()
        return folder
    }

    @Test func aPartIsNeverRecorded() throws {
        let root = TestFiles.scratch.appendingPathComponent("kit-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let golden = try Self.render("golden", in: root)
        let motion = FileSystem.join(root, "motion")
        try FileManager.default.createDirectory(atPath: motion, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FileSystem.join(golden, "manifest.json"), toPath: FileSystem.join(motion, "manifest.json"))
        let before = try FileManager.default.contentsOfDirectory(atPath: golden).sorted()
        let manifestBefore = try Data(contentsOf: URL(fileURLWithPath: FileSystem.join(motion, "manifest.json")))
        // Given frame 0 alone of another fling
        let part = try Self.render("part", in: root, velocity: 900, frames: .range(first: 0, last: 0))
        // When it is recorded over either golden, it is refused with what it holds
        let total = try Manifest.read(folder: part).totalFrames
        for record in [{ _ = try GoldenRecorder.record(expected: golden, actual: part, fromActual: { _ in true }) },
                       { try GoldenRecorder.recordMotion(expected: motion, actual: part) }] {
            #expect(throws: ScrollRenderError.partialSequence(folder: part, frames: 0...0, total: total)) { try record() }
        }
        // And both goldens are as they were
        #expect(try FileManager.default.contentsOfDirectory(atPath: golden).sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: FileSystem.join(motion, "manifest.json"))) == manifestBefore)
    }

    /// Issue 44: a render names its header picture from its own folder; recorded as a golden
    /// elsewhere (a suite's, from a run's work folder), the golden names it from the golden's, so
    /// that the golden replayed as a scenario draws the same picture — frames and motion alike.
    @Test func aRecordedGoldenNamesItsHeaderFromItsOwnFolder() throws {
        let root = TestFiles.scratch.appendingPathComponent("kit-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var settings = try RenderSettingsTests.small()
        settings.headerPath = RenderSettingsTests.picture
        settings.steps = [.at(0, .touches(.fling(velocity: Point(x: 0, y: 400))))]
        let actual = FileSystem.join(root, "work/deep/actual")
        _ = try RenderSession(try RenderRequest(imagePath: RenderSettingsTests.picture, outputPath: actual, settings: settings)).run()
        for (golden, record) in [("suite/goldens/frames", { (g: String) in _ = try GoldenRecorder.record(expected: g, actual: actual, fromActual: { _ in true }) }),
                                 ("suite/goldens/keyframes", { (g: String) in _ = try GoldenRecorder.recordKeyframes(expected: g, actual: actual) }),
                                 ("suite/goldens/motion", { (g: String) in try GoldenRecorder.recordMotion(expected: g, actual: actual) })] {
            let folder = FileSystem.join(root, golden)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try record(folder)
            let written = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: FileSystem.join(folder, "manifest.json"))))
            #expect(written.settings.headerPath == PathOverlap.relative(RenderSettingsTests.picture, from: folder), "\(golden)")
        }
    }
}

/// Issue 35: every command has a memory ceiling; without `--max-memory` it is half of what the
/// machine, or the container's control group, gives.
@Suite struct MachineMemoryTests {
    @Test func theDefaultCeilingIsHalfOfWhatTheMachineGives() {
        #expect(MachineMemory.available > 0 && MachineMemory.available <= MachineMemory.physical)
        #expect(MachineMemory.defaultLimit == MachineMemory.available / 2)
        #expect(MemoryBudget.defaultLimit == MachineMemory.defaultLimit)
    }
}
