import FileSystem

/// The reports of a suite's shards (`results.json` and each failing case's page) read back as the
/// run one job would have made: every shard of one suite once, every case once, each case's own
/// comparison deciding its status, its page copied into the merged report.
public enum ReportMerge {
    /// The run of `parts` (report folders); each part's pages are copied into `report`.
    public static func run(of parts: [String], into report: HTMLReporter) throws(ReportError) -> CheckRun {
        let files = try parts.map { part throws(ReportError) in (part, try ResultsFile.read(part)) }
        let whole = try wholeSuite(files)
        var results: [CheckResult] = []
        for (part, file) in files {
            for result in file.results(root: report.path) {
                try report.adoptPage(result.name, from: part)
                results.append(result)
            }
        }
        let held = results.map(\.name).sorted()
        guard held == whole.cases else {
            throw .partsDoNotFit("the parts hold \(held.count) cases where the suite \(whole.suite) has \(whole.cases.count)")
        }
        return CheckRun(name: files.first?.1.name ?? "scrollrender test", part: whole, results: results)
    }

    /// The suite every part is a shard of, once each: refused, naming them, when parts are of two
    /// suites, a shard comes twice or one is missing.
    static func wholeSuite(_ files: [(String, ResultsFile)]) throws(ReportError) -> SuitePart {
        var seen: [Int: String] = [:]
        var first: (path: String, part: SuitePart)?
        for (path, file) in files {
            guard let part = file.part else { throw .unreadable(path: path, reason: "its results name no suite") }
            guard let (firstPath, expected) = first else {
                first = (path, part)
                seen[part.index] = path
                continue
            }
            guard part.suite == expected.suite, part.cases == expected.cases else {
                throw .partsDoNotFit("\(FileSystem.printable(path)) is of another suite than \(FileSystem.printable(firstPath)) (\(part.suite), \(part.cases.count) cases; \(expected.suite), \(expected.cases.count) cases)")
            }
            guard part.count == expected.count else {
                throw .partsDoNotFit("\(FileSystem.printable(path)) is shard \(part.shard), \(FileSystem.printable(firstPath)) shard \(expected.shard): split the suite the same way")
            }
            if let other = seen[part.index] {
                throw .partsDoNotFit("\(FileSystem.printable(other)) and \(FileSystem.printable(path)) are both shard \(part.shard)")
            }
            seen[part.index] = path
        }
        guard let whole = first?.part else { throw .partsDoNotFit("no part given") }
        let missing = (1...whole.count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw .partsDoNotFit("shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(whole.count)" }.joined(separator: ", ")) of \(whole.suite) \(missing.count == 1 ? "is" : "are") missing")
        }
        return SuitePart(suite: whole.suite, folder: whole.folder, cases: whole.cases)
    }
}

extension CheckRun {
    /// The run a report holds (its `results.json`), its pictures named where the report is.
    public static func read(report folder: String) throws(ReportError) -> CheckRun {
        let file = try ResultsFile.read(folder)
        var run = CheckRun(name: file.name, part: file.part, results: file.results(root: folder))
        run.approval = file.approval
        return run
    }
}
