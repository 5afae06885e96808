import Foundation
import Geometry
import ScrollPhysics
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// Scenario files: fully validated (every error names its key path), then rendered.
@Suite struct ScenarioTests {
    static func scenario(_ json: String) throws(ScrollRenderError) -> Scenario {
        return try Scenario(json: Array(json.utf8), file: "test.json")
    }

    static func message(_ json: String) -> String {
        do {
            _ = try scenario(json)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func readsSettingsAndTimeline() throws {
        let scenario = try Self.scenario("""
            {"settings": {"size": [320, 480], "scale": 3, "deceleration": "fast", "paging": true, "indicators": "none",
                          "zoomRange": [0.5, 2], "background": "#000000", "fps": 30, "hold": 0, "compression": 6},
             "timeline": [{"fling": [0, 900]}, {"at": 0.5, "hold": 0.1}, {"after": 0.2, "drag": {"path": [[0, 100, 100], [0.2, 100, 200]]}},
                          {"scrollTo": [0, 10], "animated": false}, {"wait": 1}, {"flashIndicators": true}]}
            """)
        let settings = scenario.settings
        let view = settings.scrollView
        #expect(view.boundsSize == Size(width: 320, height: 480))
        #expect(view.displayScale == 3 && view.decelerationRate == .fast && view.isPagingEnabled)
        #expect(!view.showsVerticalScrollIndicator && !view.showsHorizontalScrollIndicator)
        #expect(view.minimumZoomScale == 0.5 && view.maximumZoomScale == 2 && settings.given.contains(.zoomRange))
        #expect(settings.fps == 30 && settings.compressionLevel == 6)
        #expect(settings.steps == [
            TimelineStep(.fling(velocity: Point(x: 0, y: 900)), start: .at(0)),
            TimelineStep(.touch(duration: 0.1), start: .at(0.5)),
            TimelineStep(.dragPath([TimedPoint(time: 0, location: Point(x: 100, y: 100)), TimedPoint(time: 0.2, location: Point(x: 100, y: 200))]), start: .afterRest(0.2)),
            TimelineStep(.scrollTo(Point(x: 0, y: 10), animated: false)),
            TimelineStep(.wait(1)),
            TimelineStep(.flashScrollIndicators),
        ])
    }

