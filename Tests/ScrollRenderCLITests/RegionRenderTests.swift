import Compositor
import Foundation
import Geometry
import ImageCodecs
import Raster
import ScrollPhysics
@testable import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// A render decodes only the region its frames read, and draws exactly what a whole decode draws.
@Suite struct RegionRenderTests {
    static func request(_ image: String, _ arguments: (inout RenderSettings) throws -> Void) throws -> RenderRequest {
        var settings = RenderSettings()
        settings.scrollView.boundsSize = .init(width: 80, height: 120)
        settings.scrollView.displayScale = 1
        settings.fps = 15
        settings.hold = 0
        try arguments(&settings)
        return try RenderRequest(imagePath: image, outputPath: "/nonexistent", settings: settings)
    }


    /// Each motion's frames from the region equal the frames from the whole picture, pixel for pixel.
    @Test(arguments: ["fling", "fling-zoomed-out", "zoom-out-from-middle", "pinch-out", "pinch-in", "paging", "header", "zoom-to-rect"])
    func regionFramesEqualWholeFrames(_ motion: String) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Odd sizes, so that mipmap levels end mid-block.
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 1001, height: 1503), named: "p.png", in: folder)
        let header = try RenderFixtures.write(RenderFixtures.picture(width: 90, height: 50), named: "h.png", in: folder)
        let request = try Self.request(image) { settings in
            let value: (Setting, SettingValue)
            switch motion {
            case "fling": value = (.offset, .point(Point(x: 300, y: 400)))
            case "fling-zoomed-out":
                // A fifth of the picture's size: frames sample a mipmap level of a region that starts mid-picture.
                try settings.set(.zoom, to: .number(0.2))
                try settings.set(.zoomRange, to: .zoomScales(ZoomScaleRange(minimum: 0.1, maximum: 1)))
                value = (.offset, .point(Point(x: 37, y: 61)))
            case "pinch-out", "pinch-in": value = (.zoomRange, .zoomScales(ZoomScaleRange(minimum: 0.01, maximum: 4)))
            case "zoom-out-from-middle":
                // From full size at an odd offset to a fifth: level-0 frames then mipmap frames of one region.
                try settings.set(.zoomRange, to: .zoomScales(ZoomScaleRange(minimum: 0.1, maximum: 1)))
                value = (.offset, .point(Point(x: 301, y: 451)))
            case "paging": value = (.paging, .flag(true))
            case "header": value = (.header, .text(header))
            default: value = (.zoomRange, .zoomScales(ZoomScaleRange(minimum: 0.05, maximum: 8)))
            }
            try settings.set(value.0, to: value.1)
            settings.steps = try Self.timeline(motion)
        }
        let plan = try RenderPlan(request: request)
        let region = try #require(plan.input.decodedRegion)
        let whole = try ImageDecoder().decode(Array(Data(contentsOf: URL(fileURLWithPath: image)))).image
        let reference = Compositor(viewSize: plan.compositor.viewSize, displayScale: plan.compositor.displayScale,
                                   background: plan.compositor.background, content: SourceImage(whole),
                                   contentPointsPerPixel: plan.compositor.contentPointsPerPixel,
                                   header: plan.compositor.header, opaqueOutput: true)
        var differing: [Int] = []
        for index in plan.frameRange where plan.compositor.render(plan.compositorFrames[index]) != reference.render(plan.compositorFrames[index]) {
            differing.append(index)
        }
        #expect(differing.isEmpty, "\(motion): frames \(differing) differ; region \(region)")
        if ["fling", "fling-zoomed-out", "pinch-in"].contains(motion) {
            #expect(region.x > 0 && region.y > 0 || motion == "pinch-in", "\(motion) decodes \(region)")
            #expect(region.pixelCount * 4 < whole.width * whole.height, "\(motion) decodes \(region) of 1001×1503")
        }
    }

    static func timeline(_ motion: String) throws -> [TimelineStep] {
        switch motion {
        case "fling": return [.at(0, .touches(.fling(velocity: .init(x: 300, y: 900))))]
        case "fling-zoomed-out": return [.at(0, .touches(.fling(velocity: .init(x: 20, y: 60))))]
        case "pinch-out": return [.at(0, .pinch(scale: 0.05, center: nil, duration: nil))]
        case "pinch-in": return [.at(0, .pinch(scale: 3, center: .init(x: 30, y: 40), duration: nil))]
        case "zoom-out-from-middle": return [.at(0, .setZoomScale(0.2, animated: true))]
        case "paging": return [.at(0, .page(2))]
        case "header": return [.at(0, .touches(.drag(translation: .init(x: 0, y: 200), hold: 0.1, duration: nil)))]
        default: return [.at(0, .zoomTo(.init(x: 700, y: 1100, width: 60, height: 90), animated: true)),
                         .afterRest(.zoomTo(.init(x: 0, y: 0, width: 1001, height: 1503), animated: true))]
        }
    }

    /// A full-size frame at an odd offset and a zoomed-out frame further right: the region starts
    /// on the deepest level's grid, so that its mipmap blocks are the whole picture's.
    @Test func mixedLevelsStartOnTheDeepestGrid() throws {
        let picture = RenderFixtures.picture(width: 1001, height: 1503)
        var settings = RenderSettings()
        settings.scrollView.boundsSize = .init(width: 80, height: 120)
        settings.scrollView.displayScale = 1
        let frames = [Compositor.Frame(contentOffset: .init(x: 301, y: 451), zoomScale: 1),
                      Compositor.Frame(contentOffset: .init(x: 150, y: 200), zoomScale: 0.2)]
        let geometry = PictureGeometry(width: 1001, height: 1503)
        let (region, deepest) = ContentRegion.union(of: frames, picture: geometry, settings: settings, contentPointsPerPixel: 1)
        #expect(deepest == 1)
        #expect(region.x % 2 == 0 && region.y % 2 == 0 && region.x > 0, "\(region)")
        var crop = RGBAImage(width: region.width, height: region.height)
        for y in 0..<region.height { for x in 0..<region.width { crop[x, y] = picture[region.x + x, region.y + y] } }
        func compositor(_ content: SourceImage) -> Compositor {
            Compositor(viewSize: settings.scrollView.boundsSize, displayScale: 1, background: .white, content: content, contentPointsPerPixel: 1)
        }
        let (cropped, whole) = (compositor(SourceImage(region: crop, x: region.x, y: region.y, of: geometry)), compositor(SourceImage(picture)))
        for frame in frames { #expect(cropped.render(frame) == whole.render(frame)) }
    }

    /// A region near the top decodes from the start of the file; a decode that needs more reads
    /// more, and a file that is really cut short still fails as truncated.
    @Test(arguments: ["testorig.jpg", "basn6a08.png"])
    func aPictureIsReadOnlyAsFarAsTheRegionNeeds(_ fixture: String) throws {
        let path = TestFiles.fixture(fixture)
        let whole = try ImageDecoder().decode(Array(Data(contentsOf: URL(fileURLWithPath: path)))).image
        let region = ImageRegion(x: 3, y: 2, width: whole.width / 2, height: whole.height / 3)
        var file = try PictureFile(path: path, firstRead: 64)
        let decoded = try file.withEnoughBytes { bytes, size throws(ImageCodecError) in
            try ImageDecoder().decode(bytes, region: region, scale: .full, fileSize: size)
        }
        #expect(decoded.image == RenderFixtures.crop(whole, x: 3, y: 2, width: region.width, height: region.height))
        #expect(file.bytes.count < file.size || fixture.hasSuffix(".png"), "read \(file.bytes.count) of \(file.size)")
        // Cut short: it grows to the whole file, then says truncated.
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cut = folder.appendingPathComponent("cut-" + fixture)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count * 2 / 3).write(to: cut)
        var short = try PictureFile(path: cut.path, firstRead: 64)
        let all = ImageRegion(width: whole.width, height: whole.height)
        #expect {
            _ = try short.withEnoughBytes { bytes, size throws(ImageCodecError) in try ImageDecoder().decode(bytes, region: all, fileSize: size) }
        } throws: { error in
            guard case ScrollRenderError.badImage(_, .truncated) = error else { return false }
            return true
        }
    }

    /// The pixel guard measures the region: a picture over it renders when the view reads little of
    /// it, and one whose region is too large is refused from its header (exit 65) before decoding.
    @Test func thePixelGuardMeasuresTheRegion() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 1000, height: 1000), named: "p.png", in: folder)
        let base = ["--quiet", "--size", "60x90", "--scale", "1", "--fps", "15", "--hold", "0", "--max-pixels", "100000"]
        let small = ScrollrenderCommand.run(base + ["--fling", "300", image, folder.appendingPathComponent("small").path])
        #expect(small.status == 0, "\(small.standardError)")
        let manifest = try RenderFixtures.manifest(in: folder.appendingPathComponent("small"))
        let region = try #require(manifest.input.decodedRegion)
        #expect(region.pixelCount <= 100_000 && region.x == 0 && region.y == 0)
        let large = ScrollrenderCommand.run(base + ["--pinch", "0.05", image, folder.appendingPathComponent("large").path])
        #expect(large.status == 65)
        #expect(large.standardError.contains("p.png: picture too large"), "\(large.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("large").path))
    }

    /// A sideways fling over a region of a wide picture, from a column off the layers' tile grid:
    /// the frames written (from layers that keep tiles from run to run, each drawn where frames
    /// show it) are the frames drawn from the whole picture.
    @Test func sidewaysLayersOfARegionDrawWhatTheWholePictureDraws() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 3001, height: 300), named: "p.png", in: folder)
        let arguments = ["--quiet", "--size", "200x150", "--scale", "1", "--fps", "30", "--hold", "0", "--indicators", "none",
                         "--offset", "700,40", "--fling", "900,0", image]
        let out = folder.appendingPathComponent("out")
        let result = ScrollrenderCommand.run(arguments + [out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try RenderFixtures.manifest(in: out)
        let region = try #require(manifest.input.decodedRegion)
        #expect(region.x > 256 && region.x + region.width < 3001 - 256)
        let picture = RenderFixtures.picture(width: 3001, height: 300)
        #expect(manifest.frames.count > 20)
        for frame in manifest.frames {
            let (x, y) = (Int(frame.contentOffset.x), Int(frame.contentOffset.y))
            #expect(try RenderFixtures.frame(frame.index, in: out) == RenderFixtures.crop(picture, x: x, y: y, width: 200, height: 150),
                    "frame \(frame.index) at \(x)")
        }
    }
}
