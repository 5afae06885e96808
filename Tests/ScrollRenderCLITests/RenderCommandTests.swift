import Foundation
import FrameDiff
import Geometry
import ImageCodecs
import Raster
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// `scrollrender [options] IMAGE OUTDIR` end to end, on small pictures, as a user runs it.
@Suite struct RenderCommandTests {
    static let small = ["--size", "120x200", "--scale", "1", "--fps", "30", "--quiet"]

    /// A temporary folder holding a 300×900 picture, and the path of an OUTDIR inside it.
    static func workspace() throws -> (folder: URL, image: String, out: URL) {
        let folder = try TestFiles.temporaryFolder()
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 300, height: 900), named: "picture.png", in: folder)
        return (folder, image, folder.appendingPathComponent("out"))
    }

    @Test func flingWritesEveryFrameAndAManifest() throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(Self.small + ["--fling", "800", image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try RenderFixtures.manifest(in: out)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == (0..<manifest.frameCount).map(FrameNaming.name) + ["manifest.json"])
        #expect(manifest.pixelWidth == 120 && manifest.pixelHeight == 200)
        #expect(manifest.pattern == "frame_%05d.png")
        #expect(manifest.input.pixelWidth == 300 && manifest.input.pixelHeight == 900)
        #expect(manifest.input.sha256.count == 64)

        // Frame times are index / fps; the content moves toward its end and never back.
        for frame in manifest.frames { #expect(abs(frame.time - Double(frame.index) / 30) < 1e-9) }
        let ys = manifest.frames.map(\.contentOffset.y)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(ys.first == 0)
        // 800 pt/s travels (800 − 10)/λ ≈ 395 pt after release (physics.md §2.1).
        let release = try #require(manifest.events.first { $0.name == "scrollViewWillEndDragging" })
        let target = try #require(release.targetContentOffset)
        #expect(abs(try #require(release.velocity).y - 0.8) < 1e-6)
        #expect(abs(target.y - (release.contentOffset.y + 790 / 2.002_001_3)) < 1)
        #expect(abs(ys.last! - target.y) < 0.5 + 1e-9)
        #expect(manifest.events.map(\.name).contains("scrollViewDidEndDecelerating"))
    }

    @Test func firstFrameIsTheCropAtTheInitialOffset() throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(Self.small + ["--offset", "40,100", "--indicators", "none", "--fling", "500", image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let picture = RenderFixtures.picture(width: 300, height: 900)
        #expect(try RenderFixtures.frame(0, in: out) == RenderFixtures.crop(picture, x: 40, y: 100, width: 120, height: 200))
    }

    @Test func framesAfterRestAreIdentical() throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(Self.small + ["--hold", "0.5", "--fling", "600", image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try RenderFixtures.manifest(in: out)
        let last = try RenderFixtures.frame(manifest.frameCount - 1, in: out)
        for index in (manifest.frameCount - 15)..<(manifest.frameCount - 1) {
            #expect(try RenderFixtures.frame(index, in: out) == last)
        }
    }

    @Test func overscrollShowsTheBackground() throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(Self.small + ["--background", "#ff0000", "--indicators", "none", "--drag", "0,150", image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try RenderFixtures.manifest(in: out)
        let pulled = try #require(manifest.frames.min { $0.contentOffset.y < $1.contentOffset.y })
        #expect(pulled.contentOffset.y < -20)
        let frame = try RenderFixtures.frame(pulled.index, in: out)
        let exposedRows = Int(-pulled.contentOffset.y)
        #expect(frame[60, 0] == RGBA(red: 255, green: 0, blue: 0))
        #expect(frame[60, exposedRows - 2] == RGBA(red: 255, green: 0, blue: 0))
        #expect(frame[60, exposedRows + 2] != RGBA(red: 255, green: 0, blue: 0))
        // It springs back: the last frame is at the top again.
        #expect(manifest.frames.last!.contentOffset.y == 0)
    }

    @Test func sameCommandTwiceGivesIdenticalPixels() throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let second = folder.appendingPathComponent("second")
        #expect(ScrollrenderCommand.run(Self.small + ["--fling", "0,700", image, out.path]).status == 0)
        #expect(ScrollrenderCommand.run(Self.small + ["--threads", "1", "--fling", "0,700", image, second.path]).status == 0)
        let manifest = try RenderFixtures.manifest(in: out)
        #expect(manifest.frames == (try RenderFixtures.manifest(in: second)).frames)
        for index in stride(from: 0, to: manifest.frameCount, by: 7) {
            #expect(try RenderFixtures.frame(index, in: out) == RenderFixtures.frame(index, in: second))
        }
    }

    @Test func indicatorAppearsWhileDraggingOnTheRightEdge() throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let white = try RenderFixtures.write(RGBAImage(width: 300, height: 900, fill: .white), named: "white.png", in: folder)
        let result = ScrollrenderCommand.run(Self.small + ["--fling", "800", white, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        _ = image
        let manifest = try RenderFixtures.manifest(in: out)
        let dragging = try #require(manifest.frames.first { $0.isDragging && $0.contentOffset.y > 5 })
        let frame = try RenderFixtures.frame(dragging.index, in: out)
        // 3-pt indicator, 3 pt from the right edge: x 114…117; black at 35 % over white = 166.
        let column = (0..<200).map { frame[115, $0] }
        #expect(column.contains(RGBA(red: 166, green: 166, blue: 166)))
        #expect((0..<200).allSatisfy { frame[100, $0] == .white })
        // When everything has faded, the last frame is plain white.
        let last = try RenderFixtures.frame(manifest.frameCount - 1, in: out)
        #expect(last.pixels.allSatisfy { $0 == 255 })
    }

    @Test func stretchyHeaderFillsThePulledArea() throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = try RenderFixtures.write(RGBAImage(width: 160, height: 90, fill: RGBA(red: 0, green: 0, blue: 255)), named: "header.png", in: folder)
        let result = ScrollrenderCommand.run(Self.small + ["--indicators", "none", "--header", header, "--drag", "0,120", image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try RenderFixtures.manifest(in: out)
        let inset = 120.0 * 9 / 16
        // contentInset.top is the header's height; offsets are rounded to device pixels (scale 1 here).
        #expect(manifest.frames[0].contentOffset.y == -inset.rounded())
        let pulled = try #require(manifest.frames.min { $0.contentOffset.y < $1.contentOffset.y })
        #expect(pulled.contentOffset.y < -inset - 20)
        let frame = try RenderFixtures.frame(pulled.index, in: out)
        let contentTop = Int(-pulled.contentOffset.y)
        let blue = RGBA(red: 0, green: 0, blue: 255)
        #expect(frame[10, 0] == blue && frame[110, contentTop - 2] == blue)
        #expect(frame[10, contentTop + 2] == RenderFixtures.picture(width: 300, height: 900)[10, 2])
    }

    @Test func outputFolderRules() throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An OUTDIR with someone else's file is refused and left exactly as it was.
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "keep me".write(to: out.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = ScrollrenderCommand.run(Self.small + ["--fling", "500", image, out.path])
        #expect(refused.status == 73)
        #expect(refused.standardError.contains("exists and is not empty"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["out", "picture.png"])

        // A file in OUTDIR's place is refused too.
        let file = folder.appendingPathComponent("file")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        #expect(ScrollrenderCommand.run(Self.small + ["--fling", "500", image, file.path]).status == 73)

        // --force replaces an earlier sequence.
        let sequence = folder.appendingPathComponent("seq")
        #expect(ScrollrenderCommand.run(Self.small + ["--fling", "900", image, sequence.path]).status == 0)
        let longer = try RenderFixtures.manifest(in: sequence).frameCount
        #expect(ScrollrenderCommand.run(Self.small + ["--fling", "500", image, sequence.path]).status == 73)
        #expect(ScrollrenderCommand.run(Self.small + ["--force", "--fling", "300", image, sequence.path]).status == 0)
        let shorter = try RenderFixtures.manifest(in: sequence).frameCount
        #expect(shorter < longer)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sequence.path).count == shorter + 1)
    }

    @Test func badInputLeavesNothing() throws {
        let (folder, _, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(Self.small + ["--fling", "500", TestFiles.fixture("truncated_jpeg.jpg"), out.path])
        #expect(result.status == 65)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["picture.png"])
    }

    @Test(arguments: [
        (["--fling", "abc"], "--fling"),
        (["--fps", "0"], "--fps"),
        (["--size", "0x100"], "--size"),
        (["--size", "1e300x10"], "--size"),
        (["--size", "100x100", "--scale", "1e308"], "--scale"),
        (["--zoom-range", "3:1"], "--zoom-range"),
        (["--fling", "nan"], "--fling"),
        (["--hold", "-1"], "--hold"),
        (["--background", "chartreuse-ish"], "--background"),
        (["--deceleration", "1.5"], "--deceleration"),
    ])
    func impossibleArgumentsAreUsageErrors(arguments: [String], option: String) throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(arguments + [image, out.path])
        #expect(result.status == 64)
        #expect(result.standardError.contains(option))
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func zoomedOutJPEGIsDecodedAtADCTScale() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = TestFiles.packageRoot.appendingPathComponent("SampleImages/tesla.jpg").path
        let png = folder.appendingPathComponent("tesla.png").path
        #expect(ScrollrenderCommand.run(["decode", "--compression", "1", jpeg, png]).status == 0)
        // At zoom 0.2 and scale 1 a frame shows 0.2 output pixels per picture pixel: 1/4 serves.
        let view = ["--quiet", "--size", "300x400", "--scale", "1", "--zoom", "0.2", "--zoom-range", "0.2:1",
                    "--indicators", "none", "--fps", "10", "--fling", "400,300"]
        let fromJPEG = folder.appendingPathComponent("jpeg"), fromPNG = folder.appendingPathComponent("png")
        #expect(ScrollrenderCommand.run(view + [jpeg, fromJPEG.path]).status == 0)
        #expect(ScrollrenderCommand.run(view + [png, fromPNG.path]).status == 0)
        #expect(try RenderFixtures.manifest(in: fromJPEG).input.decodeScale == 4)
        #expect(try RenderFixtures.manifest(in: fromPNG).input.decodeScale == 1)
        #expect(try RenderFixtures.manifest(in: fromJPEG).frames == RenderFixtures.manifest(in: fromPNG).frames)
        // Same motion, and pictures that differ only where the two downscaling filters treat sharp
        // 1-pixel lines differently (measured: mean absolute difference 3 levels, no bias).
        let report = try FrameDiffer.compare(expected: fromPNG.path, actual: fromJPEG.path,
                                             tolerance: DiffTolerance(channel: 24, differingPixels: .ratio(0.03)))
        if !report.passed { Issue.record("beyond tolerance:\n\(report.text)") }
    }

    @Test func traceUsesIOSLogLines() throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(Self.small + ["--trace", "--fling", "800", image, out.path])
        #expect(result.status == 0)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == "-[ViewController scrollViewWillBeginDragging:]")
        #expect(lines.contains("-[ViewController scrollViewWillEndDragging:withVelocity:targetContentOffset:]"))
        #expect(lines.last == "-[ViewController scrollViewDidEndDecelerating:]")
    }

    @Test func gesturesRunInTheOrderGiven() throws {
        let (folder, image, out) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(Self.small + ["--json", "--scroll-to", "0,300", "--fling", "-600", image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(result.standardOutput.utf8))
        #expect(manifest.settings.steps.map(\.action) == [.scrollTo(Point(x: 0, y: 300), animated: true), .fling(velocity: Point(x: 0, y: -600))])
        let names = manifest.events.map(\.name).filter { $0 != "scrollViewDidScroll" }
        #expect(names.first == "scrollViewDidEndScrollingAnimation")
        #expect(names.dropFirst().first == "scrollViewWillBeginDragging")
    }
}
