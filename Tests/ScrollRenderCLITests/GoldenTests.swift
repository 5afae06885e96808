import FrameDiff
import Foundation
import ScrollRenderKit
import Testing

/// Every example scenario rendered as users run it, compared with its golden frame sequence in
/// `Goldens/` by the same engine as `scrollrender diff`, pixel for pixel, and its motion and
/// delegate callbacks with the golden manifest's.
///
/// Re-record after an intended change with `SCROLLRENDER_RECORD=1 swift test --filter GoldenTests`
/// (or `Scripts/record-goldens.sh`), then look at the new frames before committing them.
@Suite struct GoldenTests {
    /// A 160×240-point view at scale 0.5 and 5 fps: a few small frames per scenario.
    static let renderOptions = ["--quiet", "--size", "160x240", "--scale", "0.5", "--fps", "5", "--hold", "0", "--compression", "9"]
    static let goldens = CommandRunner.packageRoot.appendingPathComponent("Tests/ScrollRenderCLITests/Goldens")
    /// Where a failing comparison leaves expected, actual and difference pictures.
    static let failures = CommandRunner.packageRoot.appendingPathComponent(".build/golden-failures")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["SCROLLRENDER_RECORD"] == "1" }

    /// Renders an example with paths relative to the package root, so manifests match anywhere.
    static func render(_ name: String, into folder: URL, extra: [String] = []) throws {
        let result = try CommandRunner.run(
            renderOptions + extra + ["--scenario", "Examples/\(name).json", "SampleImages/tesla.jpg", folder.path],
            in: CommandRunner.packageRoot)
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test(arguments: ScenarioTests.examples)
    func matchesGolden(_ name: String) throws {
        let work = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let actual = work.appendingPathComponent(name)
        try Self.render(name, into: actual)
        let golden = Self.goldens.appendingPathComponent(name)
        if Self.isRecording {
            try? FileManager.default.removeItem(at: golden)
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: actual, to: golden)
            return
        }
        let artifacts = Self.failures.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: artifacts)
        let report = try FrameDiffer.compare(expected: golden.path, actual: actual.path, artifacts: DiffArtifacts(folder: artifacts.path))
        if !report.passed { Issue.record("\(name) differs from its golden:\n\(report.text)\nPictures: \(artifacts.path)") }
        try Self.expectSameMotion(golden: golden, actual: actual)
    }

    /// The same contentOffset, zoomScale and flags in every frame, and the same callbacks.
    static func expectSameMotion(golden: URL, actual: URL) throws {
        let expected = try RenderFixtures.manifest(in: golden)
        let rendered = try RenderFixtures.manifest(in: actual)
        #expect(rendered.settings == expected.settings)
        #expect(rendered.frames == expected.frames)
        #expect(rendered.events.map(\.name) == expected.events.map(\.name))
        #expect(rendered.events.map(\.contentOffset) == expected.events.map(\.contentOffset))
    }

    @Test func goldensAreSmall() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.goldens.path)
        let bytes = try files.reduce(0) { total, file in
            let attributes = try FileManager.default.attributesOfItem(atPath: Self.goldens.appendingPathComponent(file).path)
            return total + ((attributes[.size] as? Int) ?? 0)
        }
        #expect(bytes < 3_000_000, "goldens take \(bytes) bytes")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path)) == Set(ScenarioTests.examples))
    }

    /// The same scenario twice, and with one and with two threads: identical pixels.
    @Test func renderingIsDeterministic() throws {
        let work = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let runs = [["--threads", "1"], ["--threads", "2"], ["--threads", "2"]].enumerated().map { index, threads in
            (work.appendingPathComponent("run\(index)"), threads)
        }
        for (folder, threads) in runs { try Self.render("fling-interrupted", into: folder, extra: threads + ["--fps", "30"]) }
        for (folder, _) in runs.dropFirst() {
            let report = try FrameDiffer.compare(expected: runs[0].0.path, actual: folder.path)
            if !report.passed || !report.frames.isEmpty { Issue.record("renders differ:\n\(report.text)") }
        }
    }
}
