import TextFormat

/// One HTML page of motion curves for a run whose actuals are offsets logged in files (`scrollrender
/// conformance score --html`): per case, its result and the measures outside tolerance, then
/// contentOffset.y against time, expected (iOS's) beside actual (theirs), drawn by the report's own
/// chart and style. No script: the page is the figures.
package struct MotionCurvesPage {
    package struct Case {
        package var name: String
        package var passed: Bool
        /// What the case's result says, a line each.
        package var lines: [String]
        package var expected: [(time: Double, offsetY: Double)]
        package var actual: [(time: Double, offsetY: Double)]
        /// Callbacks to mark on the expected curve (a release, a drag's start).
        package var marks: [(time: Double, name: String)]

        package init(name: String, passed: Bool, lines: [String], expected: [(time: Double, offsetY: Double)],
                     actual: [(time: Double, offsetY: Double)], marks: [(time: Double, name: String)]) {
            (self.name, self.passed, self.lines, self.expected, self.actual, self.marks) = (name, passed, lines, expected, actual, marks)
        }
    }

    package var title: String
    package var result: String
    package var passed: Bool
    /// The run's table, shown as written.
    package var table: String
    package var cases: [Case]
    /// What the two curves are: "iOS (the model)", "theirs".
    package var expectedName: String
    package var actualName: String

    package init(title: String, result: String, passed: Bool, table: String, cases: [Case], expectedName: String, actualName: String) {
        (self.title, self.result, self.passed, self.table, self.cases) = (title, result, passed, table, cases)
        (self.expectedName, self.actualName) = (expectedName, actualName)
    }

    package var html: String {
        let chart = MotionChart(title: "contentOffset.y (pt)") { $0.contentOffset.y }
        func track(_ samples: [(time: Double, offsetY: Double)], _ marks: [(time: Double, name: String)]) -> MotionTrack {
            MotionTrack(frames: samples.map { MotionTrack.Sample(time: $0.time, contentOffset: (0, $0.offsetY), zoomScale: 1) },
                        events: marks.map { MotionTrack.Event(time: $0.time, name: $0.name) })
        }
        let sections = cases.map { item in
            """
            <section id="\(Markup.escape(item.name))"><h2>\(Markup.escapeLine(item.name)) <span class="result \(item.passed ? "pass" : "fail")">\(item.passed ? "within tolerance" : "OUTSIDE")</span></h2>
            \(item.lines.map { "<p>\(Markup.escapeLine($0))</p>" }.joined())
            \(chart.svg(expected: track(item.expected, item.marks), actual: track(item.actual, [])))</section>
            """
        }.joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>\(Markup.escapeLine(title)): \(Markup.escapeLine(result))</title>
            <style>\(ReportPage.style)</style></head>
            <body>
            <header><h1>\(Markup.escapeLine(title))</h1><p class="result \(passed ? "pass" : "fail")">\(Markup.escapeLine(result))</p>
            <p class="muted"><span class="key expected"></span> \(Markup.escape(expectedName)) <span class="key actual"></span> \(Markup.escape(actualName)); ticks mark iOS's releases.</p></header>
            <section><h2>Every vector</h2><pre>\(Markup.escape(table))</pre></section>
            \(sections)
            </body></html>

            """
    }
}
