import Foundation
import FoundationXML
import GoldenCheck
import ScrollRenderKit

/// Bytes in as a shard's `results.json` (two shards' when the input holds a `--part--` line), then
/// what `approve` and `merge-reports` do with them: the run read back (`CheckRun.read(report:)`),
/// its log, annotations and job summary, and the parts merged into a report with its index and
/// JUnit file. A part comes from a CI job that ran a pull request's suite, so its names and paths
/// are hostile; beside its pages lie links to a folder outside, holding a secret. Checked on every
/// input: no trap; a case name read is one plain name; one `result:` line and one line per
/// annotation; a merged report holds no link, no byte of the secret and only relative links of
/// its own; the JUnit file is XML; a refused merge leaves nothing behind, and nothing outside changes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResults(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(bytes: data, count: size)
    let separator = Data("\n--part--\n".utf8)
    let shards = bytes.range(of: separator).map { [bytes[..<$0.lowerBound], bytes[$0.upperBound...]] } ?? [bytes[...]]
    let parts = shards.indices.map { ResultsWork.part($0) }
    for (part, results) in zip(parts, shards) {
        try? Data(results).write(to: URL(fileURLWithPath: part + "/results.json"))
    }
    if let run = try? CheckRun.read(report: parts[0]) {
        for result in run.results { precondition(CaseName.problem(result.name) == nil, "a case named \(result.name.debugDescription) was read") }
        ResultsWork.checkLogs(run)
    }
    ResultsWork.merge(parts)
    ResultsWork.checkNothingElseChanged()
    return 0
}

enum ResultsWork {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollrender-fuzz-results-\(getpid())").path
    static let secret = "SECRET-outside-the-parts"
    static var merged: String { folder + "/merged" }
    static var junit: String { folder + "/junit.xml" }
    static var summary: String { folder + "/summary.md" }

    static func part(_ index: Int) -> String { folder + "/part\(index + 1)" }

    /// Two parts, each with the pages `a` and `b` (a file and a folder of pictures) and, among
    /// them, links to `outside/`: a page folder (`leak`) and a file inside a page (`a/secret.txt`).
    static func prepare() {
        let manager = FileManager.default
        try? manager.removeItem(atPath: folder)
        for path in ["outside", "part1/a/actual", "part1/b", "part2/a", "part2/c"] {
            try? manager.createDirectory(atPath: folder + "/" + path, withIntermediateDirectories: true)
        }
        try? Data(secret.utf8).write(to: URL(fileURLWithPath: folder + "/outside/secret.txt"))
        try? Data("<p>\(secret)</p>".utf8).write(to: URL(fileURLWithPath: folder + "/outside/index.html"))
        for page in ["part1/a", "part1/b", "part2/a", "part2/c"] {
            try? Data("<p>page</p>".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(page)/index.html"))
        }
        try? Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: folder + "/part1/a/actual/frame_00000.png"))
        for part in ["part1", "part2"] {
            try? manager.createSymbolicLink(atPath: "\(folder)/\(part)/leak", withDestinationPath: "../outside")
            try? manager.createSymbolicLink(atPath: "\(folder)/\(part)/a/secret.txt", withDestinationPath: "../../outside/secret.txt")
        }
    }

    /// The CI log and the GitHub annotations: every name and verdict escaped, so that the input
    /// cannot add a line of its own.
    static func checkLogs(_ run: CheckRun) {
        let log = Lines(), annotations = Lines()
        try? LogReporter(naming: \.words) { text throws(ReportError) in log.add(text) }.end(run)
        let lines = log.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        precondition(lines.filter { $0.hasPrefix("result: ") }.count == 1, "the log has more than one result line: \(log.text.debugDescription)")
        try? GitHubReporter(summaryFile: nil, naming: \.words) { text throws(ReportError) in annotations.add(text) }.end(run)
        let annotated = annotations.text.split(separator: "\n")
        precondition(annotated.count == run.results.filter(\.fails).count && annotated.allSatisfy { $0.hasPrefix("::error ") },
                     "an annotation spans lines: \(annotations.text.debugDescription)")
    }

    /// `merge-reports merged PART…` as the command runs it, then what it left.
    static func merge(_ parts: [String]) {
        guard let page = try? HTMLReporter(path: merged, layout: .suite, naming: \.words) else { return }
        let reporters = Reporters([ResultsReporter(inside: page, naming: \.words), page,
                                   JUnitReporter(path: junit, className: "scrollrender.test", naming: \.words),
                                   GitHubReporter(summaryFile: summary, naming: \.words) { _ throws(ReportError) in }])
        do throws(ReportError) {
            try reporters.end(try ReportMerge.run(of: parts, into: page))
            checkMergedReport()
        } catch {
            page.discard()
            precondition(!FileManager.default.fileExists(atPath: merged), "a refused merge left its report")
        }
        for path in [merged, junit, summary] { try? FileManager.default.removeItem(atPath: path) }
    }

    static func checkMergedReport() {
        let manager = FileManager.default
        for path in manager.subpaths(atPath: merged) ?? [] {
            let full = merged + "/" + path
            let type = (try? manager.attributesOfItem(atPath: full))?[.type] as? FileAttributeType
            precondition(type != .typeSymbolicLink, "the merged report holds a link: \(path)")
            if type == .typeRegular, let contents = manager.contents(atPath: full) {
                precondition(contents.range(of: Data(secret.utf8)) == nil, "the merged report holds the secret in \(path)")
            }
        }
        let index = (try? String(contentsOfFile: merged + "/index.html", encoding: .utf8)) ?? ""
        precondition(!index.isEmpty, "the merged report has no index")
        precondition(!index.lowercased().contains("<script"), "the index holds a script")
        for href in index.matches(of: /href="([^"]*)"/).map({ String($0.1) }) {
            let segments = href.split(separator: "/", omittingEmptySubsequences: false)
            precondition(!href.contains(":") && !href.hasPrefix("/") && !segments.contains("..") && !segments.contains("")
                         && href.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~%/".contains($0)) },
                         "the index links out of the report: \(href)")
        }
        if manager.fileExists(atPath: junit) {
            let parser = XMLParser(contentsOf: URL(fileURLWithPath: junit))
            precondition(parser?.parse() == true, "the JUnit file is not XML")
        }
    }

    /// The folder holds only what the harness made and what a merge may leave; the outside folder
    /// is as it was.
    static func checkNothingElseChanged() {
        let entries = Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        precondition(entries.isSubset(of: ["outside", "part1", "part2"]), "a merge left \(entries.sorted())")
        let outside = Set((try? FileManager.default.contentsOfDirectory(atPath: folder + "/outside")) ?? [])
        precondition(outside == ["secret.txt", "index.html"], "the outside folder changed: \(outside.sorted())")
    }
}

/// Text a reporter writes, collected.
final class Lines: @unchecked Sendable {
    private(set) var text = ""
    func add(_ more: String) { text += more }
}

func prepareResultsFuzzing() {
    ResultsWork.prepare()
}
