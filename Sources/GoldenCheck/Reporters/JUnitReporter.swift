import FileSystem
import FrameDiff
import ScrollRenderKit

/// The run as JUnit XML, the format GitLab, Jenkins and GitHub's test reporters read: a test case
/// per case, failing with its verdict first (the motion, then the pixels) and the command that
/// approves it, or erroring when it could not be compared.
public struct JUnitReporter: CheckReporter {
    public var path: String
    /// The test cases' class: `scrollrender.diff`, or the suite's (`scrollrender.test.Examples`).
    public var className: String
    public var naming: @Sendable (NamedTerm) -> String

    public init(path: String, className: String, naming: @escaping @Sendable (NamedTerm) -> String) {
        (self.path, self.className, self.naming) = (path, className, naming)
    }

    public func end(_ run: CheckRun) throws(ReportError) {
        do throws(FileSystemError) {
            try FileSystem.writeAtomically(Array(xml(run).utf8), to: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    func xml(_ run: CheckRun) -> String {
        JUnitXML(suite: run.name, cases: run.results.map { result in
            var testCase = JUnitXML.TestCase(name: result.name, className: className, seconds: result.seconds)
            switch (result.report, result.status) {
            case (let report?, .passed), (let report?, .failed), (let report?, .recorded):
                testCase.failure = result.status != .failed ? nil : report.differences.map { differences in
                    (differences, ([result.changes].compactMap { $0 } + report.verdictLines
                                   + (result.approve.map { ["to approve: \($0)"] } ?? [])).joined(separator: "\n"))
                }
                testCase.output = report.text
            default:
                testCase.error = result.verdict(naming: naming)
            }
            return testCase
        }).xml
    }
}
