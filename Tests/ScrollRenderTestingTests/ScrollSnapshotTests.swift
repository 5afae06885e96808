import Foundation
import FrameDiff
import Geometry
import ScrollPhysics
import ScrollRenderKit
import ScrollRenderTesting
import Testing
import _ScrollRenderTestSupport
import XCTest

/// ScrollRenderTesting used the way a user's package uses it: a golden sequence beside this file
/// in `__Snapshots__/`, compared frame by frame.
@Suite struct ScrollSnapshotTests {
    static let picture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleImages/tesla.jpg").path

    /// A small, quick motion: a 60×90-point view at scale 1, 10 frames a second.
    static func fling(_ velocity: Double) throws -> RenderSettings {
        var settings = RenderSettings()
        try settings.set(.size, to: .size(Size(width: 60, height: 90)))
        try settings.set(.scale, to: .number(1))
        try settings.set(.fps, to: .number(10))
        try settings.set(.hold, to: .number(0))
        settings.steps = [.at(0, .touches(.fling(velocity: Point(x: 0, y: velocity))))]
        return settings
    }

    /// The golden in `__Snapshots__/flingMatchesItsGolden/` was recorded by this test's first run.
    @Test func flingMatchesItsGolden() throws {
        try assertScrollSnapshot(of: Self.picture, settings: Self.fling(600), record: .never)
    }

    @Test func aChangeFailsWithAUsefulMessageAndAReport() throws {
        let folder = TestFiles.scratch.appendingPathComponent("snapshots-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try verifyScrollSnapshot(of: Self.picture, settings: Self.fling(600), named: "fling", record: .missing, snapshotsFolder: folder)
        #expect(first?.hasPrefix("Recorded a new golden for \"fling\"") == true, "\(first ?? "nil")")
        #expect(try verifyScrollSnapshot(of: Self.picture, settings: Self.fling(600), named: "fling", record: .never, snapshotsFolder: folder) == nil)
        let message = try #require(try verifyScrollSnapshot(of: Self.picture, settings: Self.fling(700), named: "fling",
                                                            record: .never, snapshotsFolder: folder))
        #expect(message.contains("Scroll snapshot \"fling\" differs") && message.contains("frames differ") || message.contains("frame count differs"), "\(message)")
        // The verdict leads: where the motion parts, when, and both offsets; then the pixels, a few frames.
        let lines = message.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("motion parts at frame ") && lines[0].contains("(t = ") && lines[0].contains("contentOffset expected (0, "), "\(message)")
        #expect(lines.filter { $0.hasPrefix("  frame_") }.count <= 3 && lines.contains { $0.hasPrefix("pixels: ") }, "\(message)")
        let report = try #require(lines.first { $0.hasPrefix("Report: ") }).dropFirst("Report: ".count)
        #expect(FileManager.default.fileExists(atPath: String(report)), "\(report)")
        for line in lines where line.hasPrefix("    difference image: ") {
            let path = String(line.dropFirst("    difference image: ".count))
            #expect(FileManager.default.fileExists(atPath: path), "printed \(path), which is not there")
        }
        // The hint names this test, which --filter selects, not the golden ("fling").
        #expect(lines.last == "To approve: SCROLLRENDER_RECORD=failed swift test --filter aChangeFailsWithAUsefulMessageAndAReport", "\(message)")
        #expect(Self.filter(lines.last!).map { "\(Test.current!.id)".contains($0) } == true, "\(Test.current!.id)")
        // Masks leave changing regions out: white scroll indicators differ only along the right and
        // bottom edges, which two masks cover.
        var white = try Self.fling(600)
        try white.set(.indicators, to: .text("white"))
        #expect(try verifyScrollSnapshot(of: Self.picture, settings: white, named: "fling", record: .never, snapshotsFolder: folder) != nil)
        let masked = try verifyScrollSnapshot(of: Self.picture, settings: white, named: "fling", masks: [Rect(x: 50, y: 0, width: 10, height: 90), Rect(x: 0, y: 80, width: 60, height: 10)],
                                              record: .never, snapshotsFolder: folder)
        #expect(masked == nil, "\(masked ?? "")")
    }

    /// The test a hint's `--filter` names.
    static func filter(_ hint: String) -> String? {
        hint.components(separatedBy: "--filter ").last
    }

    @Test func recordingApprovesTheChange() throws {
        let folder = TestFiles.scratch.appendingPathComponent("snapshots-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try verifyScrollSnapshot(of: Self.picture, settings: Self.fling(600), named: "fling", record: .missing, snapshotsFolder: folder)
        let recorded = try verifyScrollSnapshot(of: Self.picture, settings: Self.fling(800), named: "fling", record: .failed, snapshotsFolder: folder)
        #expect(recorded?.hasPrefix("Recorded the changed frames") == true, "\(recorded ?? "nil")")
        #expect(try verifyScrollSnapshot(of: Self.picture, settings: Self.fling(800), named: "fling", record: .never, snapshotsFolder: folder) == nil)
        // With recording off (as under CI), a missing golden fails and records nothing.
        let missing = try verifyScrollSnapshot(of: Self.picture, settings: Self.fling(800), named: "new", record: .never, snapshotsFolder: folder)
        #expect(missing?.contains("recording is off") == true)
        #expect(!FileManager.default.fileExists(atPath: folder + "/new"))
    }
}

