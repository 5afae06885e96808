import Dispatch
import Raster
import Synchronization

/// Runs checks side by side on all cores and tells the reporters: each case as it ends, then the
/// run. A reporter that keeps pictures (the HTML report) gives each case the page they go to.
public struct CheckRunner: Sendable {
    public var reporters: Reporters
    /// What every check may use; each case gets its own page in it.
    public var context: CheckContext

    public init(reporters: Reporters, context: CheckContext) {
        (self.reporters, self.context) = (reporters, context)
    }

    /// Checks every case and ends the reporters with the run; a reporter that cannot write its
    /// output throws after every case was checked (and recorded).
    public func run(_ checks: [GoldenCheck], name: String, part: SuitePart? = nil, approval: String? = nil) throws(ReportError) -> CheckRun {
        let slots = Slots<CheckResult>(count: checks.count)
        let ending = Mutex(())
        DispatchQueue.concurrentPerform(iterations: checks.count) { index in
            let check = checks[index]
            var context = self.context
            let result: CheckResult
            do throws(ReportError) {
                context.page = try reporters.page(for: check.name)
                result = check.run(context)
            } catch {
                result = CheckResult(name: check.name, outcome: .failed(.reported(error.description)), golden: check.golden, approve: check.approve)
            }
            slots.set(index, result)
            ending.withLock { _ in reporters.caseEnded(result) }
        }
        var run = CheckRun(name: name, part: part, results: slots.results.map { $0! })
        run.approval = approval
        // A run a signal stopped has no outputs: its staged report goes, nothing is published.
        if let signal = context.cancellation.signalNumber {
            reporters.discard()
            throw .interrupted(signal: signal)
        }
        try reporters.end(run)
        return run
    }
}
