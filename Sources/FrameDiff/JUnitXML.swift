import Foundation

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
            (self.name, self.className, self.seconds, self.failure, self.error, self.output) = (name, className, seconds, failure, error, output)
        }
    }

    public var suite: String
    public var cases: [TestCase]

    public init(suite: String, cases: [TestCase]) {
        (self.suite, self.cases) = (suite, cases)
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
