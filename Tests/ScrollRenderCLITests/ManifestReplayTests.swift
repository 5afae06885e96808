import Foundation
import FrameDiff
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// A manifest is a scenario: `scrollrender --scenario OUT/manifest.json IMAGE OUT2` renders the
/// identical sequence — the same pixels, frames, callbacks, settings and timeline — for every
/// example scenario and for renders made with flags only.
@Suite struct ManifestReplayTests {
    static let small = ["--quiet", "--size", "120x200", "--scale", "1", "--fps", "20"]

    static let flagRenders: [(String, [String])] = [
        ("fling", ["--fling", "900", "--deceleration", "fast"]),
        ("pull", ["--drag", "0,300", "--no-bounce-zoom", "--indicators", "white"]),
        ("paging", ["--page", "2", "--inset", "10,0,20,0"]),
        ("pinch", ["--pinch", "3", "--pinch-center", "60,100", "--zoom-range", "0.2:5"]),
        ("device", ["--device", "iPhone 16 Pro", "--landscape", "--scale", "0.5", "--fling", "0,700", "--safe-area", "0,40,10,40"]),
        ("header", ["--header", TestFiles.packageRoot.appendingPathComponent("Examples/header.jpg").path, "--header-stretch", "1.5", "--drag", "0,200", "--background", "#ff000080", "--transparent"]),
        ("snapping", ["--snap-interval", "0,150", "--fling", "1200", "--directional-lock", "--no-scroll", "--no-scrolls-to-top"]),
        ("calls", ["--offset", "0,900", "--scroll-to-top", "--scroll-to", "0,400", "--zoom-to", "100,200,300,400", "--tap", "50,60"]),
    ]

    static var cases: [(String, [String])] {
        ScenarioTests.examples.map { ($0, ["--scenario", TestFiles.packageRoot.appendingPathComponent("Examples/\($0).json").path]) } + flagRenders
    }

    @Test(arguments: cases)
    func aManifestReplaysItsRender(_ name: String, _ arguments: [String]) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first"), second = folder.appendingPathComponent("second")
        let image = TestFiles.packageRoot.appendingPathComponent("SampleImages/tesla.jpg").path
        let rendered = ScrollrenderCommand.run(Self.small + arguments + [image, first.path])
        try #require(rendered.status == 0, "\(name): \(rendered.standardError)")
        // Only the picture and the two folders: every setting and step comes from the manifest. A
        // header outside the manifest's folder is read only when the command line names it.
        let header = try RenderFixtures.manifest(in: first).settings.headerPath.map { ["--header", first.appendingPathComponent($0).standardized.path] } ?? []
        let replayed = ScrollrenderCommand.run(["--quiet", "--scenario", first.appendingPathComponent("manifest.json").path] + header + [image, second.path])
        try #require(replayed.status == 0, "\(name): \(replayed.standardError)")
        let report = try FrameDiffer.compare(expected: first.path, actual: second.path)
        #expect(report.passed, "\(name): \(report.text)")
        let a = try RenderFixtures.manifest(in: first), b = try RenderFixtures.manifest(in: second)
        #expect(a.frames == b.frames && a.events == b.events, "\(name): motion or callbacks differ")
        #expect(a.settings == b.settings, "\(name): settings differ")
        // The manifest's own keys are the scenario's: the settings and the timeline read as written.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: first.appendingPathComponent("manifest.json"))) as? [String: Any])
        #expect(json["format"] as? Int == Manifest.format && json["timeline"] is [Any] && json["settings"] is [String: Any])
    }

    @Test func aFormerManifestSaysItCannotBeReplayed() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("manifest.json")
        try #"{"tool": "scrollrender", "version": "0.1.0", "settings": {"viewSize": {"width": 10, "height": 10}}}"#
            .write(to: old, atomically: true, encoding: .utf8)
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 40, height: 40), named: "p.png", in: folder)
        let result = ScrollrenderCommand.run(["--scenario", old.path, image, folder.appendingPathComponent("out").path])
        #expect(result.status == 65 && result.standardError.contains("format 1"), "\(result.standardError)")
    }
}
