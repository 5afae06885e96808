import FileSystem

/// The reports of a suite's shards (`results.json` and each failing case's page) read back as the
/// run one job would have made: every case once, its page copied into the merged report.
public enum ReportMerge {
    /// The run of `parts` (report folders); each part's pages are copied into `report`.
    public static func run(of parts: [String], into report: HTMLReporter) throws(ReportError) -> CheckRun {
        var name: String?, suite: String?
        var results: [CheckResult] = []
        var seen: Set<String> = []
        for part in parts {
            let file = try ResultsFile.read(part)
            name = name ?? file.name
            suite = suite ?? file.suite
            for result in file.results(root: report.path) {
                guard seen.insert(result.name).inserted else {
                    throw .unreadable(path: part, reason: "two parts hold the case \(FileSystem.printable(result.name))")
                }
                try report.adoptPage(result.name, from: part)
                results.append(result)
            }
        }
        return CheckRun(name: name ?? "scrollrender test", suite: suite, results: results)
    }
}