/// `assertScrollMotion`: a golden of the motion alone, recorded as one small manifest.
@Suite struct ScrollMotionTests {
    @Test func aMotionGoldenIsAManifestAndFailsOnMotion() throws {
        let folder = TestFiles.scratch.appendingPathComponent("motion-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try verifyScrollMotion(of: ScrollSnapshotTests.picture, settings: ScrollSnapshotTests.fling(600), named: "fling",
                                           record: .missing, snapshotsFolder: folder)
        #expect(first?.hasPrefix("Recorded a new golden") == true, "\(first ?? "nil")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/fling") == ["manifest.json"])
        #expect(try verifyScrollMotion(of: ScrollSnapshotTests.picture, settings: ScrollSnapshotTests.fling(600), named: "fling",
                                       record: .never, snapshotsFolder: folder) == nil)
        let message = try #require(try verifyScrollMotion(of: ScrollSnapshotTests.picture, settings: ScrollSnapshotTests.fling(700),
                                                          named: "fling", record: .never, snapshotsFolder: folder))
        #expect(message.hasPrefix("motion parts at frame"), "\(message)")
        // A motion golden's folder is "fling" (or the test's name and -motion); the hint names the test itself.
        let hint = try #require(message.split(separator: "\n").last.map(String.init))
        #expect(hint == "To approve: SCROLLRENDER_RECORD=failed swift test --filter aMotionGoldenIsAManifestAndFailsOnMotion", "\(message)")
        #expect(ScrollSnapshotTests.filter(hint).map { "\(Test.current!.id)".contains($0) } == true, "\(Test.current!.id)")
        #expect(try verifyScrollMotion(of: ScrollSnapshotTests.picture, settings: ScrollSnapshotTests.fling(700), named: "fling",
                                       record: .failed, snapshotsFolder: folder)?.hasPrefix("Recorded") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/fling") == ["manifest.json"])
    }
}

/// Every record mode against every state a golden can be in: what the test says, and whether the
/// golden then holds the actual run (a `.never` check passes) or was left as it was.
@Suite struct RecordModeTableTests {
    enum GoldenState: String, CaseIterable { case missing, equal, different, partial }

    /// What the run does: passes, records (the golden becomes the actual run), or fails leaving it.
    enum Outcome: Equatable { case passes, records, fails }

    static let table: [(RecordMode, [GoldenState: Outcome])] = [
        (.never, [.missing: .fails, .equal: .passes, .different: .fails, .partial: .fails]),
        (.missing, [.missing: .records, .equal: .passes, .different: .fails, .partial: .records]),
        (.failed, [.missing: .records, .equal: .passes, .different: .records, .partial: .records]),
        (.all, [.missing: .records, .equal: .records, .different: .records, .partial: .records]),
    ]

