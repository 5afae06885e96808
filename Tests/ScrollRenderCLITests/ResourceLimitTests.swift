import Foundation
import ImageCodecs
import ScrollRenderKit
import Testing

/// Runs that cannot fit are refused before any work, with the setting to lower.
@Suite struct ResourceLimitTests {
    @Test func memoryCeilingIsCheckedUpFront() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 2000, height: 2000), named: "p.png", in: folder)
        let result = try CommandRunner.run(["--quiet", "--max-memory", "10", "--fling", "800", image, folder.appendingPathComponent("out").path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("over the memory limit of 10 MB"))
        #expect(result.standardError.contains("--max-memory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["p.png"])
    }

    @Test func budgetCountsSourceMipmapsAndFrames() throws {
        var settings = RenderSettings()
        settings.scrollView.boundsSize = .init(width: 100, height: 50)
        settings.scrollView.displayScale = 2
        let info = try #require(try? ImageLoaderFixture.info(width: 300, height: 200))
        let budget = MemoryBudget(content: info, header: nil, settings: settings, workers: 2)
        #expect(budget.source == 240_000 + 80_000)
        #expect(budget.framesInFlight == 2 * 200 * 100 * 4 * 2)
        #expect(throws: ScrollRenderError.self) { try budget.check(limit: budget.total - 1) }
        try budget.check(limit: budget.total)
    }

    @Test(arguments: [["--hold", "3600", "--fps", "1000"], ["--hold", "2000"]])
    func absurdlyManyFramesAreRefused(_ arguments: [String]) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 100, height: 300), named: "p.png", in: folder)
        let result = try CommandRunner.run(["--quiet"] + arguments + ["--fling", "800", image, folder.appendingPathComponent("out").path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("the motion would need over 100000 frames"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["p.png"])
    }

    @Test func pictureOverThePixelLimitIsRefused() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 100, height: 300), named: "p.png", in: folder)
        let result = try CommandRunner.run(["--quiet", "--max-pixels", "1000", "--fling", "800", image, folder.appendingPathComponent("out").path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("picture too large: 100×300 is 30000 pixels, over the limit of 1000"))
    }
}

/// Header info of an in-memory PNG.
enum ImageLoaderFixture {
    static func info(width: Int, height: Int) throws -> ImageCodecs.ImageInfo {
        let bytes = try PNGEncoder().encode(RenderFixtures.picture(width: width, height: height))
        return try ImageDecoder().info(of: bytes)
    }
}
