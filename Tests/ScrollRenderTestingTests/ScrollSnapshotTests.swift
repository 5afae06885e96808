import Foundation
import Geometry
import ScrollPhysics
import ScrollRenderKit
import ScrollRenderTesting
import Testing
import XCTest

/// ScrollRenderTesting used the way a user's package uses it: a golden sequence beside this file
/// in `__Snapshots__/`, compared frame by frame.
@Suite struct ScrollSnapshotTests {
    static let picture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleImages/tesla.jpg").path

    /// A small, quick motion: a 60×90-point view at scale 1, 10 frames a second.
    static func fling(_ velocity: Double) throws -> RenderSettings {
        var settings = RenderSettings()
        try settings.set(.size, to: .numbers([60, 90]))
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try verifyScrollSnapshot(of: Self.picture, settings: Self.fling(600), named: "fling", record: .missing, snapshotsFolder: folder)
        #expect(first?.hasPrefix("Recorded a new golden for \"fling\"") == true, "\(first ?? "nil")")
        #expect(try verifyScrollSnapshot(of: Self.picture, settings: Self.fling(600), named: "fling", record: .never, snapshotsFolder: folder) == nil)
        let message = try #require(try verifyScrollSnapshot(of: Self.picture, settings: Self.fling(700), named: "fling",
                                                            record: .never, snapshotsFolder: folder))
        #expect(message.contains("Scroll snapshot \"fling\" differs") && message.contains("frames differ") || message.contains("frame count differs"), "\(message)")
        let report = try #require(message.split(separator: "\n").first { $0.hasPrefix("Report: ") }).dropFirst("Report: ".count)
        #expect(FileManager.default.fileExists(atPath: String(report)), "\(report)")
        #expect(message.contains("SCROLLRENDER_RECORD=failed"))
    }

    @Test func recordingApprovesTheChange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)").path
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

/// The same check from an XCTest suite.
final class ScrollSnapshotXCTests: XCTestCase {
    func testFlingMatchesItsGolden() throws {
        try assertScrollSnapshot(of: ScrollSnapshotTests.picture, settings: ScrollSnapshotTests.fling(600),
                                 named: "flingMatchesItsGolden", record: .never)
    }
}
