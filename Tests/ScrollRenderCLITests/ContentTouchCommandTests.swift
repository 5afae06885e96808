import Foundation
import Testing
import _ScrollRenderTestSupport

/// Seed 002 from the command line and scenario files: taps, the two touch-delivery flags, the
/// manifest's content-touch events and the trace.
@Suite struct ContentTouchCommandTests {
    static let view = ["--quiet", "--size", "120x200", "--scale", "1", "--fps", "30"]

    @Test func aTapReachesTheContentAndTheTrace() throws {
        let (folder, image, out) = try RenderCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(Self.view + ["--trace", "--tap", "40,50", image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").map(String.init) == [
            "-[UIScrollView touchesShouldBegin:withEvent:inContentView:]",
            "-[ContentView touchesBegan:withEvent:]",
            "-[ContentView touchesEnded:withEvent:]",
        ])
        let events = try RenderFixtures.manifest(in: out).events
        #expect(events.map(\.kind) == ["contentTouch", "contentTouch", "contentTouch"])
        #expect(events.first?.location?.x == 40 && events.first?.location?.y == 50)
    }

    /// A finger that rests, then drags: without cancelling, the content keeps it and nothing scrolls;
    /// by default the pan takes it back and scrolls. The same through scenario settings.
    @Test(arguments: [false, true])
    func cancellingDecidesWhetherTheViewScrolls(fromScenario: Bool) throws {
        let (folder, image, out) = try RenderCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = #"{"drag": {"path": [[0, 60, 150], [0.3, 60, 150], [0.32, 60, 140], [0.4, 60, 60], [0.8, 60, 60]]}}"#
        func render(_ settings: String, flags: [String], into name: String) throws -> [String] {
            let file = folder.appendingPathComponent("\(name).json")
            try #"{"settings": {\#(fromScenario ? settings : "")}, "timeline": [\#(path)]}"#.write(to: file, atomically: true, encoding: .utf8)
            let target = folder.appendingPathComponent(name)
            let result = ScrollrenderCommand.run(Self.view + (fromScenario ? [] : flags) + ["--scenario", file.path, image, target.path])
            #expect(result.status == 0, "\(result.standardError)")
            let manifest = try RenderFixtures.manifest(in: target)
            #expect(((manifest.frames.last?.contentOffset.y ?? 0) > 0) == !flags.contains("--no-cancel-content-touches"))
            return manifest.events.filter { $0.kind == "contentTouch" }.map(\.name)
        }
        #expect(try render(#""canCancelContentTouches": false"#, flags: ["--no-cancel-content-touches"], into: "kept")
            == ["touchesShouldBegin", "touchesBegan", "touchesShouldCancel", "touchesEnded"])
        #expect(try render("", flags: [], into: "taken")
            == ["touchesShouldBegin", "touchesBegan", "touchesShouldCancel", "touchesCancelled"])
        _ = out
    }

    @Test func withoutTheDelayTheContentHearsTheTouchAtOnce() throws {
        let (folder, image, out) = try RenderCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(Self.view + ["--no-delay-content-touches", "--drag", "0,-60", image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let touches = try RenderFixtures.manifest(in: out).events.filter { $0.kind == "contentTouch" }
        #expect(touches.map(\.name) == ["touchesShouldBegin", "touchesBegan", "touchesShouldCancel", "touchesCancelled"])
        #expect(touches.first?.time == 0)
    }
}
