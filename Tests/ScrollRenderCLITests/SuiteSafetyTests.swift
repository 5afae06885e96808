import Foundation
import Testing
import _ScrollRenderTestSupport

/// Issue 44: a suite run stopped by a signal leaves nothing of its own behind — no work folder in
/// the temporary directory, no report staging — and its goldens whole; one killed outright leaves
/// a work folder that the next run sweeps. These need a real process: a signal, and what is on
/// disk after it.
@Suite(.serialized) struct SuiteSafetyTests {
    /// A suite of three small scenarios with their goldens, in a folder of its own, and a private
    /// temporary directory for the runs.
    static func recordedSuite() throws -> (folder: String, temporary: String, picture: String) {
        let folder = try TestFiles.temporaryFolder().path
        let suite = folder + "/suite", temporary = folder + "/tmp"
        try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        for (name, step) in [("a", #"{"fling": 300}"#), ("b", #"{"fling": 900}"#), ("c", #"{"drag": {"by": [0, 120]}}"#)] {
            try Data(#"{"settings": {"size": [120, 180], "fps": 60}, "timeline": [\#(step)]}"#.utf8)
                .write(to: URL(fileURLWithPath: "\(suite)/\(name).json"))
        }
        let picture = TestFiles.packageRoot.appendingPathComponent("SampleImages/tesla.jpg").path
        #expect(try CommandRunner.run(["test", suite, "--picture", picture, "--record", "missing"]).status == 0)
        return (folder, temporary, picture)
    }

    static func leftovers(_ temporary: String, _ folder: String) -> [String] {
        let work = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        let beside = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return work.filter { $0.contains(".scrollrender-") } + beside.filter { $0.hasPrefix(".report.scrollrender-") }
    }

    /// Every golden whole: the frames its manifest holds (a keyframe golden's keyframes, else every
    /// frame), each on disk.
    static func expectGoldensWhole(_ suite: String) throws {
        for name in ["a", "b", "c"] {
            let golden = "\(suite)/goldens/\(name)"
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: golden + "/manifest.json"))) as? [String: Any]
            let count = try #require(manifest?["frameCount"] as? Int)
            let held = (manifest?["keyframes"] as? [Int]).map(Set.init) ?? Set(0..<count)
            let frames = Set(try FileManager.default.contentsOfDirectory(atPath: golden).filter { $0.hasPrefix("frame_") })
            #expect(frames == Set(held.map { String(format: "frame_%05d.png", $0) }), "\(golden): \(frames.count) frames for \(held.count)")
        }
    }

    /// Waits (up to 30 s) until a run's work folder is in `temporary`.
    static func waitForWorkFolder(_ temporary: String, _ folder: String) throws {
        // Returns as soon as it is seen: a small suite's run may be over, its folder gone, a moment later.
        for _ in 0..<3000 {
            if !leftovers(temporary, folder).isEmpty { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        try #require(Bool(false), "the run made no work folder")
    }

    static func start(_ arguments: [String], temporary: String) throws -> Process {
        try CommandRunner.start(arguments, environment: ["TMPDIR": temporary])
    }

    /// SIGTERM at several points after the run's work folder appears (the run has begun).
    @Test(arguments: [0, 0.05, 0.15, 0.3])
    func aSignalMidRunLeavesNothingAndTheGoldensWhole(after delay: Double) throws {
        let (folder, temporary, picture) = try Self.recordedSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = try Self.start(["test", folder + "/suite", "--picture", picture, "--record", "all", "--report", folder + "/report"],
                                     temporary: temporary)
        try Self.waitForWorkFolder(temporary, folder)
        Thread.sleep(forTimeInterval: delay)
        process.terminate()
        process.waitUntilExit()
        #expect([0, 143].contains(process.terminationStatus), "exit \(process.terminationStatus)")
        #expect(Self.leftovers(temporary, folder).isEmpty, "\(Self.leftovers(temporary, folder))")
        try Self.expectGoldensWhole(folder + "/suite")
    }

    @Test func aRunKilledOutrightIsSweptByTheNext() throws {
        let (folder, temporary, picture) = try Self.recordedSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = try Self.start(["test", folder + "/suite", "--picture", picture, "--record", "all"], temporary: temporary)
        try Self.waitForWorkFolder(temporary, folder)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try Self.expectGoldensWhole(folder + "/suite")
        let next = try Self.start(["test", folder + "/suite", "--picture", picture], temporary: temporary)
        next.waitUntilExit()
        #expect(next.terminationStatus == 0)
        #expect(Self.leftovers(temporary, folder).isEmpty, "\(Self.leftovers(temporary, folder))")
    }
}
