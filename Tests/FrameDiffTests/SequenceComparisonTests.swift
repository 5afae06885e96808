import Foundation
import Raster
import Testing
import _ScrollRenderTestSupport
@testable import FrameDiff

@Suite struct SequenceComparisonTests {
    static let frames = (0..<4).map { Fixtures.picture(width: 12, height: 10, seed: $0 * 20) }

    @Test func identicalFoldersAreEqual() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected")
        let actual = try Fixtures.sequence(Self.frames, in: "\(root)/actual")
        let comparison = try SequenceComparison(expectedFolder: expected, actualFolder: actual)
        #expect(comparison.isWithinTolerance)
        #expect(comparison.frames.count == 4)
        #expect(comparison.frames.allSatisfy { $0.comparison?.isIdentical == true })
        #expect(comparison.missingFrames.isEmpty && comparison.extraFrames.isEmpty)
        let report = DiffReport(comparison)
        #expect(report.passed)
        #expect(report.frames.isEmpty)
        #expect(report.summary.identical == 4)
        #expect(report.text.hasSuffix("result: equal (4 frames identical)"))
    }

    @Test func missingFrameIsReportedAsMissing() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected")
        let actual = try Fixtures.sequence(Array(Self.frames.prefix(3)), in: "\(root)/actual")
        let comparison = try SequenceComparison(expectedFolder: expected, actualFolder: actual)
        #expect(!comparison.isWithinTolerance)
        #expect(comparison.missingFrames.map(\.index) == [3])
        #expect(comparison.missingFrames.first?.name == "frame_00003.png")
        #expect(comparison.failingFrames.isEmpty)  // the three frames both have are equal
        let report = DiffReport(comparison)
        #expect(report.problems.map(\.kind) == [.frameCount])
        #expect(report.summary.missing == 1 && report.summary.identical == 3)
        #expect(report.text.contains("missing from the actual sequence: frame_00003.png"))
        #expect(report.text.contains("result: DIFFERENT: 1 frame missing"))
        #expect(!report.text.contains("100 %"))
    }

    @Test func frameListedButDeletedFromActualIsMissing() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected")
        let actual = try Fixtures.sequence(Self.frames, in: "\(root)/actual")
        try FileManager.default.removeItem(atPath: "\(actual)/frame_00001.png")
        let comparison = try SequenceComparison(expectedFolder: expected, actualFolder: actual)
        #expect(comparison.missingFrames.map(\.index) == [1])
        #expect(!comparison.isWithinTolerance)
    }

    @Test func frameListedButDeletedFromExpectedIsAnError() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected")
        let actual = try Fixtures.sequence(Self.frames, in: "\(root)/actual")
        try FileManager.default.removeItem(atPath: "\(expected)/frame_00002.png")
        #expect(throws: DiffError.missingExpectedFrame(path: "\(expected)/frame_00002.png")) {
            try SequenceComparison(expectedFolder: expected, actualFolder: actual)
        }
    }

    @Test func extraFrameIsReportedAsExtra() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = try Fixtures.sequence(Array(Self.frames.prefix(2)), in: "\(root)/expected")
        let actual = try Fixtures.sequence(Self.frames, in: "\(root)/actual")
        let comparison = try SequenceComparison(expectedFolder: expected, actualFolder: actual)
        #expect(comparison.extraFrames.map(\.index) == [2, 3])
        #expect(!comparison.isWithinTolerance)
        let report = DiffReport(comparison)
        #expect(report.summary.extra == 2)
        #expect(report.text.contains("extra in the actual sequence: frame_00002.png … frame_00003.png (2 frames)"))
        #expect(report.text.contains("frame count differs: expected 2, actual 4 (2 frames extra)"))
    }

    @Test func differentFrameRateIsReportedInItsOwnWords() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected", fps: 60)
        let actual = try Fixtures.sequence(Self.frames, in: "\(root)/actual", fps: 50)
        let comparison = try SequenceComparison(expectedFolder: expected, actualFolder: actual)
        #expect(comparison.hasFrameRateMismatch)
        #expect(!comparison.isWithinTolerance)
        #expect(comparison.frames.allSatisfy { $0.isWithinTolerance })
        let report = DiffReport(comparison)
        #expect(report.problems == [DiffReport.Problem(kind: .frameRate, message: "frame rate differs: expected 60 fps, actual 50 fps")])
        #expect(report.text.hasSuffix("result: DIFFERENT: frame rate differs"))
    }

    @Test func differentSizeIsReportedInItsOwnWords() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected")
        let bigger = (0..<4).map { Fixtures.picture(width: 24, height: 20, seed: $0 * 20) }
        let actual = try Fixtures.sequence(bigger, in: "\(root)/actual")
        let comparison = try SequenceComparison(expectedFolder: expected, actualFolder: actual)
        #expect(comparison.hasSizeMismatch)
        #expect(!comparison.isWithinTolerance)
        #expect(comparison.frames.allSatisfy { $0.comparison?.hasSizeMismatch == true })
        let report = DiffReport(comparison)
        #expect(report.problems.map(\.message) == ["frame size differs: expected 12×10, actual 24×20"])
        #expect(report.summary.sizeMismatches == 4)
        #expect(report.text.contains("4 frames not compared pixel by pixel: their sizes differ"))
        #expect(!report.text.contains("%)"))
    }

    @Test func oneChangedFrameIsReportedWithItsIndexAndStatistics() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var changed = Self.frames
        changed[2] = Fixtures.changing(changed[2], x: 3, y: 4, red: 7)
        changed[2] = Fixtures.changing(changed[2], x: 6, y: 8, red: 1)
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected")
        let actual = try Fixtures.sequence(changed, in: "\(root)/actual")
        var failures: [Int] = []
        let comparison = try SequenceComparison(expectedFolder: expected, actualFolder: actual, maximumConcurrency: 3) {
            frame, expectedImage, actualImage in
            failures.append(frame.index)
            #expect(expectedImage == Self.frames[frame.index])
            #expect(actualImage == changed[frame.index])
        }
        #expect(failures == [2])
        #expect(!comparison.isWithinTolerance)
        let failing = try #require(comparison.failingFrames.first)
        #expect(comparison.failingFrames.count == 1)
        #expect(failing.index == 2 && failing.name == "frame_00002.png")
        let stats = try #require(failing.comparison?.pixels)
        #expect(stats.largestChannelDifference == 7)
        #expect(stats.differingPixelCount == 2)
        #expect(stats.boundingBox == ImageRegion(x: 3, y: 4, width: 4, height: 5))
        let report = DiffReport(comparison)
        #expect(report.frames.map(\.index) == [2])
        #expect(report.text.contains("frame_00002.png: 2 pixels differ (1.67 %), largest channel difference 7, in 4×5 at (3, 4)"))
        #expect(report.text.hasSuffix("result: DIFFERENT: 1 of 4 frames differs"))
    }

    @Test func toleranceAppliesPerFrame() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var changed = Self.frames
        changed[1] = Fixtures.changing(changed[1], x: 0, y: 0, red: 2)
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected")
        let actual = try Fixtures.sequence(changed, in: "\(root)/actual")
        let comparison = try SequenceComparison(expectedFolder: expected, actualFolder: actual,
                                                tolerance: DiffTolerance(channel: 2))
        #expect(comparison.isWithinTolerance)
        let report = DiffReport(comparison)
        #expect(report.frames.map(\.status) == [.withinTolerance])
        #expect(report.text.contains("frame_00001.png: within tolerance: every pixel within the channel tolerance, largest channel difference 2"))
        #expect(report.text.hasSuffix("result: equal within tolerance (largest channel difference 2, at most 0 pixels over the channel tolerance in a frame)"))
    }

    @Test func folderWithoutManifestIsAnError() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected")
        try FileManager.default.createDirectory(atPath: "\(root)/empty", withIntermediateDirectories: true)
        #expect(throws: DiffError.missingManifest(folder: "\(root)/empty")) {
            try SequenceComparison(expectedFolder: expected, actualFolder: "\(root)/empty")
        }
    }

    @Test func invalidManifestNamesTheProblem() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected")
        let actual = try Fixtures.sequence(Self.frames, in: "\(root)/actual")
        var manifest = Fixtures.minimalManifest(fps: 60, width: 12, height: 10, frameCount: 3)
        manifest["frameCount"] = nil
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: "\(actual)/manifest.json"))
        let error = try #require(throws: DiffError.self) { try SequenceComparison(expectedFolder: expected, actualFolder: actual) }
        guard case .invalidManifest(let path, let reason) = error else { Issue.record("\(error)"); return }
        #expect(path == "\(actual)/manifest.json" && reason.contains("frameCount"), "\(reason)")
    }

    @Test func corruptFrameIsAnError() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = try Fixtures.sequence(Self.frames, in: "\(root)/expected")
        let actual = try Fixtures.sequence(Self.frames, in: "\(root)/actual")
        let path = "\(actual)/frame_00001.png"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(60).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: DiffError.self) {
            try SequenceComparison(expectedFolder: expected, actualFolder: actual)
        }
        guard case .corruptPNG(let failingPath, _) = error else {
            Issue.record("expected corruptPNG, got \(error)")
            return
        }
        #expect(failingPath == path)
        #expect(error.kind == .badData)
    }

    @Test func manifestPatternIsFollowed() {
        let manifest = FrameManifest(fps: 60, pixelWidth: 1, pixelHeight: 1, frameCount: 1, pattern: "shot-%03d.png")
        #expect(manifest.fileName(7) == "shot-007.png")
        #expect(manifest.fileName(1234) == "shot-1234.png")
        #expect(FrameManifest(fps: 60, pixelWidth: 1, pixelHeight: 1, frameCount: 1, pattern: "f%d.png").fileName(12) == "f12.png")
        #expect(FrameManifest(fps: 60, pixelWidth: 1, pixelHeight: 1, frameCount: 1, pattern: "frame.png").fileName(0) == nil)
    }
}
