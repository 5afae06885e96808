import Foundation
import FrameDiff
import ScrollRenderKit

/// A suite report's `index.html`: every case, failing first, each failing one linked to its page.
/// Names are data: text escaped as HTML, links built from the case's checked name, percent-encoded;
/// the page runs no script, and its Content-Security-Policy says so.
struct SuiteIndexPage {
    var run: CheckRun
    /// The cases that have a page.
    var pages: Set<String>
    var naming: @Sendable (NamedTerm) -> String

    /// No script at all, pictures and style of the report's own.
    static let contentSecurityPolicy = "default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'"

    /// The command that approves every change, when the run failed.
    var approval: String {
        guard !run.passed, let command = run.approval else { return "" }
        return "<p>Approve every change: <code>\(Markup.escapeLine(command))</code></p>"
    }

    var html: String {
        let ordered = run.results.filter(\.fails) + run.results.filter { !$0.fails }
        let rows = ordered.map { result in
            let name = pages.contains(result.name)
                ? "<a href=\"\(Markup.linkPath([result.name, "index.html"]))\">\(Markup.escapeLine(result.name))</a>"
                : Markup.escapeLine(result.name)
            return "<tr class=\"\(result.status.rawValue)\"><td>\(result.status.rawValue)</td><td>\(name)</td>"
                + "<td>\(Markup.escapeLine(result.verdict(naming: naming)))\(result.changes.map { "<br><em>\(Markup.escapeLine($0))</em>" } ?? "")</td>"
                + "<td>\(String(format: "%.2f", result.seconds)) s</td></tr>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <title>\(Markup.escapeLine(run.name)): \(Markup.escapeLine(run.summary))</title>
            <style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td{padding:4px 10px;border-bottom:1px solid #ddd}
            tr.failed td:first-child,tr.missing td:first-child,tr.error td:first-child{color:#b00020;font-weight:bold}tr.passed td:first-child{color:#1b5e20}</style></head>
            <body><h1>\(Markup.escapeLine(run.name))</h1><p class="summary">\(Markup.escapeLine(run.summary))</p>\(approval)
            <table><tr><th>status</th><th>scenario</th><th>result</th><th>time</th></tr>\(rows.joined())</table></body></html>

            """
    }
}
