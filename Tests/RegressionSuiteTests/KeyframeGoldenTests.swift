import FileSystem
import Foundation
import FrameDiff
import GoldenCheck
import Raster
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// Issue 45: a keyframe golden — a few pictures where the motion shows most, and the motion of
/// every frame — catches what a golden of every frame catches. Each deliberate fault below is
/// made in what a render writes (its pictures or its manifest), as a regression would show there.
@Suite struct KeyframeGoldenTests {
    static let picture = RegressionSuiteTests.picture
    static let header = URL(fileURLWithPath: picture).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/header.jpg").path

    /// A render of `scenario` (its JSON) into `folder/name`, compact for review as a suite renders.
    static func render(_ scenario: String, _ name: String, in folder: String) throws -> String {
        let file = FileSystem.join(folder, name + ".json")
        try Data(scenario.utf8).write(to: URL(fileURLWithPath: file))
        let output = FileSystem.join(folder, name)
        _ = try RenderSession(try RenderRequest(imagePath: picture, outputPath: output,
                                                // The header lies outside the scenario's folder: allowed as --header allows it.
                                                settings: try Scenario.load(file, allowing: [header]).settings.compactForReview())).run()
        return output
    }

    static func fling(_ velocity: Int) -> String {
        #"{"settings": {"size": [90, 160], "fps": 60}, "timeline": [{"fling": \#(velocity)}]}"#
    }

    static func pull(stretch: Double) -> String {
        #"{"settings": {"size": [90, 160], "fps": 60, "header": "\#(header)", "headerStretch": \#(stretch)}, "timeline": [{"drag": {"by": [0, 120], "hold": 0.1}}]}"#
    }

    /// The check of `actual` against `golden`.
    static func check(_ actual: String, against golden: String) -> CheckResult {
        GoldenCheck(name: "case", subject: .sequence(actual), golden: golden).run(CheckContext())
    }

    /// Records a keyframe golden of `actual` at `folder/golden-NAME`.
    static func keyframeGolden(of actual: String, in folder: String) throws -> String {
        let golden = FileSystem.join(folder, "golden-" + FileSystem.lastComponent(of: actual))
        var check = GoldenCheck(name: "case", subject: .sequence(actual), golden: golden, record: .missing)
        check.newGolden = .keyframes
        let recorded = check.run(CheckContext())
        #expect(recorded.recorded?.kind == .keyframes, "\(recorded.outcome)")
        return golden
    }

    static func copy(_ folder: String, as name: String) throws -> String {
        let target = FileSystem.join(FileSystem.parent(of: folder), name)
        try FileManager.default.copyItem(atPath: folder, toPath: target)
        return target
    }

    static func expectCaught(_ result: CheckResult, _ fault: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .differs = result.outcome else {
            Issue.record("\(fault) was not caught: \(result.verdict(naming: \.words))", sourceLocation: sourceLocation)
            return
        }
    }

    @Test func everyDeliberateFaultFailsTheKeyframeGolden() throws {
        let folder = TestFiles.scratch.appendingPathComponent("keyframes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fling = try Self.render(Self.fling(800), "fling", in: folder)
        let pull = try Self.render(Self.pull(stretch: 1), "pull", in: folder)
        let flingGolden = try Self.keyframeGolden(of: fling, in: folder), pullGolden = try Self.keyframeGolden(of: pull, in: folder)
        // The golden is a few pictures and the motion of every frame, and the render itself passes it.
        let held = try FileManager.default.contentsOfDirectory(atPath: flingGolden).filter { $0.hasPrefix("frame_") }.count
        let frames = try Manifest.read(folder: fling).frameCount
        #expect(held >= 4 && held <= 12 && held < frames / 3, "\(held) keyframes of \(frames)")
        guard case .passed = Self.check(fling, against: flingGolden).outcome else { Issue.record("the render fails its own golden"); return }

        // The compositor draws every frame one pixel to the right.
        let shifted = try Self.copy(fling, as: "shifted")
        for name in try FileManager.default.contentsOfDirectory(atPath: shifted) where name.hasPrefix("frame_") {
            let path = FileSystem.join(shifted, name)
            let image = try PNGFile.read(path)
            var moved = RGBAImage(width: image.width, height: image.height)
            for y in 0..<image.height { for x in 1..<image.width { moved[x, y] = image[x - 1, y] } }
            try FileManager.default.removeItem(atPath: path)
            try PNGFile.write(moved, to: path)
        }
        Self.expectCaught(Self.check(shifted, against: flingGolden), "a compositor one pixel off")

        // The stretchy header stretches a tenth more.
        Self.expectCaught(Self.check(try Self.render(Self.pull(stretch: 1.1), "stretched", in: folder), against: pullGolden),
                          "a header stretch changed")

        // The indicators no longer fade: once at rest, every frame shows the last one.
        let unfaded = try Self.copy(fling, as: "unfaded")
        let manifest = try Manifest.read(folder: unfaded)
        let rest = try #require(manifest.frames.lastIndex { $0.contentOffset != manifest.frames.last!.contentOffset }) + 1
        let last = try Data(contentsOf: URL(fileURLWithPath: FileSystem.join(unfaded, FrameNaming.name(manifest.frames.last!.index))))
        for frame in manifest.frames[rest...] {
            try last.write(to: URL(fileURLWithPath: FileSystem.join(unfaded, FrameNaming.name(frame.index))))
        }
        Self.expectCaught(Self.check(unfaded, against: flingGolden), "an indicator fade changed")

        // The fling is a little faster.
        Self.expectCaught(Self.check(try Self.render(Self.fling(810), "faster", in: folder), against: flingGolden), "a velocity changed")

        // A delegate callback goes missing.
        let dropped = try Self.copy(fling, as: "dropped")
        let manifestPath = FileSystem.join(dropped, "manifest.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath))) as? [String: Any])
        var events = try #require(json["events"] as? [[String: Any]])
        let ending = try #require(events.firstIndex { ($0["name"] as? String)?.hasPrefix("scrollViewDidEndDecelerating") == true })
        events.remove(at: ending)
        json["events"] = events
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: manifestPath))
        Self.expectCaught(Self.check(dropped, against: flingGolden), "a callback dropped")
    }
}