    static func settings(velocity: Double, hold: Double) throws -> RenderSettings {
        var settings = try ScrollSnapshotTests.fling(velocity)
        try settings.set(.hold, to: .number(hold))
        return settings
    }

    @Test(arguments: table)
    func modeAgainstEachGoldenState(_ mode: RecordMode, _ expected: [GoldenState: Outcome]) throws {
        for state in GoldenState.allCases {
            let folder = TestFiles.scratch.appendingPathComponent("modes-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let actual = try Self.settings(velocity: 600, hold: 0.5)
            let golden: RenderSettings? = switch state {
            case .missing: nil
            case .equal: actual
            case .different: try Self.settings(velocity: 800, hold: 0.5)
            case .partial: try Self.settings(velocity: 600, hold: 0)
            }
            if let golden {
                _ = try verifyScrollSnapshot(of: ScrollSnapshotTests.picture, settings: golden, named: "g", record: .all, snapshotsFolder: folder)
            }
            let message = try verifyScrollSnapshot(of: ScrollSnapshotTests.picture, settings: actual, named: "g", record: mode, snapshotsFolder: folder)
            let holdsActual = try verifyScrollSnapshot(of: ScrollSnapshotTests.picture, settings: actual, named: "g", record: .never, snapshotsFolder: folder) == nil
            let outcome: Outcome = message == nil ? .passes : message!.contains("ecorded") ? .records : .fails
            #expect(outcome == expected[state], "\(mode) × \(state): \(message ?? "passed")")
            #expect(holdsActual == (outcome != .fails), "\(mode) × \(state): the golden \(holdsActual ? "holds" : "does not hold") the actual run")
            if outcome == .fails && state != .missing {
                let stillGolden = try verifyScrollSnapshot(of: ScrollSnapshotTests.picture, settings: golden!, named: "g", record: .never, snapshotsFolder: folder)
                #expect(stillGolden == nil, "\(mode) × \(state): a failing run changed the golden")
            }
        }
    }

    /// The environment as each reader sees it: names are modes, anything else an error, and CI
    /// sets the environment's mode aside (with a note) unless a mode is explicit.
    @Test func theEnvironmentIsReadOneWay() throws {
        #expect(try RecordMode.resolve(explicit: nil, environment: [:], otherwise: .missing).mode == .missing)
        #expect(try RecordMode.resolve(explicit: nil, environment: ["SCROLLRENDER_RECORD": ""], otherwise: .never).mode == .never)
        for mode in RecordMode.allCases {
            #expect(try RecordMode.resolve(explicit: nil, environment: ["SCROLLRENDER_RECORD": mode.rawValue], otherwise: .never).mode == mode)
            let ci = try RecordMode.resolve(explicit: nil, environment: ["SCROLLRENDER_RECORD": mode.rawValue, "CI": "true"], otherwise: .missing)
            #expect(ci.mode == .never && ci.note?.contains("ignored because CI is set") == true)
            #expect(try RecordMode.resolve(explicit: mode, environment: ["CI": "1"], otherwise: .never).mode == mode)
        }
        #expect(try RecordMode.resolve(explicit: nil, environment: ["CI": "false"], otherwise: .missing).mode == .missing)
        for typo in ["1", "0", "true", "Failed", "sometimes"] {
            #expect(throws: RecordModeError.self) {
                try RecordMode.resolve(explicit: nil, environment: ["SCROLLRENDER_RECORD": typo], otherwise: .missing)
            }
            #expect(throws: RecordModeError.self) {
                try RecordMode.resolve(explicit: nil, environment: ["SCROLLRENDER_RECORD": typo, "CI": "true"], otherwise: .missing)
            }
        }
    }
}

/// The same check from an XCTest suite.
final class ScrollSnapshotXCTests: XCTestCase {
    func testFlingMatchesItsGolden() throws {
        try assertScrollSnapshot(of: ScrollSnapshotTests.picture, settings: ScrollSnapshotTests.fling(600),
                                 named: "flingMatchesItsGolden", record: .never)
    }
}
