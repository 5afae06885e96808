import Foundation
import ImageCodecs
import Raster
import Testing
import _ScrollRenderTestSupport

/// `scrollrender diff EXPECTED ACTUAL` as a user runs it in CI: reports, exit statuses, images on disk.
@Suite struct DiffCommandTests {
    static let small = ["--size", "60x80", "--scale", "1", "--fps", "30", "--quiet"]

    /// A hand-made frame folder: frames plus a manifest with the fields the diff reads.
    @discardableResult
    static func sequence(_ frames: [RGBAImage], in folder: URL, fps: Double = 30) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, frame) in frames.enumerated() {
            try RenderFixtures.write(frame, named: String(format: "frame_%05d.png", index), in: folder)
        }
        // A real render's manifest, made to describe these frames (no motion).
        let seed = TestFiles.packageRoot.appendingPathComponent("Fuzz/seeds/manifest/fling.json")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: seed)) as? [String: Any])
        manifest.merge(["fps": fps, "pixelWidth": frames[0].width, "pixelHeight": frames[0].height, "frameCount": frames.count,
                        "totalFrames": frames.count, "frameRange": ["first": 0, "last": frames.count - 1], "frames": [Any](), "events": [Any]()]) { $1 }
        try JSONSerialization.data(withJSONObject: manifest, options: .sortedKeys).write(to: folder.appendingPathComponent("manifest.json"))
        return folder.path
    }

    static let frames = (0..<3).map { seed in
        var image = RenderFixtures.picture(width: 20, height: 16)
        image[0, 0] = RGBA(red: UInt8(seed * 50), green: 0, blue: 0)
        return image
    }

    /// `frames` with frame 1's pixel (5, 6) made brighter by `delta`.
    static func changed(by delta: UInt8) -> [RGBAImage] {
        var frames = Self.frames
        var pixel = frames[1][5, 6]
        pixel.green = pixel.green &+ delta
        frames[1][5, 6] = pixel
        return frames
    }

    @Test func renderedTwiceIsEqual() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 300), named: "picture.png", in: folder)
        let a = folder.appendingPathComponent("a").path, b = folder.appendingPathComponent("b").path
        for out in [a, b] {
            let render = ScrollrenderCommand.run(Self.small + ["--fling", "600", image, out])
            #expect(render.status == 0, "\(render.standardError)")
        }
        let result = ScrollrenderCommand.run(["diff", a, b])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.contains("result: equal ("))
        #expect(result.standardOutput.contains("identical)"))

        // A different frame rate is named as such.
        let c = folder.appendingPathComponent("c").path
        let slower = ScrollrenderCommand.run(["--size", "60x80", "--scale", "1", "--fps", "20", "--quiet", "--fling", "600", image, c])
        #expect(slower.status == 0, "\(slower.standardError)")
        let fps = ScrollrenderCommand.run(["diff", a, c])
        #expect(fps.status == 1)
        #expect(fps.standardOutput.contains("frame rate differs: expected 30 fps, actual 20 fps"))
    }

    @Test func identicalFoldersExitZero() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.sequence(Self.frames, in: folder.appendingPathComponent("expected"))
        let actual = try Self.sequence(Self.frames, in: folder.appendingPathComponent("actual"))
        let result = ScrollrenderCommand.run(["diff", expected, actual])
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            expected: \(expected) (3 frames, 20×16, 30 fps)
            actual:   \(actual) (3 frames, 20×16, 30 fps)
            tolerance: channel difference ≤ 0, at most 0 differing pixels per frame
            result: equal (3 frames identical)

            """)
    }

    @Test func changedFrameExitsOneWithItsStatistics() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.sequence(Self.frames, in: folder.appendingPathComponent("expected"))
        let actual = try Self.sequence(Self.changed(by: 3), in: folder.appendingPathComponent("actual"))
        let result = ScrollrenderCommand.run(["diff", expected, actual])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("pixels: 1 of 3 frames differs beyond the tolerance\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("  frame_00001.png: 1 pixel differs (0.312 %), largest channel difference 3, in 1×1 at (5, 6)\n"))
        #expect(result.standardOutput.hasSuffix("result: DIFFERENT: 1 of 3 frames differs\nto approve: scrollrender diff \(expected) \(actual) --record failed\n"))
        #expect(result.standardError == "scrollrender: differences found: 1 of 3 frames differs\n")

        // The two tolerances: per channel, and per frame in pixels or as a ratio.
        #expect(ScrollrenderCommand.run(["diff", "--tolerance", "3", expected, actual]).status == 0)
        #expect(ScrollrenderCommand.run(["diff", "--tolerance", "2", expected, actual]).status == 1)
        #expect(ScrollrenderCommand.run(["diff", "--max-diff-pixels", "1", expected, actual]).status == 0)
        #expect(ScrollrenderCommand.run(["diff", "--max-diff-ratio", "0.003", expected, actual]).status == 1)
        #expect(ScrollrenderCommand.run(["diff", "--max-diff-ratio", "0.004", expected, actual]).status == 0)
        let tolerated = ScrollrenderCommand.run(["diff", "--tolerance", "3", expected, actual])
        #expect(tolerated.standardOutput.contains("frame_00001.png: within tolerance: every pixel within the channel tolerance, largest channel difference 3"))
    }

    @Test func diffOutWritesExpectedActualAndDifference() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.sequence(Self.frames, in: folder.appendingPathComponent("expected"))
        let actual = try Self.sequence(Self.changed(by: 90), in: folder.appendingPathComponent("actual"))
        let out = folder.appendingPathComponent("diffs/run1")
        let result = ScrollrenderCommand.run(["diff", "--diff-out", out.path, expected, actual])
        #expect(result.status == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["frame_00001.actual.png", "frame_00001.diff.png", "frame_00001.expected.png"])
        func decode(_ name: String) throws -> RGBAImage {
            try ImageDecoder().decode([UInt8](Data(contentsOf: out.appendingPathComponent(name)))).image
        }
        #expect(try decode("frame_00001.expected.png") == Self.frames[1])
        #expect(try decode("frame_00001.actual.png") == Self.changed(by: 90)[1])
        let difference = try decode("frame_00001.diff.png")
        #expect(difference.width == 20 && difference.height == 16)
        #expect(difference[5, 6].red == 255 && difference[5, 6].green == 0)
        #expect(difference[10, 10].red == difference[10, 10].green && difference[10, 10].red > 150)
        #expect(result.standardOutput.contains("difference image: \(out.path)/frame_00001.diff.png"))
    }

    @Test func jsonReportParses() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.sequence(Self.frames, in: folder.appendingPathComponent("expected"))
        let actual = try Self.sequence(Array(Self.changed(by: 3).prefix(2)), in: folder.appendingPathComponent("actual"), fps: 60)
        let result = ScrollrenderCommand.run(["diff", "--json", "--tolerance", "1", expected, actual])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        #expect(object["kind"] as? String == "sequences")
        #expect(object["expectedFPS"] as? Double == 30 && object["actualFPS"] as? Double == 60)
        let problems = try #require(object["problems"] as? [[String: String]])
        #expect(problems.map { $0["kind"] } == ["frameRate", "frameCount"])
        let frames = try #require(object["frames"] as? [[String: Any]])
        #expect(frames.map { $0["status"] as? String } == ["different", "missing"])
        #expect(frames.first?["index"] as? Int == 1)
        #expect(frames.first?["largestChannelDifference"] as? Int == 3)
        #expect(frames.first?["differingPixels"] as? Int == 1)
        #expect(frames.last?["name"] as? String == "frame_00002.png")
        let tolerance = try #require(object["tolerance"] as? [String: Int])
        #expect(tolerance == ["channel": 1, "maxDiffPixels": 0])
    }

    @Test func pngFiles() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try RenderFixtures.write(Self.frames[0], named: "a.png", in: folder)
        let b = try RenderFixtures.write(Self.frames[1], named: "b.png", in: folder)
        let same = ScrollrenderCommand.run(["diff", a, a])
        #expect(same.status == 0)
        #expect(same.standardOutput.hasSuffix("result: equal (identical)\n"))
        let different = ScrollrenderCommand.run(["diff", a, b])
        #expect(different.status == 1)
        #expect(different.standardOutput.contains("a.png: 1 pixel differs (0.312 %), largest channel difference 50, in 1×1 at (0, 0)"))
        let bigger = try RenderFixtures.write(RenderFixtures.picture(width: 21, height: 16), named: "c.png", in: folder)
        let size = ScrollrenderCommand.run(["diff", a, bigger])
        #expect(size.status == 1)
        #expect(size.standardOutput.contains("size differs: expected 20×16, actual 21×16; pixels not compared"))
    }

    @Test func badArgumentsExit64() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try RenderFixtures.write(Self.frames[0], named: "a.png", in: folder)
        #expect(ScrollrenderCommand.run(["diff", "--max-diff-pixels", "-1", "--max-diff-ratio", "0.1", a, a]).status == 64)
        #expect(ScrollrenderCommand.run(["diff", "--record", "sometimes", a, a]).status == 64)
        #expect(ScrollrenderCommand.run(["diff", "--tolerance", "256", a, a]).status == 64)
        #expect(ScrollrenderCommand.run(["diff", "--max-diff-ratio", "1.5", a, a]).status == 64)
        #expect(ScrollrenderCommand.run(["diff", a]).status == 64)
        let sequence = try Self.sequence(Self.frames, in: folder.appendingPathComponent("seq"))
        let mixed = ScrollrenderCommand.run(["diff", sequence, a])
        #expect(mixed.status == 64)
        #expect(mixed.standardError.contains("give two frame folders or two PNG files"))
    }

    @Test func missingInputExits66() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try RenderFixtures.write(Self.frames[0], named: "a.png", in: folder)
        let missing = ScrollrenderCommand.run(["diff", a, "/no/such/actual.png"])
        #expect(missing.status == 66)
        #expect(missing.standardError == "scrollrender: /no/such/actual.png: no such file or folder\n")
        #expect(missing.standardOutput.isEmpty)
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let sequence = try Self.sequence(Self.frames, in: folder.appendingPathComponent("seq"))
        let noManifest = ScrollrenderCommand.run(["diff", sequence, empty.path])
        #expect(noManifest.status == 66)
        #expect(noManifest.standardError.contains("has no manifest.json"))
    }

    /// A manifest claiming 10¹² frames is refused at once, not compared frame by missing frame.
    @Test func manifestClaimingEndlessFramesIsRefused() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.sequence(Self.frames, in: folder.appendingPathComponent("expected"))
        let actual = try Self.sequence(Self.frames, in: folder.appendingPathComponent("actual"))
        let manifest = URL(fileURLWithPath: actual).appendingPathComponent("manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: "\"frameCount\":3,", with: "\"frameCount\":1000000000000,")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let start = Date()
        let result = ScrollrenderCommand.run(["diff", expected, actual])
        #expect(result.status == 65)
        #expect(result.standardError.contains("frameCount 1000000000000 or totalFrames 3 is not from 0 to 100000"), "\(result.standardError)")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func corruptDataExits65() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try RenderFixtures.write(Self.frames[0], named: "a.png", in: folder)
        let jpeg = TestFiles.fixture("testorig.jpg")
        let notPNG = ScrollrenderCommand.run(["diff", a, jpeg])
        #expect(notPNG.status == 65)
        #expect(notPNG.standardError.contains("not a PNG file (it is a JPEG)"))
        let cut = folder.appendingPathComponent("cut.png")
        try Data(contentsOf: URL(fileURLWithPath: a)).prefix(50).write(to: cut)
        let corrupt = ScrollrenderCommand.run(["diff", a, cut.path])
        #expect(corrupt.status == 65)
        #expect(corrupt.standardError.hasPrefix("scrollrender: \(cut.path): cannot decode the PNG: "))
        #expect(corrupt.standardError.split(separator: "\n").count == 1)
    }
}
