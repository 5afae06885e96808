import Foundation
import Testing
import _ScrollRenderTestSupport

/// Issue 44: a suite from a pull request names no file outside itself that a run reads (a header
/// picture), and no output of `test`, `merge-reports` or `approve` lands on an input: each is
/// refused by name, the input left byte for byte as it was.
@Suite struct SuiteOutputSafetyTests {
    /// A suite of two small scenarios (`a`, `b`) with their goldens recorded, in a folder of its own
    /// beside the picture they scroll.
    static func recordedSuite() throws -> (folder: String, suite: String, picture: String) {
        let folder = try TestFiles.temporaryFolder().path
        let suite = folder + "/suite"
        try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
        let picture = try RenderFixtures.write(RenderFixtures.picture(width: 90, height: 400), named: "picture.png", in: URL(fileURLWithPath: folder))
        for (name, fling) in [("a", 300), ("b", 600)] { try scenario(name, fling: fling, in: suite) }
        let recorded = ScrollrenderCommand.run(["test", suite, "--picture", picture, "--record", "missing"])
        try #require(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
        return (folder, suite, picture)
    }

    static func scenario(_ name: String, fling: Int, header: String? = nil, in suite: String) throws {
        let settings = #""size": [60, 90], "fps": 10, "hold": 0"# + (header.map { #", "header": "\#($0)""# } ?? "")
        try Data(#"{"settings": {\#(settings)}, "timeline": [{"fling": \#(fling)}]}"#.utf8).write(to: URL(fileURLWithPath: "\(suite)/\(name).json"))
    }

    /// Every file below `folder` (links not followed) with its bytes.
    static func contents(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            let full = folder + "/" + path
            if let kind = try? FileManager.default.attributesOfItem(atPath: full)[.type] as? FileAttributeType, kind == .typeRegular {
                files[path] = FileManager.default.contents(atPath: full)
            }
        }
        return files
    }

    @Test(arguments: ["suite/a.json", "suite/goldens/a/manifest.json", "suite/goldens/a/frame_00000.png", "picture.png", "suite"])
    func aJUnitFileOverAnInputIsRefused(_ input: String) throws {
        let (folder, suite, picture) = try Self.recordedSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = Self.contents(folder)
        let run = ScrollrenderCommand.run(["test", suite, "--picture", picture, "--junit", folder + "/" + input])
        #expect(run.status == 73 && run.standardError.contains("which this command reads"), "\(run.status): \(run.standardError)")
        #expect(Self.contents(folder) == before, "an input changed")
        // And the report over one.
        let report = ScrollrenderCommand.run(["test", suite, "--picture", picture, "--report", suite + "/goldens"])
        #expect(report.status == 73 && Self.contents(folder) == before, "\(report.standardError)")
    }

    @Test func aMergesOutputsOverItsPartsAreRefused() throws {
        let (folder, suite, picture) = try Self.recordedSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for shard in [1, 2] {
            let run = ScrollrenderCommand.run(["test", suite, "--picture", picture, "--shard", "\(shard)/2", "--report", "\(folder)/part\(shard)"])
            try #require(run.status == 0, "\(run.standardError)")
        }
        let before = Self.contents(folder)
        let parts = [folder + "/part1", folder + "/part2"]
        for outputs in [["--junit", folder + "/part1/results.json"], ["--junit", folder + "/part2/index.html"], ["--junit", folder + "/part2"]] {
            let run = ScrollrenderCommand.run(["merge-reports", folder + "/merged"] + parts + outputs)
            #expect(run.status == 73 && run.standardError.contains("a part"), "\(outputs): \(run.status) \(run.standardError)")
        }
        let intoAPart = ScrollrenderCommand.run(["merge-reports", folder + "/part1"] + parts)
        #expect(intoAPart.status == 73, "\(intoAPart.standardError)")
        #expect(Self.contents(folder) == before, "a part changed")
        #expect(!FileManager.default.fileExists(atPath: folder + "/merged"))
        // The honest merge still works.
        let merged = ScrollrenderCommand.run(["merge-reports", folder + "/merged"] + parts + ["--junit", folder + "/junit.xml"])
        #expect(merged.status == 0 && FileManager.default.fileExists(atPath: folder + "/junit.xml"), "\(merged.standardError)")
    }

    /// A folder that looks like a report (a `results.json`, a subfolder) without our marker is a
    /// user's: neither `test --report` nor `merge-reports` replaces it.
    @Test func aLookalikeReportIsNeverReplaced() throws {
        let (folder, suite, picture) = try Self.recordedSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let part = folder + "/part"
        #expect(ScrollrenderCommand.run(["test", suite, "--picture", picture, "--report", part]).status == 0)
        let lookalike = folder + "/project"
        try FileManager.default.createDirectory(atPath: lookalike + "/src", withIntermediateDirectories: true)
        try Data("int main(void) { return 0; }\n".utf8).write(to: URL(fileURLWithPath: lookalike + "/src/main.c"))
        try FileManager.default.copyItem(atPath: part + "/results.json", toPath: lookalike + "/results.json")
        try FileManager.default.copyItem(atPath: part + "/index.html", toPath: lookalike + "/index.html")
        let before = Self.contents(folder)
        for arguments in [["test", suite, "--picture", picture, "--report", lookalike], ["merge-reports", lookalike, part]] {
            let run = ScrollrenderCommand.run(arguments)
            #expect(run.status == 73, "\(arguments[0]): \(run.status) \(run.standardError)")
            #expect(Self.contents(folder) == before, "\(arguments[0]) changed a file")
        }
    }

