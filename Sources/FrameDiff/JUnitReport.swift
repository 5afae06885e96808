import Foundation

/// A diff as JUnit XML, the report format GitLab, Jenkins and GitHub's test reporters read: one
/// test suite, one test case per compared sequence (or picture), failing with the frames that
/// differ and their figures, or erroring when the inputs could not be compared.
public struct JUnitReport: Sendable {
    public struct Case: Sendable {
        public enum Outcome: Sendable {
            /// The inputs were compared.
            case compared(DiffReport)
            /// Why they could not be.
            case notCompared(String)
        }

        public var name: String
        public var seconds: Double
        public var outcome: Outcome

        public init(name: String, seconds: Double, outcome: Outcome) {
            self.name = name
            self.seconds = seconds
            self.outcome = outcome
        }
    }

    public var cases: [Case]
    /// The test suite's name: `scrollrender diff`, or a suite's (`scrollrender test Examples`).
    public var name: String

    public init(cases: [Case], name: String = "scrollrender diff") {
        self.cases = cases
        self.name = name
    }

    public var xml: String {
        JUnitXML(suite: name, cases: cases.map { item in
            var testCase = JUnitXML.TestCase(name: item.name, className: "scrollrender.diff", seconds: item.seconds)
            switch item.outcome {
            case .notCompared(let error):
                testCase.error = error
            case .compared(let report):
                testCase.failure = report.differences.map { ($0, Self.details(report)) }
                testCase.output = report.text
            }
            return testCase
        }).xml
    }

    /// The failure's body: the verdict — the motion first, then the pixels summarised — and the
    /// command that approves it, when known.
    static func details(_ report: DiffReport) -> String {
        (report.verdictLines + (report.approve.map { ["to approve: \($0)"] } ?? [])).joined(separator: "\n")
    }

}

/// JUnit XML as GitLab, Jenkins and GitHub's test reporters read it: one test suite of test cases,
/// each passing, failing (a one-line message and a body) or erroring, with what it printed. Every
/// name and message is escaped, control characters included.
public struct JUnitXML: Sendable {
    public struct TestCase: Sendable {
        public var name: String
        public var className: String
        public var seconds: Double
        /// The failure's message (one line) and body.
        public var failure: (message: String, body: String)?
        /// Why the case could not run.
        public var error: String?
        public var output: String?

        public init(name: String, className: String, seconds: Double, failure: (message: String, body: String)? = nil,
                    error: String? = nil, output: String? = nil) {
            self.name = name
            self.className = className
            self.seconds = seconds
            self.failure = failure
            self.error = error
            self.output = output
        }
    }

    public var suite: String
    public var cases: [TestCase]

    public init(suite: String, cases: [TestCase]) {
        self.suite = suite
        self.cases = cases
    }

    public var xml: String {
        let failures = cases.filter { $0.failure != nil && $0.error == nil }.count
        let errors = cases.filter { $0.error != nil }.count
        let time = Self.seconds(cases.map(\.seconds).reduce(0, +))
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        let suite = Markup.escapeLine(self.suite)
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"\(suite)\" \(counts) time=\"\(time)\">",
                     "  <testsuite name=\"\(suite)\" \(counts) skipped=\"0\" time=\"\(time)\">"]
        for item in cases {
            lines.append("    <testcase classname=\"\(Markup.escapeLine(item.className))\" name=\"\(Markup.escapeLine(item.name))\" time=\"\(Self.seconds(item.seconds))\">")
            if let error = item.error {
                lines.append("      <error message=\"\(Markup.escapeLine(error))\" type=\"error\"/>")
            } else if let failure = item.failure {
                lines.append("      <failure message=\"\(Markup.escapeLine(failure.message))\" type=\"differences\">\(Markup.escape(failure.body))</failure>")
            }
            if let output = item.output { lines.append("      <system-out>\(Markup.escape(output))</system-out>") }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>", ""]
        return lines.joined(separator: "\n")
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", max(0, value.isFinite ? value : 0))
    }
}
