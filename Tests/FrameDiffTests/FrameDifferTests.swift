import Foundation
import ImageCodecs
import Raster
import Testing
import _ScrollRenderTestSupport
@testable import FrameDiff

/// Whole runs over paths: PNG against PNG, folders, artifacts, input errors.
@Suite struct FrameDifferTests {
    @Test func equalPNGFilesCompareByPixelsNotBytes() throws {
        // The same pixels, compressed differently: the files differ, the pictures do not.
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let image = Fixtures.picture()
        try Data(PNGEncoder(compressionLevel: 1, filter: .up, keepsAlpha: true).encode(image)).write(to: URL(fileURLWithPath: "\(root)/a.png"))
        try Data(PNGEncoder(compressionLevel: 9, filter: .none, keepsAlpha: false).encode(image)).write(to: URL(fileURLWithPath: "\(root)/b.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(root)/a.png")) != Data(contentsOf: URL(fileURLWithPath: "\(root)/b.png")))
        let report = try FrameDiffer.compare(expected: "\(root)/a.png", actual: "\(root)/b.png")
        #expect(report.passed)
        #expect(report.kind == .images)
        #expect(report.text.hasSuffix("result: equal (identical)"))
    }

    @Test func differingPNGFilesWriteArtifacts() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = Fixtures.picture()
        let actual = Fixtures.changing(expected, x: 2, y: 3, red: 30)
        try RenderFixtures.writePNG(expected, to: "\(root)/golden.png", keepsAlpha: true)
        try RenderFixtures.writePNG(actual, to: "\(root)/new.png", keepsAlpha: true)
        let out = "\(root)/out/nested"
        let report = try FrameDiffer.compare(expected: "\(root)/golden.png", actual: "\(root)/new.png",
                                             artifacts: DiffArtifacts(folder: out))
        #expect(!report.passed)
        let frame = try #require(report.frames.first)
        #expect(frame.status == .different)
        #expect(frame.largestChannelDifference == 30)
        #expect(frame.boundingBox == ImageRegion(x: 2, y: 3, width: 1, height: 1))
        let images = try #require(frame.images)
        #expect(images.difference == "\(out)/golden.diff.png")
        #expect(try PNGFile.read(images.expected) == expected)
        #expect(try PNGFile.read(images.actual) == actual)
        let difference = try PNGFile.read(images.difference)
        #expect(difference[2, 3].red == 255 && difference[2, 3].green == 0)
        #expect(difference[0, 0].red == difference[0, 0].green)
    }

    @Test func equalInputsWriteNoArtifacts() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try RenderFixtures.writePNG(Fixtures.picture(), to: "\(root)/a.png", keepsAlpha: true)
        try RenderFixtures.writePNG(Fixtures.picture(), to: "\(root)/b.png", keepsAlpha: true)
        _ = try FrameDiffer.compare(expected: "\(root)/a.png", actual: "\(root)/b.png", artifacts: DiffArtifacts(folder: "\(root)/out"))
        #expect(!FileManager.default.fileExists(atPath: "\(root)/out"))
    }

    @Test func sequenceArtifactsAreWrittenOnlyForFailingFrames() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let frames = (0..<3).map { Fixtures.picture(seed: $0) }
        var changed = frames
        changed[1] = Fixtures.changing(changed[1], x: 1, y: 1, red: 5)
        try Fixtures.sequence(frames, in: "\(root)/expected")
        try Fixtures.sequence(changed, in: "\(root)/actual")
        let report = try FrameDiffer.compare(expected: "\(root)/expected", actual: "\(root)/actual",
                                             artifacts: DiffArtifacts(folder: "\(root)/diff"))
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(root)/diff").sorted()
        #expect(names == ["frame_00001.actual.png", "frame_00001.diff.png", "frame_00001.expected.png"])
        #expect(report.frames.first?.images?.actual == "\(root)/diff/frame_00001.actual.png")
        #expect(report.text.contains("  difference image: \(root)/diff/frame_00001.diff.png"))
    }

    @Test func inputErrors() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try RenderFixtures.writePNG(Fixtures.picture(), to: "\(root)/a.png", keepsAlpha: true)
        try Fixtures.sequence([Fixtures.picture()], in: "\(root)/seq")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0]).write(to: URL(fileURLWithPath: "\(root)/photo.png"))
        try Data("hello".utf8).write(to: URL(fileURLWithPath: "\(root)/text.png"))
        try Data(Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/a.png")).prefix(40))).write(to: URL(fileURLWithPath: "\(root)/cut.png"))

        #expect(throws: DiffError.notFound(path: "\(root)/nope.png")) {
            try FrameDiffer.compare(expected: "\(root)/nope.png", actual: "\(root)/a.png")
        }
        #expect(throws: DiffError.mismatchedInputs(expected: "\(root)/seq", actual: "\(root)/a.png")) {
            try FrameDiffer.compare(expected: "\(root)/seq", actual: "\(root)/a.png")
        }
        #expect(throws: DiffError.notPNG(path: "\(root)/photo.png", detail: "it is a JPEG")) {
            try FrameDiffer.compare(expected: "\(root)/a.png", actual: "\(root)/photo.png")
        }
        #expect(throws: DiffError.notPNG(path: "\(root)/text.png", detail: "unrecognised first bytes")) {
            try FrameDiffer.compare(expected: "\(root)/text.png", actual: "\(root)/a.png")
        }
        let cut = try #require(throws: DiffError.self) {
            try FrameDiffer.compare(expected: "\(root)/a.png", actual: "\(root)/cut.png")
        }
        #expect(cut.kind == .badData)
        #expect(cut.description.hasPrefix("\(root)/cut.png: cannot decode the PNG: "))
        #expect(DiffError.missingManifest(folder: "x").kind == .missingInput)
        #expect(DiffError.mismatchedInputs(expected: "a", actual: "b").kind == .usage)
    }
}
