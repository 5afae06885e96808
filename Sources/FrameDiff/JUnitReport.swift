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
        let failures = cases.filter { if case .compared(let report) = $0.outcome { !report.passed } else { false } }.count
        let errors = cases.filter { if case .notCompared = $0.outcome { true } else { false } }.count
        let time = Self.seconds(cases.map(\.seconds).reduce(0, +))
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"\(Markup.escapeLine(name))\" \(counts) time=\"\(time)\">",
                     "  <testsuite name=\"\(Markup.escapeLine(name))\" \(counts) skipped=\"0\" time=\"\(time)\">"]
        for item in cases {
            lines.append("    <testcase classname=\"scrollrender.diff\" name=\"\(Markup.escapeLine(item.name))\" time=\"\(Self.seconds(item.seconds))\">")
            switch item.outcome {
            case .notCompared(let error):
                lines.append("      <error message=\"\(Markup.escapeLine(error))\" type=\"error\"/>")
            case .compared(let report):
                if let differences = report.differences {
                    lines.append("      <failure message=\"\(Markup.escapeLine(differences))\" type=\"differences\">\(Markup.escape(Self.details(report)))</failure>")
                }
                lines.append("      <system-out>\(Markup.escape(report.text))</system-out>")
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>", ""]
        return lines.joined(separator: "\n")
    }

    /// The failure's body: the problems, then each frame that is not within tolerance.
    static func details(_ report: DiffReport) -> String {
        let frames = report.frames.filter { !$0.passed }.map { "\($0.name): \($0.message)" }
        return (report.problems.map(\.message) + frames).joined(separator: "\n")
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", max(0, value.isFinite ? value : 0))
    }
}