    /// A part is a CI artifact of a hostile suite's run: a case's page that is a link, or a file
    /// in a page that is one, leads nowhere — the merge copies regular files only.
    @Test func aPartsLinksAreNeverFollowed() throws {
        let (folder, suite, picture) = try Self.recordedSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, fling) in [("a", 500), ("b", 800)] { try Self.scenario(name, fling: fling, in: suite) }
        for shard in [1, 2] {
            #expect(ScrollrenderCommand.run(["test", suite, "--picture", picture, "--shard", "\(shard)/2", "--report", "\(folder)/part\(shard)"]).status == 1)
        }
        let secret = "SECRET-beside-the-parts"
        try FileManager.default.createDirectory(atPath: folder + "/outside", withIntermediateDirectories: true)
        for file in ["index.html", "secret.txt"] { try Data(secret.utf8).write(to: URL(fileURLWithPath: "\(folder)/outside/\(file)")) }
        try FileManager.default.removeItem(atPath: folder + "/part1/a")
        try FileManager.default.createSymbolicLink(atPath: folder + "/part1/a", withDestinationPath: "../outside")
        try FileManager.default.createSymbolicLink(atPath: folder + "/part2/b/secret.txt", withDestinationPath: "../../outside/secret.txt")
        let merged = ScrollrenderCommand.run(["merge-reports", folder + "/merged", folder + "/part1", folder + "/part2"])
        #expect(merged.status == 1, "\(merged.standardError)")
        let copied = Self.contents(folder + "/merged")
        #expect(!copied.isEmpty && copied.values.allSatisfy { $0.range(of: Data(secret.utf8)) == nil }, "\(copied.keys.sorted())")
        #expect(FileManager.default.fileExists(atPath: folder + "/merged/b/index.html") && !FileManager.default.fileExists(atPath: folder + "/merged/a"))
        let links = (FileManager.default.subpaths(atPath: folder + "/merged") ?? []).filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/merged/" + $0)) != nil
        }
        #expect(links.isEmpty, "\(links)")
    }

    /// A failing run's report, its case `a` changed.
    static func failingReport(_ folder: String, _ suite: String, _ picture: String) throws -> String {
        try scenario("a", fling: 500, in: suite)
        let report = folder + "/report"
        let run = ScrollrenderCommand.run(["test", suite, "--picture", picture, "--report", report])
        try #require(run.status == 1, "\(run.standardError)")
        return report
    }

    @Test func approvingWritesOnlyInTheSuitesGoldens() throws {
        let (folder, suite, picture) = try Self.recordedSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = try Self.failingReport(folder, suite, picture)
        // The golden is a link to another folder of the suite: approving would write there.
        try FileManager.default.moveItem(atPath: suite + "/goldens/a", toPath: suite + "/elsewhere")
        try FileManager.default.createSymbolicLink(atPath: suite + "/goldens/a", withDestinationPath: "../elsewhere")
        var before = Self.contents(folder)
        let linked = ScrollrenderCommand.run(["approve", report])
        #expect(linked.status == 73 && linked.standardError.contains("outside the suite's goldens"), "\(linked.status): \(linked.standardError)")
        #expect(Self.contents(folder) == before, "approve wrote through the link")
        try FileManager.default.removeItem(atPath: suite + "/goldens/a")
        try FileManager.default.moveItem(atPath: suite + "/elsewhere", toPath: suite + "/goldens/a")
        // A report whose results name a case out of the suite, or another suite to write into.
        let results = report + "/results.json"
        let honest = try String(contentsOfFile: results, encoding: .utf8)
        for forged in [honest.replacingOccurrences(of: #""name" : "a""#, with: #""name" : "..\/..\/a""#),
                       honest.replacingOccurrences(of: #""name" : "a""#, with: #""name" : "goldens\/a""#)] {
            #expect(forged != honest)
            try forged.write(toFile: results, atomically: true, encoding: .utf8)
            before = Self.contents(folder)
            let run = ScrollrenderCommand.run(["approve", report, "--suite", suite])
            #expect(run.status == 65 && run.standardError.contains("a case named"), "\(run.status): \(run.standardError)")
            #expect(Self.contents(folder) == before)
        }
        // The honest report approves into SUITE/goldens/a alone.
        try honest.write(toFile: results, atomically: true, encoding: .utf8)
        before = Self.contents(folder)
        let approved = ScrollrenderCommand.run(["approve", report])
        #expect(approved.status == 0, "\(approved.standardError)")
        let changed = Set(Self.contents(folder).filter { before[$0.key] != $0.value }.keys).union(Set(before.keys).subtracting(Self.contents(folder).keys))
        #expect(!changed.isEmpty && changed.allSatisfy { $0.hasPrefix("suite/goldens/a/") }, "\(changed.sorted())")
    }

    @Test func aSuitesHeaderOutsideItIsRefusedByName() throws {
        let (folder, suite, picture) = try Self.recordedSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let header = TestFiles.packageRoot.appendingPathComponent("SampleImages/grid.png").path
        try FileManager.default.copyItem(atPath: header, toPath: folder + "/secret.png")
        try FileManager.default.copyItem(atPath: header, toPath: suite + "/header.png")
        // Inside the suite: recorded, then checked.
        try Self.scenario("c", fling: 300, header: "header.png", in: suite)
        let recorded = ScrollrenderCommand.run(["test", suite, "--picture", picture, "--record", "missing"])
        #expect(recorded.status == 0, "\(recorded.standardError)")
        // Outside, as the scenario names it: the case fails, naming the key; nothing is drawn from it.
        for name in ["../secret.png", folder + "/secret.png"] {
            try Self.scenario("c", fling: 300, header: name, in: suite)
            let run = ScrollrenderCommand.run(["test", suite, "--picture", picture, "--report", folder + "/report"])
            #expect(run.status == 1 && run.standardOutput.contains("settings.header: ") && run.standardOutput.contains("is outside the scenario's folder"),
                    "\(run.status): \(run.standardOutput)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/report/c/actual"))
        }
        // A golden without a scenario renders from its manifest: its header must lie in the suite too.
        try FileManager.default.removeItem(atPath: suite + "/c.json")
        let manifest = suite + "/goldens/c/manifest.json"
        let written = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(written.contains(#""header" : "../../header.png""#))
        #expect(ScrollrenderCommand.run(["test", suite, "--picture", picture]).status == 0)
        try written.replacingOccurrences(of: #""../../header.png""#, with: #""../../../secret.png""#).write(toFile: manifest, atomically: true, encoding: .utf8)
        let run = ScrollrenderCommand.run(["test", suite, "--picture", picture])
        #expect(run.status == 1 && run.standardOutput.contains("goldens/c/manifest.json: settings.header: "), "\(run.standardOutput)")
    }

    /// `--header` on the command line is the user's own choice, as `--path-file` is.
    @Test func aHeaderNamedOnTheCommandLineIsRead() throws {
        let folder = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/pr", withIntermediateDirectories: true)
        let header = TestFiles.packageRoot.appendingPathComponent("SampleImages/grid.png").path
        try FileManager.default.copyItem(atPath: header, toPath: folder + "/header.png")
        try Self.scenario("s", fling: 300, header: "../header.png", in: folder + "/pr")
        let picture = try RenderFixtures.write(RenderFixtures.picture(width: 90, height: 400), named: "p.png", in: URL(fileURLWithPath: folder))
        let refused = ScrollrenderCommand.run(["--quiet", "--scenario", folder + "/pr/s.json", picture, folder + "/out"])
        #expect(refused.status == 65 && refused.standardError.contains(#"settings.header: "../header.png" is outside"#)
                && refused.standardError.contains("(or name the file with --header)"), "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        let named = ScrollrenderCommand.run(["--quiet", "--scenario", folder + "/pr/s.json", "--header", folder + "/header.png", picture, folder + "/out"])
        #expect(named.status == 0, "\(named.standardError)")
    }

    /// Names that are file names (no `/`) and would be script, markup or a broken attribute if a
    /// report took them as anything but text.
    static let hostileNames = ["javascript:document.title='pwned',0", "<img src=x onerror=document.title='pwned'>", #"quote"s & amps 'x'"#]

    /// Issue 44: the report of a hostile suite, opened in Chromium and every link clicked, runs no
    /// script of the suite's: the title is never `pwned`, nothing is logged or thrown, and every
    /// link stays in the report. So does the merge of its shards' reports. (The suite, its runs
    /// and the browser's check are ``BrowserChecks``'s: its scenarios are `hostileNames` and
    /// `plain`, recorded, then every hostile one changed.)
    @Test func aHostileSuitesReportRunsNoScriptInABrowser() async throws {
        let hostile = try await BrowserChecks.shared.hostile.value
        try #require(hostile.recorded.status == 0, "\(hostile.recorded.standardError)")
        // Every hostile case changes, and fails.
        #expect(hostile.report.status == 1, "\(hostile.report.standardError)")
        for shard in hostile.shards { #expect(shard.status == 1, "\(shard.standardError)") }
        #expect(hostile.merge.status == 1, "\(hostile.merge.standardError)")
        for json in [hostile.reportJSON, hostile.mergedJSON] {
            let seen = try BrowserChecks.Page(run: hostile.report, html: "", json: json).seen()
            #expect(seen["pwned"] as? Bool == false, "\(seen)")
            for key in ["outside", "consoleErrors", "exceptions", "externalRequests"] {
                #expect((seen[key] as? [Any])?.isEmpty == true, "\(key): \(seen)")
            }
            // The index and a page per failing case, each reached by a click.
            let pages = try #require(seen["pages"] as? [String])
            #expect(pages.count == 1 + Self.hostileNames.count, "\(pages)")
        }
    }
}
