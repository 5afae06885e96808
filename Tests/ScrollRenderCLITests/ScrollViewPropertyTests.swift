import Foundation
import Raster
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// `isScrollEnabled`, `scrollsToTop` and `scrollIndicatorInsets`, from the command line and from
/// scenario settings, end to end.
@Suite struct ScrollViewPropertyTests {
    static let small = RenderCommandTests.small

    /// Renders `arguments` (flags, or a scenario's settings JSON) over a 300×900 picture.
    static func render(_ arguments: [String], settings json: String? = nil, gesture: [String]) throws -> (Manifest, URL, URL) {
        let (folder, image, out) = try RenderCommandTests.workspace()
        var options = small + arguments
        if let json {
            let file = folder.appendingPathComponent("s.json")
            try json.write(to: file, atomically: true, encoding: .utf8)
            options += ["--scenario", file.path]
        } else {
            options += gesture
        }
        let result = ScrollrenderCommand.run(options + [image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        return (try RenderFixtures.manifest(in: out), out, folder)
    }

    @Test(arguments: [false, true])
    func scrollDisabledIgnoresTheFling(fromScenario: Bool) throws {
        let (manifest, _, folder) = try fromScenario
            ? Self.render([], settings: #"{"settings": {"scrollEnabled": false}, "timeline": [{"fling": 800}]}"#, gesture: [])
            : Self.render(["--no-scroll"], gesture: ["--fling", "800"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(manifest.frames.allSatisfy { $0.contentOffset.y == 0 })
        #expect(!manifest.events.map(\.name).contains("scrollViewDidScroll"))
        #expect(!manifest.settings.scrollView.isScrollEnabled)
    }

    @Test(arguments: [false, true])
    func scrollsToTopOffIgnoresTheStatusBarTap(fromScenario: Bool) throws {
        let (manifest, _, folder) = try fromScenario
            ? Self.render([], settings: #"{"settings": {"scrollsToTop": false, "offset": [0, 300]}, "timeline": [{"scrollToTop": true}]}"#, gesture: [])
            : Self.render(["--no-scrolls-to-top", "--offset", "0,300"], gesture: ["--scroll-to-top"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(manifest.frames.allSatisfy { $0.contentOffset.y == 300 })
        #expect(manifest.events.isEmpty)
        let (enabled, _, other) = try Self.render(["--offset", "0,300"], gesture: ["--scroll-to-top"])
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(enabled.frames.last?.contentOffset.y == 0)
    }

    /// A 40-pt right indicator inset moves the vertical indicator 40 pixels left (scale 1).
    @Test(arguments: [false, true])
    func indicatorInsetsMoveTheIndicator(fromScenario: Bool) throws {
        let (plain, plainOut, plainFolder) = try Self.render(["--indicators", "black"], gesture: ["--fling", "800"])
        defer { try? FileManager.default.removeItem(at: plainFolder) }
        let (inset, insetOut, insetFolder) = try fromScenario
            ? Self.render(["--indicators", "black"],
                          settings: #"{"settings": {"indicatorInsets": [0, 0, 0, 40]}, "timeline": [{"fling": 800}]}"#, gesture: [])
            : Self.render(["--indicators", "black", "--indicator-insets", "0,0,0,40"], gesture: ["--fling", "800"])
        defer { try? FileManager.default.removeItem(at: insetFolder) }
        #expect(plain.frames == inset.frames)
        let frame = plain.frameCount / 3
        let a = try RenderFixtures.frame(frame, in: plainOut), b = try RenderFixtures.frame(frame, in: insetOut)
        // Above the horizontal indicator's band (whose track the inset shortens too): the plain
        // vertical indicator sits 3 pt from the right edge, 3 pt thick; the inset one 40 pt further left.
        let rows = 0..<(a.height - 10)
        let differing = (0..<a.width).filter { x in rows.contains { a[x, $0] != b[x, $0] } }
        #expect(differing == Array(74...76) + Array(114...116), "\(differing)")
    }

    /// `automaticallyAdjustsScrollIndicatorInsets`, a property added by its declaration alone: off,
    /// the vertical indicator's track starts under the safe area instead of below it; the flag and
    /// the scenario key give the same frames.
    @Test func automaticIndicatorInsetsFollowTheSafeArea() throws {
        let base = ["--indicators", "black", "--safe-area", "50,0,0,0"]
        let (adjusted, adjustedOut, a) = try Self.render(base, gesture: ["--fling", "800"])
        let (flag, flagOut, b) = try Self.render(base + ["--no-automatically-adjusts-scroll-indicator-insets"], gesture: ["--fling", "800"])
        let (key, keyOut, c) = try Self.render(base, settings: #"{"settings": {"automaticallyAdjustsScrollIndicatorInsets": false}, "timeline": [{"fling": 800}]}"#, gesture: [])
        defer { for folder in [a, b, c] { try? FileManager.default.removeItem(at: folder) } }
        #expect(adjusted.settings.scrollView.automaticallyAdjustsScrollIndicatorInsets)
        #expect(!flag.settings.scrollView.automaticallyAdjustsScrollIndicatorInsets && key.settings == flag.settings)
        #expect(adjusted.frames == flag.frames)
        let frame = adjusted.frameCount / 3
        let inSafeArea = try RenderFixtures.frame(frame, in: adjustedOut), ignoring = try RenderFixtures.frame(frame, in: flagOut)
        #expect(inSafeArea != ignoring)
        #expect(try RenderFixtures.frame(frame, in: keyOut) == ignoring)
    }
}