    @Test(arguments: [
        (#"{"setings": {}}"#, #"test.json: setings: unknown key "setings""#),
        (#"{"settings": {"fps": "60"}}"#, #"test.json: settings.fps: expected a number, got the string "60""#),
        (#"{"settings": {"fps": 0}}"#, "test.json: settings.fps: the frame rate must be positive, not 0.0"),
        (#"{"settings": {"size": [390]}}"#, "test.json: settings.size: expected a list of 2 numbers [width, height], got a list"),
        (#"{"settings": {"zoomRange": [3, 1]}}"#, "test.json: settings.zoomRange: the minimum zoom scale 3.0 is above the maximum 1.0"),
        (#"{"settings": {"indicators": "grey"}}"#, #"test.json: settings.indicators: must be one of black, default, none, white, not "grey""#),
        (#"{"timeline": [{"fling": 800}, {"flick": 3}]}"#, #"test.json: timeline[1].flick: unknown key "flick""#),
        (#"{"timeline": [{"at": 1}]}"#, "test.json: timeline[0]: a step needs one action"),
        (#"{"timeline": [{"fling": 800, "page": 1}]}"#, "test.json: timeline[0]: a step has one action, not fling and page"),
        (#"{"timeline": [{"drag": {"by": [0, "x"]}}]}"#, #"test.json: timeline[0].drag.by[1]: expected a number, got the string "x""#),
        (#"{"timeline": [{"drag": {"path": [[0, 1, 1], [0, 2, 2]]}}]}"#, "drag path's times must increase"),
        (#"{"timeline": [{"fling": 800, "at": 1, "after": 2}]}"#, #"test.json: timeline[0]: give "at" or "after", not both"#),
        (#"{"timeline": [{"fling": 800, "animated": true}]}"#, "test.json: timeline[0].animated: only scrollTo, scrollRectToVisible, zoomTo and zoomScale can be animated"),
        (#"{"timeline": [{"wait": -1}]}"#, "test.json: timeline[0].wait: a wait must be zero or more seconds, not -1.0"),
        (#"{"timeline": [{"scrollToTop": false}]}"#, "test.json: timeline[0].scrollToTop: must be true"),
        (#"{"timeline": {"fling": 800}}"#, "test.json: timeline: expected a list of steps, got an object"),
    ])
    func errorsNameTheKeyPath(json: String, expected: String) {
        #expect(Self.message(json).contains(expected), "\(Self.message(json))")
    }

    @Test func gesturesTakeADuration() throws {
        let scenario = try Self.scenario(#"{"timeline": [{"pinch": {"scale": 2, "duration": 1.5}}, {"drag": {"by": [0, 50], "duration": 0.8}}]}"#)
        #expect(scenario.settings.steps.map(\.action) == [
            .pinch(scale: 2, center: nil, duration: 1.5),
            .drag(translation: Point(x: 0, y: 50), hold: TimelineStep.Action.defaultDragHold, duration: 0.8),
        ])
        #expect(Self.message(#"{"timeline": [{"drag": {"path": [[0, 1, 1], [1, 2, 2]], "duration": 1}}]}"#)
            .contains("timeline[0].drag.duration: a path movement has its own timing"))
        #expect(Self.message(#"{"timeline": [{"pinch": {"scale": 2, "duration": 0}}]}"#)
            .contains("timeline[0].pinch.duration: a pinch's duration must be positive"))
    }

    @Test func invalidJSONIsADataError() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.json")
        try #"{"timeline": [ {"fling": 800 ]}"#.write(to: file, atomically: true, encoding: .utf8)
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 200, height: 400), named: "p.png", in: folder)
        let result = ScrollrenderCommand.run(["--scenario", file.path, image, folder.appendingPathComponent("out").path])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("scrollrender: \(file.path): not valid JSON"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        let unknown = ScrollrenderCommand.run(["--scenario", folder.appendingPathComponent("nope.json").path, image, folder.appendingPathComponent("out").path])
        #expect(unknown.status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func commandLineOptionsOverrideTheFile() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.json")
        try #"{"settings": {"size": [100, 150], "fps": 20, "hold": 0}, "timeline": [{"fling": 500}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 200, height: 600), named: "p.png", in: folder)
        let out = folder.appendingPathComponent("out")
        let result = ScrollrenderCommand.run(["--quiet", "--scenario", file.path, "--size", "80x120", "--scale", "1", image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try RenderFixtures.manifest(in: out)
        #expect(manifest.pixelWidth == 80 && manifest.pixelHeight == 120)
        #expect(manifest.fps == 20)
        let both = ScrollrenderCommand.run(["--scenario", file.path, "--fling", "300", image, folder.appendingPathComponent("o2").path])
        #expect(both.status == 64)
    }

    static let examples = ["fling", "fling-interrupted", "pull-to-bounce", "paging", "pinch-bounce",
                           "zoom-to-rect", "stretchy-header", "scroll-to-top", "recorded-flick", "card-snap", "trackpad-flick"]

    /// Seed 001: the delegate's new target is where the deceleration ends, and the manifest keeps
    /// both UIKit's proposal and the delegate's choice — from the command line and from each
    /// scenario form.
    @Test(arguments: [
        (["--snap-interval", "0,250"], nil, 250.0),
        ([], #"{"settings": {"targetContentOffset": {"snapTo": [[0, 100], [0, 1200]]}}, "timeline": [{"fling": 900}]}"#, 100.0),
        ([], #"{"settings": {"targetContentOffset": {"offset": [0, 777]}}, "timeline": [{"fling": 900}]}"#, 777.0),
    ] as [([String], String?, Double)])
    func changedTargetIsWhereTheFlingSettles(arguments: [String], scenario: String?, interval: Double) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 200, height: 3000), named: "p.png", in: folder)
        var options = ["--quiet", "--size", "100x150", "--scale", "1", "--fps", "30"] + arguments
        if let scenario {
            try scenario.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
            options += ["--scenario", folder.appendingPathComponent("s.json").path]
        } else {
            options += ["--fling", "900"]
        }
        let out = folder.appendingPathComponent("out")
        let result = ScrollrenderCommand.run(options + [image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try RenderFixtures.manifest(in: out)
        let release = try #require(manifest.events.first { $0.name == "scrollViewWillEndDragging" })
        let proposed = try #require(release.proposedTargetContentOffset), chosen = try #require(release.targetContentOffset)
        #expect(abs(proposed.y - (release.contentOffset.y + 890 / 2.002_001_3)) < 1)  // (900 − 10)/λ from the release
        if scenario == nil {
            #expect(chosen.y == (proposed.y / interval).rounded() * interval)
        } else {
            #expect(chosen.y == interval)
        }
        #expect(manifest.frames.last?.contentOffset.y == chosen.y)
        #expect(manifest.events.last?.name == "scrollViewDidEndDecelerating")
    }

    /// A touch log replays sample for sample: the release velocity is R3's blend of the log's last
    /// two recognizer reports, and the content comes to rest where that velocity takes it.
    @Test func touchLogReplaysThroughAScenario() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Sample velocities 0, −1200, −1200, −3600 pt/s at 120 Hz: reports −1200 then −1680 (0.2/0.8).
        try "t,x,y\n0,100,500\n0.0083333333333,100,500\n0.0166666666667,100,490\n0.025,100,480\n0.0333333333333,100,450\n0.0416666666667,100,450\n"
            .write(to: folder.appendingPathComponent("log.csv"), atomically: true, encoding: .utf8)
        try #"{"timeline": [{"drag": {"pathFile": "log.csv"}}]}"#.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 200, height: 4000), named: "p.png", in: folder)
        let out = folder.appendingPathComponent("out")
        let result = ScrollrenderCommand.run(["--quiet", "--size", "100x150", "--scale", "1", "--fps", "30",
                                            "--scenario", folder.appendingPathComponent("s.json").path, image, out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try RenderFixtures.manifest(in: out)
        let release = try #require(manifest.events.first { $0.name == "scrollViewWillEndDragging" })
        let velocity = 0.75 * 1200 + 0.25 * (0.2 * 3600 + 0.8 * 1200)
        #expect(abs(try #require(release.velocity).y - velocity / 1000) < 1e-6)
        #expect(abs(manifest.frames.last!.contentOffset.y - (try #require(release.targetContentOffset).y)) < 0.5 + 1e-9)
    }

    @Test(arguments: [
        ("x,y\n", "log.csv:1:1: the header must be t,x,y (found 2 other names)"),
        ("t,x,y\n0,1,2\n0.1,abc,2\n", "log.csv:3:5: x: expected a number, not \"abc\""),
        ("t,x,y\n0,1\n", "log.csv:2:1: expected 3 columns t,x,y, found 2"),
        ("t,x,y\n0,1,1\n0,2,2\n", "log.csv:3:1: t: times must increase (0.0 follows 0.0)"),
    ])
    func touchLogErrorsNameTheLine(csv: String, message: String) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try csv.write(to: folder.appendingPathComponent("log.csv"), atomically: true, encoding: .utf8)
        let scenario = folder.appendingPathComponent("s.json")
        try #"{"timeline": [{"drag": {"pathFile": "log.csv"}}]}"#.write(to: scenario, atomically: true, encoding: .utf8)
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 50, height: 50), named: "p.png", in: folder)
        let result = ScrollrenderCommand.run(["--scenario", scenario.path, image, folder.appendingPathComponent("o").path])
        #expect(result.status == 65)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test(arguments: examples)
    func exampleRendersWithTheSamplePictures(_ name: String) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = TestFiles.packageRoot
        let out = folder.appendingPathComponent(name)
        let result = ScrollrenderCommand.run([
            "--quiet", "--size", "120x200", "--scale", "1", "--fps", "20",
            "--scenario", root.appendingPathComponent("Examples/\(name).json").path,
            root.appendingPathComponent("SampleImages/tesla.jpg").path, out.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try RenderFixtures.manifest(in: out)
        #expect(manifest.frameCount > 5)
        let last = try #require(manifest.frames.last)
        #expect(!last.isTracking && !last.isDragging && !last.isDecelerating && !last.isZooming && !last.isZoomBouncing)
    }
}
