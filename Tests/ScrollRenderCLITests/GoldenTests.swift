import FrameDiff
import Foundation
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// Every example scenario rendered as users run it, compared with its golden frame sequence in
/// `Goldens/` by the same engine as `scrollrender diff`, pixel for pixel, and its motion and
/// delegate callbacks with the golden manifest's.
///
/// Re-record after an intended change with `SCROLLRENDER_RECORD=failed swift test --filter GoldenTests`
/// (or `Scripts/record-goldens.sh`), then look at the new frames before committing them. The modes
/// and the CI rule are ``RecordMode``'s, as for `scrollrender diff`: `failed` rewrites the goldens
/// that differ, `missing` writes only those that are missing, `all` every one; by default (and
/// always under CI) nothing is written and a missing golden fails.
@Suite struct GoldenTests {
    /// A 160×240-point view at scale 0.5 and 5 fps: a few small frames per scenario.
    static let renderOptions = ["--quiet", "--size", "160x240", "--scale", "0.5", "--fps", "5", "--hold", "0", "--compression", "9"]
    static let goldens = TestFiles.packageRoot.appendingPathComponent("Tests/ScrollRenderCLITests/Goldens")
    /// Where a failing comparison leaves expected, actual and difference pictures.
    static let failures = TestFiles.packageRoot.appendingPathComponent(".build/golden-failures")
    /// `SCROLLRENDER_RECORD`, read by the one policy (a typo fails the test).
    static func recordMode() throws -> RecordMode {
        try RecordMode.resolve(explicit: nil, environment: ProcessInfo.processInfo.environment, otherwise: .never).mode
    }

    /// Renders an example into `.build/golden-work/FOLDER` with every path relative to the package
    /// root, so that a manifest is the same on any machine and re-recording changes nothing needlessly.
    static func render(_ name: String, folder: String, extra: [String] = []) throws -> URL {
        let relative = ".build/golden-work/\(folder)"
        let url = TestFiles.packageRoot.appendingPathComponent(relative)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try CommandRunner.run(
            renderOptions + extra + ["--scenario", "Examples/\(name).json", "SampleImages/tesla.jpg", relative],
            in: TestFiles.packageRoot)
        // A failed render must stop here, before record mode could replace a golden with nothing.
        try #require(result.status == 0, "\(result.standardError)")
        return url
    }

    @Test(arguments: ScenarioTests.examples)
    func matchesGolden(_ name: String) throws {
        let actual = try Self.render(name, folder: name)
        defer { try? FileManager.default.removeItem(at: actual) }
        let golden = Self.goldens.appendingPathComponent(name)
        let mode = try Self.recordMode()
        if mode != .never {
            let exists = FileManager.default.fileExists(atPath: golden.path)
            let differs = (try? Self.differences(golden: golden, actual: actual, artifacts: nil)) != []
            guard !exists || mode == .all || (mode == .failed && differs) else { return }
            try? FileManager.default.removeItem(at: golden)
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: actual, to: golden)
            return
        }
        let artifacts = Self.failures.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: artifacts)
        for difference in try Self.differences(golden: golden, actual: actual, artifacts: artifacts) {
            Issue.record("\(name) differs from its golden: \(difference)")
        }
    }

    /// What differs between a golden and a render: pixels (by the diff engine, leaving pictures in
    /// `artifacts`), the settings, every frame's contentOffset, zoomScale and flags, and the callbacks.
    static func differences(golden: URL, actual: URL, artifacts: URL?) throws -> [String] {
        let report = try FrameDiffer.compare(expected: golden.path, actual: actual.path,
                                             artifacts: artifacts.map { DiffArtifacts(folder: $0.path) })
        var differences = report.passed ? [] : ["\(report.text)" + (artifacts.map { "\nPictures: \($0.path)" } ?? "")]
        let expected = try RenderFixtures.manifest(in: golden)
        let rendered = try RenderFixtures.manifest(in: actual)
        if rendered.settings != expected.settings { differences.append("settings differ") }
        if rendered.frames != expected.frames { differences.append("frame motion (offsets, zoom, flags) differs") }
        if rendered.events.map(\.name) != expected.events.map(\.name) { differences.append("delegate callbacks differ") }
        if rendered.events.map(\.contentOffset) != expected.events.map(\.contentOffset) {
            differences.append("callback offsets differ")
        }
        return differences
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
        let runs = try [["--threads", "1"], ["--threads", "2"], ["--threads", "2"]].enumerated().map { index, threads in
            try Self.render("fling-interrupted", folder: "determinism-\(index)", extra: threads + ["--fps", "30"])
        }
        defer { for folder in runs { try? FileManager.default.removeItem(at: folder) } }
        for folder in runs.dropFirst() {
            let report = try FrameDiffer.compare(expected: runs[0].path, actual: folder.path)
            if !report.passed || !report.frames.isEmpty { Issue.record("renders differ:\n\(report.text)") }
        }
    }
}
