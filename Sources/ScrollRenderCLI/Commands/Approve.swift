import ArgumentParser
import FileSystem
import GoldenCheck
import RegressionSuite
import ScrollRenderKit
import Foundation

/// `scrollrender approve REPORT`: the changes a suite report shows, reviewed, become the goldens.
struct Approve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Makes the actual sequences a suite report kept (scrollrender test --report, merge-reports) the suite's goldens.",
        discussion: """
            Every failing or missing scenario of the report (or those --filter names) has its actual \
            sequence, kept in the report as it was compared, swapped in whole as its golden in the \
            suite. The suite is the one the report's run checked, unless --suite names it.

              scrollrender test Examples --picture shot.png --report report    # fails: fling changed
              scrollrender approve report                                       # fling's golden is now the new motion
              scrollrender approve report --filter fling --suite Examples

            Exit status: 0 approved (or nothing to approve), 64 bad arguments, 65 a damaged report, \
            66 a report or suite that is not there, 73 a golden that cannot be written.
            """)

    @Argument(help: "The report folder: scrollrender test --report DIR, or merge-reports' output.")
    var report: String

    @Option(help: ArgumentHelp("The suite whose goldens are approved (default: the suite the report's run checked).", valueName: "SUITE"))
    var suite: String?

    @Option(name: .customLong("filter"), help: ArgumentHelp("Approve only this scenario (repeatable).", valueName: "NAME"))
    var names: [String] = []

    func run() throws {
        let folder: String
        if let suite { folder = suite } else {
            let run = try failing { () throws(ReportError) in try CheckRun.read(report: report) }
            guard let recorded = run.part?.folder else {
                throw CommandFailure(message: "\(report): the report does not say which suite it checked; name it with --suite", status: .usage)
            }
            folder = recorded
        }
        let suite: RegressionSuite
        do throws(SuiteError) { suite = try RegressionSuite(folder: folder) } catch {
            throw CommandFailure(message: error.description, status: ExitStatus(for: error))
        }
        let approved: [SuiteApproval.Approved]
        do throws(ApprovalError) {
            approved = try SuiteApproval.approve(report: report, suite: suite, names: names)
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus(for: error))
        }
        guard !approved.isEmpty else { return StandardError.line("scrollrender: nothing to approve: no scenario failed in \(report)") }
        for item in approved {
            let kept = FileSystem.join(FileSystem.join(report, item.name), HTMLReporter.actualFolder)
            let account = item.recording.account(actual: kept, golden: item.golden, sayingMode: false)
            StandardError.line("scrollrender: approved \(item.name): \(account.trimmingCharacters(in: .whitespaces))")
        }
    }
}
