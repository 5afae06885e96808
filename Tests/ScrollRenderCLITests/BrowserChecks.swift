import Foundation
import Raster
import Synchronization
import Testing
import _ScrollRenderTestSupport

/// Every page the browser tests check, made once for the test process and opened in headless
/// Chromium (Tests/ScrollRenderCLITests/Browser/check-report.py, a tab for each page): ReportTests'
/// four pages in one browser, SuiteOutputSafetyTests' hostile suite report and its merge in
/// another at the same time; each test awaits its half of ``shared`` and asserts on its own page,
/// and fails alone when its page's check did not finish.
enum BrowserChecks {
    /// What a run printed and what Chromium saw of the page it made (JSON), with its HTML.
    struct Page: Sendable {
        var run: CommandResult
        var html: String
        var json: Data

        /// What Chromium saw (check-report.py's keys), or the test fails with why the check stopped.
        func seen(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let seen = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any], sourceLocation: sourceLocation)
            try #require(seen["checkFailed"] == nil, "the browser check of this page failed: \(seen["checkFailed"]!)", sourceLocation: sourceLocation)
            return seen
        }
    }

    /// ReportTests' four pages: a changed fling's report (``ReportTests/theReportWorksInABrowser()``),
    /// a one-pixel change in a tall picture (``ReportTests/aOnePixelChangeIsBoxedInTheBrowser()``),
    /// small frames side by side with one region masked
    /// (``ReportTests/smallFramesFitSideBySideAndMasksAreHatched()``), and a page with a script
    /// error and a request to the network (``ReportTests/aBrokenPageIsCaught()``).
    struct Reports: Sendable {
        var changed: Page
        var onePixel: Page
        var smallFrames: Page
        var broken: Page

        init() throws {
            let folder = try TestFiles.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = { (name: String) in folder.appendingPathComponent(name).path }
            // A changed fling.
            let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder)
            let golden = BrowserChecks.render(["--fling", "300"], image, path("golden"))
            let moved = BrowserChecks.render(["--fling", "400"], image, path("changed"))
            let changedRun = ScrollrenderCommand.run(["diff", golden, moved, "--report", path("changed-report")])
            // One pixel.
            var picture = RenderFixtures.picture(width: 120, height: 400)
            let expected = try RenderFixtures.write(picture, named: "expected.png", in: folder)
            picture[90, 300] = RGBA(red: 255, green: 0, blue: 255)
            let actual = try RenderFixtures.write(picture, named: "actual.png", in: folder)
            let onePixelRun = ScrollrenderCommand.run(["diff", expected, actual, "--report", path("one-pixel-report")])
            // Small frames, a mask.
            var small = RenderFixtures.picture(width: 160, height: 240)
            let smallExpected = try RenderFixtures.write(small, named: "small-expected.png", in: folder)
            for y in 100..<120 { for x in 155..<160 { small[x, y] = RGBA(red: 255, green: 0, blue: 0) } }
            small[20, 30] = RGBA(red: 0, green: 0, blue: 255)   // under the mask: not counted
            let smallActual = try RenderFixtures.write(small, named: "small-actual.png", in: folder)
            let smallRun = ScrollrenderCommand.run(["diff", smallExpected, smallActual, "--report", path("small-report"), "--mask", "10,20,60,40"])
            // A broken page.
            try FileManager.default.createDirectory(atPath: path("broken"), withIntermediateDirectories: true)
            try """
                <!DOCTYPE html><html><body><script>undefinedFunction();</script>
                <img src="http://127.0.0.1:9/nothing.png"></body></html>
                """.write(toFile: path("broken/index.html"), atomically: true, encoding: .utf8)

            let reports = ["changed-report", "one-pixel-report", "small-report", "broken"]
            let seen = try BrowserChecks.check(reports.map { URL(fileURLWithPath: path($0)).appendingPathComponent("index.html").absoluteString })
            let html = { (report: String) in (try? String(contentsOfFile: path(report) + "/index.html", encoding: .utf8)) ?? "" }
            changed = Page(run: changedRun, html: html("changed-report"), json: seen[0])
            onePixel = Page(run: onePixelRun, html: html("one-pixel-report"), json: seen[1])
            smallFrames = Page(run: smallRun, html: html("small-report"), json: seen[2])
            broken = Page(run: CommandResult(status: 0, standardOutput: "", standardError: ""), html: html("broken"), json: seen[3])
        }
    }

    /// The hostile suite (``SuiteOutputSafetyTests/aHostileSuitesReportRunsNoScriptInABrowser()``):
    /// its goldens recorded, then its report, its shards' and their merge, every link clicked.
    struct Hostile: Sendable {
        var recorded: CommandResult
        var report: CommandResult
        var shards: [CommandResult]
        var merge: CommandResult
        var reportJSON: Data
        var mergedJSON: Data

        /// Every hostile case changes, and fails.
        init() throws {
            let folder = try TestFiles.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = { (name: String) in folder.appendingPathComponent(name).path }
            let suite = path("suite")
            try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
            let picture = try RenderFixtures.write(RenderFixtures.picture(width: 90, height: 400), named: "picture.png", in: folder)
            let names = SuiteOutputSafetyTests.hostileNames
            for (index, name) in (names + ["plain"]).enumerated() { try SuiteOutputSafetyTests.scenario(name, fling: 300 + 100 * index, in: suite) }
            recorded = ScrollrenderCommand.run(["test", suite, "--picture", picture, "--record", "missing"])
            for (index, name) in names.enumerated() { try SuiteOutputSafetyTests.scenario(name, fling: 550 + 100 * index, in: suite) }
            report = ScrollrenderCommand.run(["test", suite, "--picture", picture, "--report", path("suite-report")])
            shards = [1, 2].map { ScrollrenderCommand.run(["test", suite, "--picture", picture, "--shard", "\($0)/2", "--report", path("part\($0)")]) }
            merge = ScrollrenderCommand.run(["merge-reports", path("merged"), path("part1"), path("part2")])
            let seen = try BrowserChecks.check(["suite:" + path("suite-report"), "suite:" + path("merged")])
            (reportJSON, mergedJSON) = (seen[0], seen[1])
        }
    }

    /// Made on first use of either, both at once, each on a thread of its own with a Chromium of
    /// its own; a test awaits its own. Checked one after the other in one browser they were the
    /// suite's last 11.5 s, the other tests long done; made in tasks, they waited for a thread of
    /// the test pool behind every test queued before them, then held it through Chromium's waits.
    static let shared = (reports: MadeOnAThread { try Reports() }, hostile: MadeOnAThread { try Hostile() })

    /// Chromium could not be run, or its script failed as a whole.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `image` rendered small (``DiffWorkflowTests/render``) with `extra`, into `out`.
    static func render(_ extra: [String], _ image: String, _ out: String) -> String {
        _ = ScrollrenderCommand.run(DiffWorkflowTests.render + extra + [image, out])
        return out
    }

    /// What check-report.py saw of each page (a file URL, or `suite:` and a suite report's folder),
    /// as JSON, in their order.
    static func check(_ pages: [String]) throws -> [Data] {
        let chromium = try CommandRunner.run(shell: "command -v chromium || command -v chromium-browser")
        guard chromium.status == 0 else {
            throw Failure(description: "Chromium is missing: Scripts/install-dependencies.sh --tests (run by Scripts/test.sh) installs Debian's chromium")
        }
        let script = TestFiles.packageRoot.appendingPathComponent("Tests/ScrollRenderCLITests/Browser/check-report.py").path
        let quoted = pages.map { "'\($0)'" }.joined(separator: " ")
        let result = try CommandRunner.run(shell: "timeout 300 python3 '\(script)' '\(chromium.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))' \(quoted)")
        guard result.status == 0, let seen = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [Any], seen.count == pages.count else {
            throw Failure(description: "the browser check failed (\(result.status)): \(result.standardError) \(result.standardOutput)")
        }
        return try seen.map { try JSONSerialization.data(withJSONObject: $0) }
    }
}

/// A value made on a thread started at once, outside the test pool, for tests to await.
final class MadeOnAThread<Value: Sendable>: Sendable {
    private let state = Mutex<(made: Result<Value, Error>?, waiting: [CheckedContinuation<Value, Error>])>((nil, []))

    init(_ make: @escaping @Sendable () throws -> Value) {
        Thread { [self] in
            let made = Result { try make() }
            let waiting = state.withLock { state in
                state.made = made
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume(with: made) }
        }.start()
    }

    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let made = state.withLock { state in
                    if state.made == nil { state.waiting.append(continuation) }
                    return state.made
                }
                if let made { continuation.resume(with: made) }
            }
        }
    }
}
