import FileSystem
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import FrameDiff
@testable import GoldenCheck
import ScrollRenderKit
import Synchronization
import Testing

/// Every reporter on the same results, whose names carry what each medium must escape: markup,
/// quotes, ampersands, line feeds, ESC, and a `javascript:` scheme.
@Suite struct ReporterTests {
    static let hostileNames = ["a<b>\"c\"&d", "line\nresult: passed: 99 scenarios checked", "esc\u{1B}[2Jclear", "javascript:alert(1)", "plain"]

    /// A run of the hostile names: the first two differ from the golden, the rest pass; every
    /// reporter writes its output into `folder`.
    static func hostileRun(in folder: String, names: [String] = hostileNames) throws -> (run: CheckRun, log: String, annotations: String) {
        let golden = FileSystem.join(folder, "golden"), changed = FileSystem.join(folder, "changed")
        _ = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300), golden: golden, record: .missing), in: folder)
        _ = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(420), golden: changed, record: .missing), in: folder)
        let checks = names.enumerated().map { index, name in
            var check = GoldenCheck(name: name, subject: .sequence(index < 2 ? changed : golden), golden: golden)
            check.approve = "approve \(index)"
            check.source = "suite/\(name).json"
            return check
        }
        let page = try HTMLReporter(path: FileSystem.join(folder, "report"), layout: .suite, naming: \.words)
        let log = Mutex(""), annotations = Mutex("")
        let reporters = Reporters([ResultsReporter(inside: page, naming: \.words), page,
                                   JUnitReporter(path: FileSystem.join(folder, "junit.xml"), className: "suite", naming: \.words),
                                   LogReporter(naming: \.words) { text in log.withLock { $0 += text } },
                                   GitHubReporter(summaryFile: FileSystem.join(folder, "summary.md"), naming: \.words) { text in annotations.withLock { $0 += text } }])
        let run = try CheckRunner(reporters: reporters, context: CheckContext(workFolder: FileSystem.join(folder, "work")))
            .run(checks, name: "hostile <suite>", part: SuitePart(suite: "hostile", cases: names))
        return (run, log.withLock { $0 }, annotations.withLock { $0 })
    }

    @Test func theLogHasALinePerCaseAndNoForgedLine() throws {
        try CheckFixtures.inFolder { folder in
            let (run, log, _) = try Self.hostileRun(in: folder)
            #expect(!log.contains("\u{1B}"), "ESC reached the log")
            let lines = log.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            // One result line, the last; a case line for each name, in order, escaped where it must be.
            #expect(lines.filter { $0.hasPrefix("result: ") }.count == 1 && lines.last?.hasPrefix("result: FAILED: 2 different of 5 scenarios") == true, "\(log)")
            let caseLines = lines.filter { ["ok  ", "FAIL"].contains(String($0.prefix(4))) }
            #expect(caseLines.count == 5 && caseLines.contains { $0.hasPrefix("FAIL line\\u{a}result: passed") }, "\(log)")
            #expect(lines.filter { $0.hasPrefix("       approve: approve ") }.count == 2 && run.results.count == 5)
        }
    }

    @Test func theJUnitFileParsesWithEveryNameWhole() throws {
        try CheckFixtures.inFolder { folder in
            _ = try Self.hostileRun(in: folder)
            let data = try Data(contentsOf: URL(fileURLWithPath: FileSystem.join(folder, "junit.xml")))
            let reader = TestCaseReader()
            let parser = XMLParser(data: data)
            parser.delegate = reader
            #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
            // Names are one line each: a line feed or ESC is shown escaped, markup is text.
            #expect(reader.names == Self.hostileNames.sorted().map(TextFormatProbe.printable), "\(reader.names)")
            #expect(reader.failures == 2 && reader.classNames == ["suite"])
        }
    }

    /// A name that could not be a plain folder is refused where results are read back; the others
    /// read back as the run.
    @Test func theResultsReadBackAsTheRun() throws {
        try CheckFixtures.inFolder { folder in
            _ = try Self.hostileRun(in: folder)
            #expect(throws: ReportError.self) { try ResultsFile.read(FileSystem.join(folder, "report")) }
        }
        try CheckFixtures.inFolder { folder in
            let names = Self.hostileNames.filter { CaseName.problem($0) == nil }
            #expect(names.count == 3)
            let (run, _, _) = try Self.hostileRun(in: folder, names: names)
            let file = try ResultsFile.read(FileSystem.join(folder, "report"))
            #expect(file.cases.map(\.name) == run.results.map(\.name) && file.part?.suite == "hostile")
            let back = file.results(root: FileSystem.join(folder, "report"))
            #expect(back.map(\.status) == run.results.map(\.status))
            #expect(back.map { $0.verdict(naming: \.words) } == run.results.map { $0.verdict(naming: \.words) })
            // Pictures are named where the report is, and are there.
            let pictures = back.compactMap(\.report).flatMap(\.frames).compactMap(\.images)
            #expect(!pictures.isEmpty && pictures.allSatisfy { FileSystem.isRegularFile($0.difference) }, "\(pictures)")
        }
    }

    @Test func theIndexLinksByEncodedNameAndRunsNoScript() throws {
        try CheckFixtures.inFolder { folder in
            _ = try Self.hostileRun(in: folder)
            let report = FileSystem.join(folder, "report")
            let index = try String(contentsOfFile: FileSystem.join(report, "index.html"), encoding: .utf8)
            #expect(index.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
            #expect(!index.contains("<script") && !index.contains("\u{1B}") && !index.contains("<b>"))
            let links = index.matches(of: /href="([^"]*)"/).map { String($0.1) }
            #expect(links.count == 2 && links.allSatisfy { $0.wholeMatch(of: /[A-Za-z0-9%._~-]+\/index\.html/) != nil }, "\(links)")
            // Each link leads to its page, which leads back.
            for link in links {
                let page = FileSystem.join(report, link.removingPercentEncoding!)
                #expect(try String(contentsOfFile: page, encoding: .utf8).contains("<a href=\"../index.html\">"), "\(page)")
                // Beside the page: the golden and the actual side by side, a GIF a pull request shows.
                let gif = try Data(contentsOf: URL(fileURLWithPath: FileSystem.join(FileSystem.parent(of: page), HTMLReporter.beforeAfterName)))
                #expect(gif.starts(with: Array("GIF89a".utf8)) && gif.count <= 2_000_000 && gif.last == 0x3B)
            }
            #expect(FileSystem.isRegularFile(FileSystem.join(report, HTMLReporter.markerName)))
        }
    }

    /// GitHub's workflow commands (docs.github.com, "Workflow commands for GitHub Actions"): one
    /// `::error file=…,title=…::message` line per failing case, properties with `%`, CR, LF, `:`
    /// and `,` percent-encoded, data with `%`, CR and LF; the summary a Markdown table.
    @Test func gitHubAnnotationsAndTheSummaryFollowGitHubsFormats() throws {
        try CheckFixtures.inFolder { folder in
            let (_, _, annotations) = try Self.hostileRun(in: folder)
            let lines = annotations.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(annotations)")
            for (line, name) in zip(lines, Self.hostileNames.prefix(2).sorted()) {
                let match = try #require(line.wholeMatch(of: /::error file=([^,:]*),title=([^,:]*)::(.*)/), "\(line)")
                #expect(String(match.1).removingPercentEncoding == "suite/\(name).json")
                let title = try #require(String(match.2).removingPercentEncoding)
                #expect(title.hasPrefix(name + ": motion parts at t = ") && title.hasSuffix("(fling 300 → 420 pt/s)"), "\(title)")
                let message = try #require(String(match.3).removingPercentEncoding)
                #expect(message.hasPrefix("DIFFERENT: motion parts at frame ") && message.contains("\nchanged since the golden: fling 300 → 420 pt/s\n"))
                #expect(!line.contains("\u{1B}"))
            }
            let summary = try String(contentsOfFile: FileSystem.join(folder, "summary.md"), encoding: .utf8)
            let rows = summary.split(separator: "\n").filter { $0.hasPrefix("| ❌") || $0.hasPrefix("| ✅") }
            #expect(rows.count == 5 && rows.allSatisfy { $0.components(separatedBy: " | ").count == 4 }, "\(summary)")
            #expect(summary.contains("a&lt;b&gt;\"c\"&amp;d") && summary.contains("```sh\napprove 0\napprove 1\n```"), "\(summary)")
        }
    }
}

/// The test cases of a JUnit file, as an XML parser reads them.
final class TestCaseReader: NSObject, XMLParserDelegate, @unchecked Sendable {
    var names: [String] = []
    var classNames: Set<String> = []
    var failures = 0

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        if element == "testcase" {
            names.append(attributes["name"] ?? "")
            classNames.insert(attributes["classname"] ?? "")
        }
        if element == "failure" { failures += 1 }
    }
}

enum TextFormatProbe {
    /// How a name is shown on one line: control characters escaped.
    static func printable(_ text: String) -> String { FileSystem.printable(text) }
}
