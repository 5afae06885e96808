import Foundation
import Raster
import Testing
import _ScrollRenderTestSupport

/// `scrollrender diff --report DIR`: what the page says, that it stands alone, and — in headless
/// Chromium — that it works: no console errors, no network, the slider, the keys, the curves.
@Suite struct ReportTests {
    /// The page's text, and every picture it refers to, which must lie inside the report.
    static func page(_ report: String) throws -> (html: String, images: [String]) {
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        let images = html.components(separatedBy: "<img src=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        return (html, images)
    }

    static func expectSelfContained(_ report: String) throws {
        let (html, images) = try page(report)
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link") && !html.contains("<script src"))
        for image in images {
            #expect(!image.hasPrefix("/") && !image.contains(".."), "\(image) is not relative to the page")
            #expect(FileManager.default.fileExists(atPath: report + "/" + image), "\(image) is missing from the report")
        }
    }

    /// A report of a changed velocity stays small (the pictures of the first 8 failing frames, the
    /// rest in the filmstrip, with a note), gives one count of failing frames, prints only paths
    /// that exist after the run, and says when the sequences come from different pictures.
    @Test func aReportStaysSmallAndTrue() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder)
        let other = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 401), named: "q.png", in: folder)
        let golden = try DiffWorkflowTests.sequence("golden", ["--fling", "300"], in: folder, image: image)
        let faster = try DiffWorkflowTests.sequence("faster", ["--fling", "600"], in: folder, image: other)
        let report = folder.appendingPathComponent("report").path
        let result = ScrollrenderCommand.run(["diff", golden, faster, "--report", report])
        #expect(result.status == 1)
        let pictures = try FileManager.default.contentsOfDirectory(atPath: report + "/frames")
        let failing = try #require(Self.failingCount(result.standardOutput), "\(result.standardOutput)")
        #expect(pictures.filter { $0.hasSuffix(".diff.png") }.count == min(8, failing), "\(pictures)")
        for line in result.standardOutput.split(separator: "\n") where line.contains("difference image: ") {
            let path = String(line.split(separator: " ").last!)
            #expect(FileManager.default.fileExists(atPath: path), "printed \(path), which is not there")
        }
        let (html, _) = try Self.page(report)
        #expect(html.contains("full pictures of the first 8 failing frames are kept"), "the cap is said")
        // The motion differs, so it comes first, saying where it parts; each differing frame's box is given to be outlined.
        let motion = try #require(html.range(of: "<section id=\"motion\">")), viewer = try #require(html.range(of: "<section id=\"viewer\""))
        #expect(motion.lowerBound < viewer.lowerBound && html.contains("The motion parts first at t = "))
        #expect(html.contains("\"box\":[") && html.contains("class=\"box\""))
        #expect(result.standardOutput.contains("rendered from different pictures") && html.contains("rendered from different pictures"))
        try Self.expectSelfContained(report)
        // With --diff-out too: the report keeps its few pictures, the folder gets every failing frame's.
        let diffs = folder.appendingPathComponent("diffs").path, again = folder.appendingPathComponent("again").path
        #expect(ScrollrenderCommand.run(["diff", golden, faster, "--report", again, "--diff-out", diffs]).status == 1)
        let all = try FileManager.default.contentsOfDirectory(atPath: diffs).filter { $0.hasSuffix(".diff.png") }
        let kept = try FileManager.default.contentsOfDirectory(atPath: again + "/frames").filter { $0.hasSuffix(".diff.png") }
        #expect(kept.count == 8 && all.count > 8 && Set(kept).isSubset(of: Set(all)), "\(kept.count) in the report, \(all.count) in --diff-out")
    }

    @Test func reportSaysWhatDiffers() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder)
        let golden = try DiffWorkflowTests.sequence("golden", ["--fling", "300"], in: folder, image: image)
        let report = folder.appendingPathComponent("report").path
        // Identical: a passing page with a filmstrip and curves, and no frame to show.
        #expect(ScrollrenderCommand.run(["diff", golden, golden, "--report", report]).status == 0)
        try Self.expectSelfContained(report)
        var (html, images) = try Self.page(report)
        let frames = try RenderFixtures.manifest(in: URL(fileURLWithPath: golden)).frameCount
        #expect(html.contains("equal (\(frames) frames identical)") && html.contains("<polyline class=\"expected\""))
        #expect(images.count == frames)   // one thumbnail per frame
        // Different motion, so differing, missing frames, and the same report folder replaced.
        let shorter = try DiffWorkflowTests.sequence("shorter", ["--fling", "200"], in: folder, image: image)
        #expect(ScrollrenderCommand.run(["diff", golden, shorter, "--report", report]).status == 1)
        try Self.expectSelfContained(report)
        (html, _) = try Self.page(report)
        #expect(html.contains("frame count differs") && html.contains("thumb missing") && html.contains("thumb different"))
        #expect(html.contains(".diff.png") && html.contains("<th>missing</th><td>"))
        // Extra frames, the other way round.
        #expect(ScrollrenderCommand.run(["diff", shorter, golden, "--report", report]).status == 1)
        (html, _) = try Self.page(report)
        #expect(html.contains("thumb extra"))
        // Size and frame rate.
        let wide = try DiffWorkflowTests.sequence("wide", ["--fling", "300", "--size", "61x90", "--fps", "10"], in: folder, image: image)
        #expect(ScrollrenderCommand.run(["diff", golden, wide, "--report", report]).status == 1)
        (html, _) = try Self.page(report)
        #expect(html.contains("frame size differs") && html.contains("frame rate differs"))
        // Two PNG files.
        #expect(ScrollrenderCommand.run(["diff", golden + "/frame_00000.png", shorter + "/frame_00003.png", "--report", report]).status == 1)
        try Self.expectSelfContained(report)
        // A folder that is not a report is never replaced.
        let other = folder.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: other.appendingPathComponent("todo.txt"))
        let refused = ScrollrenderCommand.run(["diff", golden, shorter, "--report", other.path])
        #expect(refused.status == 73 && (try? String(contentsOf: other.appendingPathComponent("todo.txt"), encoding: .utf8)) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// The report of a changed fling (120×400 picture, flings of 300 and 400 pt/s) in Chromium
    /// (``BrowserChecks``): no console errors, no network, the curves, the keys, the slider, a
    /// screenshot that is not blank, one count of failing frames, and a clicked frame's box.
    @Test func theReportWorksInABrowser() async throws {
        let page = try await BrowserChecks.shared.reports.value.changed
        let run = page.run
        #expect(run.status == 1, "\(run.standardError)")
        let changedFrameCount = try #require(Self.failingCount(run.standardOutput), "\(run.standardOutput)")
        let seen = try page.seen()
        #expect((seen["consoleErrors"] as? [Any])?.isEmpty == true, "\(seen)")
        #expect((seen["exceptions"] as? [Any])?.isEmpty == true, "\(seen)")
        #expect((seen["externalRequests"] as? [Any])?.isEmpty == true, "\(seen)")
        #expect((seen["polylines"] as? Int) == 6 && (seen["longestPolyline"] as? Int ?? 0) > 10, "\(seen)")
        let first = seen["firstFrame"] as? String, right = seen["afterRight"] as? String
        #expect(first != nil && first != "-1" && right != first && seen["afterLeft"] as? String == first, "\(seen)")
        #expect(seen["view"] as? String == "slider" && seen["clipBefore"] as? String != seen["clipAfter"] as? String, "\(seen)")
        #expect((seen["screenshotColors"] as? Int ?? 0) > 50, "the screenshot is blank: \(seen)")
        // The motion differs, so its curves come first; every picture named loads; one count everywhere.
        #expect(seen["motionFirst"] as? Bool == true, "\(seen)")
        #expect((seen["brokenPictures"] as? [Any])?.isEmpty == true, "\(seen)")
        let counts = try #require(seen["counts"] as? [String: Int], "\(seen)")
        #expect(Set(counts.values).count == 1 && counts["summary"] == changedFrameCount, "\(counts); stdout: \(changedFrameCount)")
        // A failing frame clicked in the filmstrip shows its difference picture with the box where the data puts it.
        #expect(seen["clickedFrame"] as? String != first, "\(seen)")
        try Self.expectBoxDrawn(seen)
    }

    /// The failing frames the text output's result line counts: those that differ, extra and missing.
    static func failingCount(_ output: String) -> Int? {
        guard let result = output.split(separator: "\n").first(where: { $0.hasPrefix("result: ") }) else { return nil }
        let counts = [/(\d+) of \d+ frames? differs?/, /(\d+) frames? extra/, /(\d+) frames? missing/].map { pattern in
            result.firstMatch(of: pattern).flatMap { Int($0.1) } ?? 0
        }
        return counts.reduce(0, +)
    }

    /// A one-pixel change in a tall picture is a dot on screen: the report draws a box around it,
    /// where it is, wide enough to see. (The pixel at (90, 300) of a 120×400 picture,
    /// ``BrowserChecks``.)
    @Test func aOnePixelChangeIsBoxedInTheBrowser() async throws {
        let page = try await BrowserChecks.shared.reports.value.onePixel
        #expect(page.run.status == 1, "\(page.run.standardError)")
        let seen = try page.seen()
        let data = try #require(seen["boxData"] as? [Double], "\(seen)")
        let pixel: [Double] = [90.0 / 120, 300.0 / 400, 1.0 / 120, 1.0 / 400]
        #expect(zip(data, pixel).allSatisfy { abs($0.0 - $0.1) < 1e-9 }, "\(data)")
        try Self.expectBoxDrawn(seen)
        #expect((seen["brokenPictures"] as? [Any])?.isEmpty == true && (seen["exceptions"] as? [Any])?.isEmpty == true, "\(seen)")
    }

    /// The box drawn over the difference picture starts where the data's box starts and holds all
    /// of it (within a CSS pixel), and its green outline shows in a screenshot.
    static func expectBoxDrawn(_ seen: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = try #require(seen["boxData"] as? [Double], "\(seen)", sourceLocation: sourceLocation)
        let drawn = try #require(seen["boxDrawn"] as? [Double], "no box drawn: \(seen)", sourceLocation: sourceLocation)
        let size = try #require(seen["boxPictureSize"] as? [Double], "\(seen)", sourceLocation: sourceLocation)
        let (width, height) = (size[0], size[1])
        #expect(abs(drawn[0] - data[0]) * width <= 1 && abs(drawn[1] - data[1]) * height <= 1,
                "\(drawn) against \(data) on \(size)", sourceLocation: sourceLocation)
        #expect(drawn[2] * width >= data[2] * width - 1 && drawn[3] * height >= data[3] * height - 1,
                "\(drawn) against \(data) on \(size)", sourceLocation: sourceLocation)
        #expect((seen["boxGreen"] as? Int ?? 0) >= 20, "the outline is not seen: \(seen)", sourceLocation: sourceLocation)
    }

    /// A report killed while it was being written leaves a hidden staging folder; the next report
    /// into the same place removes it (and nothing else).
    @Test func aKilledReportsLeftoversAreSweptByTheNext() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder)
        let golden = try DiffWorkflowTests.sequence("golden", ["--fling", "300"], in: folder, image: image)
        // What a killed run leaves: marked, named for a process that is gone.
        let stale = folder.appendingPathComponent(".report.scrollrender-999999.tmp")
        try FileManager.default.createDirectory(at: stale.appendingPathComponent("frames"), withIntermediateDirectories: true)
        try Data().write(to: stale.appendingPathComponent(".scrollrender-staging"))
        try Data([1]).write(to: stale.appendingPathComponent("frames/thumb_0.png"))
        let unmarked = folder.appendingPathComponent(".report.scrollrender-999998.tmp")
        try FileManager.default.createDirectory(at: unmarked, withIntermediateDirectories: true)
        #expect(ScrollrenderCommand.run(["diff", golden, golden, "--report", folder.appendingPathComponent("report").path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: unmarked.path), "a folder without the marker is not scrollrender's to remove")
    }

    /// A small frame shown side by side is whole: the three pictures fit the viewer and the window
    /// (no scroll bar), and a box at the right edge is drawn inside it. Masks are hatched over
    /// every picture, where the data puts them. (160×240 frames, a red strip of 5×20 at the right
    /// edge, the mask 60×40 at (10, 20) over a changed blue pixel, ``BrowserChecks``.)
    @Test func smallFramesFitSideBySideAndMasksAreHatched() async throws {
        let page = try await BrowserChecks.shared.reports.value.smallFrames
        let run = page.run
        #expect(run.status == 1 && run.standardOutput.contains("100 pixels differ") && run.standardOutput.contains("in 5×20 at (155, 100)"),
                "\(run.standardOutput)")
        #expect(page.html.contains("<th>masked</th><td>1 region (60×40 at (10, 20)) left out of every frame (hatched)</td>"))
        let seen = try page.seen()
        let side = try #require(seen["side"] as? [String: Any], "\(seen)")
        #expect(side["overflows"] as? Bool == false && side["boxInside"] as? Bool == true, "\(side)")
        #expect(side["picturesWhole"] as? Bool == true && side["pictures"] as? Int == 3, "\(side)")
        let masks = try #require(seen["masks"] as? [String: Any], "\(seen)")
        #expect(masks["count"] as? Int == 3 && masks["hatched"] as? Bool == true, "\(masks)")
        let data = try #require((masks["data"] as? [[Double]])?.first), drawn = try #require(masks["drawn"] as? [Double])
        let placed: [Double] = [10.0 / 160, 20.0 / 240, 60.0 / 160, 40.0 / 240]
        let dataError = zip(data, placed).map { abs($0.0 - $0.1) }.max() ?? 1
        let drawnError = zip(data, drawn).map { abs($0.0 - $0.1) }.max() ?? 1
        #expect(data.count == 4 && dataError < 1e-5, "\(data)")
        #expect(drawn.count == 4 && drawnError < 0.01, "\(drawn) against \(data)")
        #expect((seen["exceptions"] as? [Any])?.isEmpty == true && (seen["brokenPictures"] as? [Any])?.isEmpty == true, "\(seen)")
        try Self.expectBoxDrawn(seen)
    }

    /// The check itself fails on a broken page: a script error and a request to the network
    /// (``BrowserChecks``).
    @Test func aBrokenPageIsCaught() async throws {
        let seen = try await BrowserChecks.shared.reports.value.broken.seen()
        #expect((seen["exceptions"] as? [Any])?.isEmpty == false, "\(seen)")
        #expect((seen["externalRequests"] as? [String])?.contains { $0.hasPrefix("http://127.0.0.1:9") } == true, "\(seen)")
        #expect((seen["polylines"] as? Int) == 0)
        #expect((seen["brokenPictures"] as? [String]) == ["http://127.0.0.1:9/nothing.png"], "\(seen)")
    }
}
