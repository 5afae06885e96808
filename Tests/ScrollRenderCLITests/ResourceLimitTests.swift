import Raster
import Compositor
import Foundation
import ImageCodecs
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// Runs that cannot fit are refused before any work, with the setting to lower.
@Suite struct ResourceLimitTests {
    @Test func memoryCeilingIsCheckedUpFront() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 2000, height: 2000), named: "p.png", in: folder)
        let result = ScrollrenderCommand.run(["--quiet", "--max-memory", "10", "--fling", "800", image, folder.appendingPathComponent("out").path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("over the memory limit of 10 MB"))
        #expect(result.standardError.contains("--max-memory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["p.png"])
    }

    @Test func budgetCountsTheDecodedRegionItsMipmapsAndFrames() throws {
        var settings = RenderSettings()
        settings.scrollView.boundsSize = .init(width: 100, height: 50)
        settings.scrollView.displayScale = 2
        let bytes = try PNGEncoder().encode(RenderFixtures.picture(width: 300, height: 200))
        let plan = try ImageDecoder().regionPlan(of: bytes, region: ImageRegion(x: 20, y: 10, width: 120, height: 60))
        let budget = MemoryBudget(content: plan, header: nil, settings: settings, workers: 2)
        #expect(plan.pixelBytes == 120 * 60 * 4)
        #expect(budget.source == plan.estimatedBytes + 120 * 60 * 4 / 3)
        // A layer no larger than 32 frames show (the layer limit is far above it).
        #expect(budget.framesInFlight == 2 * 200 * 100 * 4 * 2 + 32 * 200 * 100 * (4 + SharedRows.maximumBytesPerPixel))
        #expect(MemoryBudget(content: plan, mipmapped: false, header: nil, settings: settings, workers: 2).source == plan.estimatedBytes)
        let render = MemoryShortfall.Work.render(picture: budget.source, header: budget.header, framesInFlight: budget.framesInFlight)
        #expect(throws: ScrollRenderError.overMemoryLimit(MemoryShortfall(render, needed: budget.total, limit: budget.total - 1))) {
            try budget.check(limit: budget.total - 1)
        }
        try budget.check(limit: budget.total)
    }

    @Test(arguments: [["--hold", "3600", "--fps", "1000"], ["--hold", "2000"]])
    func absurdlyManyFramesAreRefused(_ arguments: [String]) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 100, height: 300), named: "p.png", in: folder)
        let result = ScrollrenderCommand.run(["--quiet"] + arguments + ["--fling", "800", image, folder.appendingPathComponent("out").path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("the motion would need over 100000 frames"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["p.png"])
    }

    @Test func pictureOverThePixelLimitIsRefused() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 100, height: 300), named: "p.png", in: folder)
        let result = ScrollrenderCommand.run(["--quiet", "--max-pixels", "1000", "--fling", "800", image, folder.appendingPathComponent("out").path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("picture too large: 100×300 is 30000 pixels, over the limit of 1000"))
    }

    /// A 70-byte PNG claiming 2147483647² pixels: refused from its header as the picture's fault
    /// (65, naming the file) as content (which cannot hold its claim, whatever region a render
    /// would read), as header, and by `decode` with the largest `--max-pixels`; no overflow, no allocation.
    @Test func headerClaimingTheLargestSizeIsADataError() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let huge = folder.appendingPathComponent("huge.png")
        try Data(PNGFixture.claiming(width: 2_147_483_647, height: 2_147_483_647)).write(to: huge)
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 100, height: 300), named: "p.png", in: folder)
        for arguments in [["--fling", "800", huge.path, folder.appendingPathComponent("o1").path],
                          ["--header", huge.path, "--fling", "800", image, folder.appendingPathComponent("o2").path],
                          ["decode", "--max-pixels", "9223372036854775807", huge.path, folder.appendingPathComponent("o.png").path]] {
            let result = ScrollrenderCommand.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.standardError)")
            let message = arguments.first == "--fling" ? "huge.png: truncated PNG file: 68 bytes cannot hold 2147483647×2147483647"
                : "huge.png: picture too large: 2147483647×2147483647"
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["huge.png", "p.png"])
    }

    /// A 2-kB progressive JPEG claiming 16384²: its blocks cannot fit in its bytes, so it is refused
    /// as truncated before libjpeg allocates 2 GB of coefficients for the claim.
    @Test func jpegTooShortForItsClaimIsRefusedAtOnce() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("testimgp.jpg"))))
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC2 })
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0x40, 0x00, 0x40, 0x00])
        let liar = folder.appendingPathComponent("liar.jpg")
        try Data(bytes.prefix(2000)).write(to: liar)
        for arguments in [["decode", liar.path, folder.appendingPathComponent("o.png").path],
                          ["--max-memory", "30", "--fling", "800", liar.path, folder.appendingPathComponent("o").path]] {
            let start = Date()
            let result = ScrollrenderCommand.run(arguments)
            #expect(result.status == 65)
            #expect(result.standardError.contains("liar.jpg: truncated JPEG file: 2000 bytes cannot hold 16384×16384 pixels"))
            #expect(Date().timeIntervalSince(start) < 5)
        }
    }

    /// A 68-byte PNG claiming 268435456×1 cannot hold its rows even at deflate's best ratio:
    /// refused as truncated from the header, before a gigabyte is allocated for it.
    @Test func pngTooShortForItsClaimIsRefusedAtOnce() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wide = folder.appendingPathComponent("wide.png")
        try Data(PNGFixture.claiming(width: 268_435_456, height: 1)).write(to: wide)
        let result = ScrollrenderCommand.run(["--fling", "800", wide.path, folder.appendingPathComponent("o").path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("wide.png: truncated PNG file"), "\(result.standardError)")
    }

    /// A scenario whose timeline would need over 100,000 frames is the file's fault: 65, naming it.
    @Test func scenarioTooLongIsADataErrorNamingTheFile() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 100, height: 300), named: "p.png", in: folder)
        let scenario = folder.appendingPathComponent("long.json")
        try #"{"settings": {"fps": 1000}, "timeline": [{"wait": 3600}]}"#.write(to: scenario, atomically: true, encoding: .utf8)
        let result = ScrollrenderCommand.run(["--quiet", "--scenario", scenario.path, image, folder.appendingPathComponent("o").path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("long.json: timeline: the motion would need over 100000 frames"))
    }
}

/// PNG headers of any claimed size, with a token IDAT.
enum PNGFixture {
    static func claiming(width: UInt32, height: UInt32) -> [UInt8] {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be32(UInt32(body.count)) + typed + be32(crc32(typed))
        }
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        let header = be32(width) + be32(height) + [8, 2, 0, 0, 0]
        // zlib of ten zero bytes.
        let idat: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x80, 0x00, 0x00, 0x00, 0x0A, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }
}

/// Header info of an in-memory PNG.
enum ImageLoaderFixture {
    static func info(width: Int, height: Int) throws -> ImageCodecs.ImageInfo {
        let bytes = try PNGEncoder().encode(RenderFixtures.picture(width: width, height: height))
        return try ImageDecoder().info(of: bytes)
    }
}
