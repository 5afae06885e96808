import GoldenCheck
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// A check's failure as the running test's: a Swift Testing issue, or an XCTest failure, at the
/// assertion's line, saying what ``SnapshotWords`` say.
struct TestIssueReporter: CheckReporter {
    /// Where the assertion is.
    struct Location: Sendable {
        var file: StaticString
        var line: UInt
        var column: UInt
    }

    var location: Location
    var words: SnapshotWords

    func end(_ run: CheckRun) throws(ReportError) {
        for result in run.results {
            if let message = words.message(result) { record(message) }
        }
    }

    private func record(_ message: String) {
        let filePath = "\(location.file)"
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: SourceLocation(
                fileID: filePath, filePath: filePath, line: Int(location.line), column: Int(location.column)))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: location.file, line: location.line)
        #endif
    }
}
