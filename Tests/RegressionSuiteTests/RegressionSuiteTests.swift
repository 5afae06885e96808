import FileSystem
import Foundation
import FrameDiff
import GoldenCheck
import RegressionSuite
import ScrollRenderKit
import Synchronization
import Testing
import _ScrollRenderTestSupport

/// Issue 37: a folder of scenarios becomes one regression suite — recorded compact, checked as one
/// with a verdict per scenario, one JUnit file and one report, and split across CI jobs whose
/// reports merge into the report one run gives.
@Suite struct RegressionSuiteTests {
    static let picture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleImages/tesla.jpg").path

    /// A suite of three small scenarios: two flings and a pull.
    static func suite() throws -> String {
        let folder = TestFiles.scratch.appendingPathComponent("suite-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, step) in [("fling-slow", #"{"fling": 300}"#), ("fling-fast", #"{"fling": 900}"#), ("pull", #"{"drag": {"by": [0, 120]}}"#)] {
            try write(#"{"settings": {"size": [60, 90], "fps": 60}, "timeline": [\#(step)]}"#, to: FileSystem.join(folder, name + ".json"))
        }
        return folder
    }

    /// ``suite()`` with its goldens recorded, then `fling-slow` changed to 350 pt/s: one case fails.
    static func suiteWithAChange() throws -> String {
        let folder = try suite()
        _ = try run(folder, mode: .missing)
        try write(#"{"settings": {"size": [60, 90], "fps": 60}, "timeline": [{"fling": 350}]}"#, to: FileSystem.join(folder, "fling-slow.json"))
        return folder
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A suite run as `scrollrender test` makes it: the cases' checks, and with `report` the HTML
    /// report, its results and a JUnit file beside it; the CI log is returned with the run.
    static func run(_ folder: String, mode: RecordMode = .never, shard: (Int, Int)? = nil, report: String? = nil,
                    comparison: ComparisonOverrides = ComparisonOverrides(), picture: String? = picture) throws -> (run: CheckRun, log: String) {
        let suite = try RegressionSuite(folder: folder)
        let work = FileSystem.join(folder, ".work-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: work) }
        var plan = RegressionSuite.CheckPlan(picture: picture)
        plan.record = mode
        plan.comparison = comparison
        let checks = suite.checks(suite.selected(names: [], shard: shard), plan: plan) { "scrollrender test SUITE --record failed --filter \($0.name)" }
        let log = Mutex("")
        var reporters: [any CheckReporter] = []
        if let report {
            let page = try HTMLReporter(path: report, layout: .suite, naming: \.words)
            reporters += [ResultsReporter(inside: page, naming: \.words), page, JUnitReporter(path: report + ".xml", className: "suite", naming: \.words)]
        }
        reporters.append(LogReporter(naming: { "--" + $0.words }) { text in log.withLock { $0 += text } })
        let part = SuitePart(suite: "suite", folder: folder, cases: suite.cases.map(\.name), index: shard?.0 ?? 1, count: shard?.1 ?? 1)
        let run = try CheckRunner(reporters: Reporters(reporters), context: CheckContext(workFolder: work)).run(checks, name: "scrollrender test suite", part: part)
        return (run, log.withLock { $0 })
    }

    @Test func aSuiteIsRecordedCompactThenChecked() throws {
        let folder = try Self.suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Without goldens and without recording, every scenario fails as missing, saying how to record.
        let missing = try Self.run(folder).run
        #expect(missing.results.map(\.status) == [.missing, .missing, .missing])
        #expect(missing.results[0].verdict(naming: { "--" + $0.words }).contains("record it with --record missing"))
        // Recorded: compact for review (1 px per point, at most 20 fps), as their manifests say.
        let recorded = try Self.run(folder, mode: .missing).run
        #expect(recorded.passed && recorded.results.allSatisfy { $0.status == .recorded })
        let manifest = try Manifest.read(folder: FileSystem.join(folder, "goldens/fling-fast"))
        #expect(manifest.fps == 20 && manifest.pixelWidth == 60 && manifest.pixelHeight == 90)
        // Then the suite passes as it stands.
        let checked = try Self.run(folder).run
        #expect(checked.passed && checked.results.allSatisfy { $0.status == .passed }, "\(checked.results.map { $0.verdict(naming: \.words) })")
        #expect(checked.summary == "passed: 3 scenarios checked")
    }

    @Test func aChangedScenarioFailsWithTheCommandThatApprovesIt() throws {
        let folder = try Self.suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.run(folder, mode: .missing)
        try Self.write(#"{"settings": {"size": [60, 90], "fps": 60}, "timeline": [{"fling": 950}]}"#, to: FileSystem.join(folder, "fling-fast.json"))
        try FileManager.default.removeItem(atPath: FileSystem.join(folder, "goldens/pull"))
        let report = FileSystem.join(folder, "report")
        let (outcome, text) = try Self.run(folder, report: report)
        #expect(!outcome.passed)
        #expect(outcome.results.map(\.status) == [.failed, .passed, .missing])
        #expect(text.contains("FAIL fling-fast: DIFFERENT") && text.contains("approve: scrollrender test SUITE --record failed --filter fling-fast"))
        // The why leads the case: what changed in its recipe since the golden was recorded.
        #expect(text.contains("frames differ\n       changed since the golden: fling 900 → 950 pt/s\n"), "\(text)")
        #expect(outcome.results[0].recipeChanges == ["fling 900 → 950 pt/s"])
        #expect(text.hasSuffix("result: FAILED: 1 different, 1 without a golden of 3 scenarios (fling-fast, pull)\n"))
        // The pictures it names are where the report now is, not in the folder it was staged in.
        let pictures = outcome.results.compactMap(\.report).flatMap(\.frames).compactMap(\.images)
        #expect(!pictures.isEmpty && pictures.allSatisfy { $0.difference.hasPrefix(report + "/") && FileSystem.isRegularFile($0.difference) },
                "\(pictures.map(\.difference))")
        // One JUnit file: a test case per scenario, the changed one failing, the missing one in error.
        let junit = try String(contentsOfFile: report + ".xml", encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(junit.contains("tests=\"3\" failures=\"1\" errors=\"1\""))
        // One report: the index lists the failing first, linking the changed one's diff page.
        let index = try String(contentsOfFile: FileSystem.join(report, "index.html"), encoding: .utf8)
        #expect(index.range(of: "fling-fast")!.lowerBound < index.range(of: "fling-slow")!.lowerBound)
        #expect(index.contains("href=\"fling-fast/index.html\"") && FileSystem.isRegularFile(FileSystem.join(report, "fling-fast/index.html")))
        // Approved with the record mode (which records the missing golden too), it passes.
        _ = try Self.run(folder, mode: .failed)
        #expect(try Self.run(folder).run.results.map(\.status) == [.passed, .passed, .passed])
    }

    @Test func shardsMergeIntoTheReportOfOneRun() throws {
        let folder = try Self.suiteWithAChange()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let whole = try Self.run(folder).run
        let parts = try (1...2).map { index in
            let report = FileSystem.join(folder, "part\(index)")
            _ = try Self.run(folder, shard: (index, 2), report: report)
            return report
        }
        let page = try HTMLReporter(path: FileSystem.join(folder, "merged"), layout: .suite, naming: \.words)
        let merged = try ReportMerge.run(of: parts, into: page)
        try Reporters([ResultsReporter(inside: page, naming: \.words), page]).end(merged)
        func essence(_ run: CheckRun) -> [String] { run.results.map { "\($0.name) \($0.status) \($0.verdict(naming: \.words))" } }
        #expect(essence(merged) == essence(whole))
        #expect(merged.results.count == 3 && whole.results.map(\.name) == ["fling-fast", "fling-slow", "pull"])
        #expect(FileSystem.isRegularFile(FileSystem.join(folder, "merged/fling-slow/index.html")))
        let pictures = merged.results.compactMap(\.report).flatMap(\.frames).compactMap(\.images)
        #expect(!pictures.isEmpty && pictures.allSatisfy { FileSystem.isRegularFile($0.difference) && $0.difference.contains("/merged/") })
        // One approval from the merged report: the kept actual becomes the golden, and the next run passes.
        let approved = try SuiteApproval.approve(report: FileSystem.join(folder, "merged"), suite: RegressionSuite(folder: folder), names: [])
        #expect(approved.map(\.name) == ["fling-slow"] && approved[0].recording.frames.count > 1)
        #expect(try Self.run(folder).run.results.map(\.status) == [.passed, .passed, .passed])
    }

    /// A shard's own report approves its own failures; a name that did not fail is refused by name.
    @Test func aShardsReportApprovesItsChanges() throws {
        let folder = try Self.suiteWithAChange()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: FileSystem.join(folder, "goldens/pull"))
        let report = FileSystem.join(folder, "report")
        #expect(try Self.run(folder, report: report).run.results.map(\.status) == [.passed, .failed, .missing])
        #expect(FileSystem.isRegularFile(FileSystem.join(report, "pull/actual/manifest.json")))
        #expect(throws: ApprovalError.self) { try SuiteApproval.approve(report: report, suite: RegressionSuite(folder: folder), names: ["fling-fast"]) }
        let approved = try SuiteApproval.approve(report: report, suite: RegressionSuite(folder: folder), names: [])
        #expect(approved.map(\.name) == ["fling-slow", "pull"] && approved[1].recording.what == .newGolden)
        #expect(try Self.run(folder).run.results.map(\.status) == [.passed, .passed, .passed])
    }

    /// A merge is one run of one suite: every shard once, none of another suite.
    @Test func mergesRefusePartsThatAreNotOneRun() throws {
        let folder = try Self.suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.run(folder, mode: .missing)
        let parts = try (1...2).map { index in
            let report = FileSystem.join(folder, "part\(index)")
            _ = try Self.run(folder, shard: (index, 2), report: report)
            return report
        }
        let other = try Self.suite()
        defer { try? FileManager.default.removeItem(atPath: other) }
        try FileManager.default.removeItem(atPath: FileSystem.join(other, "pull.json"))
        let foreign = FileSystem.join(other, "part")
        _ = try Self.run(other, mode: .missing, shard: (2, 2), report: foreign)
        func refusal(_ given: [String]) throws -> String? {
            let page = try HTMLReporter(path: FileSystem.join(folder, "merged"), layout: .suite, naming: \.words)
            defer { page.discard() }
            do throws(ReportError) {
                _ = try ReportMerge.run(of: given, into: page)
                return nil
            } catch {
                guard case .partsDoNotFit(let problem) = error else { return "\(error)" }
                return problem
            }
        }
        #expect(try refusal([parts[0], parts[0]])?.hasSuffix("are both shard 1/2") == true)
        #expect(try refusal([parts[0]]) == "shard 2/2 of suite is missing")
        #expect(try refusal([parts[0], foreign])?.contains("is of another suite") == true)
        #expect(try refusal(parts) == nil)
        // Nothing of a refused merge is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".merged") }.isEmpty)
    }

    /// Names are data: a scenario or golden whose name could not be a plain folder, or that
    /// leads out of the suite, is refused by name before anything runs.
    @Test func namesAndLinksThatLeaveTheSuiteAreRefused() throws {
        for name in ["line\nbreak", ".hidden", "esc\u{1B}"] {
            let folder = try Self.suite()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Self.write("{}", to: FileSystem.join(folder, name + ".json"))
            #expect(throws: SuiteError.badName(path: FileSystem.join(folder, name + ".json"), problem: CaseName.problem(name)!)) {
                try RegressionSuite(folder: folder)
            }
        }
        let folder = try Self.suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.run(folder, mode: .missing)
        let outside = TestFiles.scratch.appendingPathComponent("outside-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.moveItem(atPath: FileSystem.join(folder, "goldens/pull"), toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: FileSystem.join(folder, "goldens/pull"), withDestinationPath: outside)
        #expect(throws: SuiteError.outside(path: FileSystem.join(folder, "goldens/pull"), leadsTo: PathOverlap.resolved(outside))) {
            try RegressionSuite(folder: folder)
        }
        // A link that stays inside the suite is followed.
        try FileManager.default.removeItem(atPath: FileSystem.join(folder, "goldens/pull"))
        try FileManager.default.createSymbolicLink(atPath: FileSystem.join(folder, "goldens/pull"), withDestinationPath: FileSystem.join(folder, "goldens/fling-slow"))
        #expect(try RegressionSuite(folder: folder).cases.count == 3)
    }

    /// Checks tuned per scenario: a scenario's `check` over the suite's `scrollrender.json`, the
    /// command line over both; a scenario's own picture, inside the suite; a bad key named.
    @Test func checksAreTunedPerScenarioAndPerSuite() throws {
        let folder = try Self.suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.run(folder, mode: .missing)
        let scenario = FileSystem.join(folder, "fling-slow.json")
        func write(_ check: String) throws {
            try Self.write(#"{"settings": {"size": [60, 90], "fps": 60, "indicators": "white"}, "timeline": [{"fling": 300}], "check": \#(check)}"#, to: scenario)
        }
        func status() throws -> CheckResult.Status { try Self.run(folder).run.results[1].status }
        // White indicators differ along the right and bottom edges only: the motion is the same.
        try write("{}")
        #expect(try status() == .failed)
        try write(#"{"masks": [[50, 0, 10, 90], [0, 80, 60, 10]]}"#)
        #expect(try status() == .passed)
        // The suite's defaults count where the scenario says nothing, and the scenario wins over them.
        try write("{}")
        try Self.write(#"{"check": {"masks": [[50, 0, 10, 90], [0, 80, 60, 10]]}}"#, to: FileSystem.join(folder, RegressionSuite.defaultsFile))
        #expect(try status() == .passed)
        try write(#"{"masks": [[0, 0, 1, 1]]}"#)
        #expect(try status() == .failed)
        // The command line wins over both.
        #expect(try Self.run(folder, comparison: ComparisonOverrides(maxDiffRatio: 1)).run.results[1].status == .passed)
        // A key that names no option, and a value that breaks its rule, fail the case by name.
        try write(#"{"tolerence": 2}"#)
        guard case .failed(.render(.invalidScenario(_, let keyPath, let message))) = try Self.run(folder).run.results[1].outcome else {
            Issue.record("a misspelt key passed"); return
        }
        #expect(keyPath == "check.tolerence" && message.hasPrefix("unknown key"), "\(keyPath): \(message)")
        try write(#"{"tolerance": 300}"#)
        guard case .failed(.render(.invalidScenario(_, "check.tolerance", "must be 0–255, not 300"))) = try Self.run(folder).run.results[1].outcome else {
            Issue.record("a tolerance of 300 passed"); return
        }
    }

    @Test func aScenarioScrollsItsOwnPictureFromInsideTheSuite() throws {
        let folder = try Self.suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.picture, toPath: FileSystem.join(folder, "own.jpg"))
        let scenario = FileSystem.join(folder, "pull.json")
        try Self.write(#"{"settings": {"size": [60, 90], "fps": 60}, "timeline": [{"drag": {"by": [0, 120]}}], "picture": "own.jpg"}"#, to: scenario)
        // No picture on the command line: the one without its own cannot run; the one with can.
        let run = try Self.run(folder, mode: .missing, picture: nil).run
        #expect(run.results.map(\.status) == [.error, .error, .recorded], "\(run.results.map { $0.verdict(naming: \.words) })")
        let manifest = try Manifest.read(folder: FileSystem.join(folder, "goldens/pull"))
        #expect(manifest.input.path.hasSuffix("own.jpg"))
        try Self.write(#"{"settings": {"size": [60, 90]}, "timeline": [{"drag": {"by": [0, 120]}}], "picture": "../own.jpg"}"#, to: scenario)
        guard case .failed(.render(.invalidScenario(_, "picture", let message))) = try Self.run(folder).run.results[2].outcome else {
            Issue.record("a picture outside the suite was read"); return
        }
        #expect(message.contains("outside the suite"))
    }
}
