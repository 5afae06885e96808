import FrameDiff

/// One output of a run — the CI log, JUnit, the results a merge reads, the HTML report, a test
/// framework's issues — told the run's events as Playwright tells its reporters. Each escapes
/// what it writes for its own medium; none decides anything: the check did.
public protocol CheckReporter: Sendable {
    /// Where a case's pictures go while it is compared, when this output shows them.
    func page(for name: String) throws(ReportError) -> ComparisonPage?
    /// A case ended (from the thread it ran on; never two at once).
    func caseEnded(_ result: CheckResult)
    /// The run ended: write the output.
    func end(_ run: CheckRun) throws(ReportError)
    /// The run stopped before its end: remove what was staged.
    func discard()
}

extension CheckReporter {
    public func page(for name: String) throws(ReportError) -> ComparisonPage? { nil }
    public func caseEnded(_ result: CheckResult) {}
    public func discard() {}
}

/// Every reporter of a run, told each event in turn, in the order given (a report's results before
/// the report is put in place).
public struct Reporters: Sendable {
    public var all: [any CheckReporter]

    public init(_ all: [any CheckReporter]) {
        self.all = all
    }

    /// The one page a case gets: only one reporter keeps pictures.
    func page(for name: String) throws(ReportError) -> ComparisonPage? {
        for reporter in all {
            if let page = try reporter.page(for: name) { return page }
        }
        return nil
    }

    func caseEnded(_ result: CheckResult) {
        for reporter in all { reporter.caseEnded(result) }
    }

    /// Ends each; when one fails, those after it are discarded and the error thrown.
    public func end(_ run: CheckRun) throws(ReportError) {
        for (index, reporter) in all.enumerated() {
            do throws(ReportError) {
                try reporter.end(run)
            } catch {
                for later in all[(index + 1)...] { later.discard() }
                throw error
            }
        }
    }

    public func discard() {
        for reporter in all { reporter.discard() }
    }
}
