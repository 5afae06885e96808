import Foundation
import Testing
import _ScrollRenderTestSupport

/// `--trace` matches, callback for callback, the two iOS logs of the seed document
/// `shared/seeds/001_34a265a24fd7468f.txt` ("用户滑动" and "减速过程中用户再次触摸").
@Suite struct TraceCompatibilityTests {
    /// The seed's logs, without the `OCDemo[pid:tid]` prefix. Its DidScroll lines stand for
    /// "called many times" (多次调用), and where the seed shows none the log simply omits them.
    static let userFling = [
        "scrollViewWillBeginDragging:", "scrollViewDidScroll:", "scrollViewDidScroll:",
        "scrollViewWillEndDragging:withVelocity:targetContentOffset:", "scrollViewDidEndDragging:willDecelerate:",
        "scrollViewWillBeginDecelerating:", "scrollViewDidScroll:", "scrollViewDidScroll:",
        "scrollViewDidEndDecelerating:",
    ].map { "-[ViewController \($0)]" }

    static let touchDuringDeceleration = [
        "scrollViewWillBeginDragging:", "scrollViewDidScroll:", "scrollViewDidScroll:",
        "scrollViewWillEndDragging:withVelocity:targetContentOffset:", "scrollViewDidEndDragging:willDecelerate:",
        "scrollViewWillBeginDecelerating:", "scrollViewDidScroll:", "scrollViewDidScroll:",
        "scrollViewWillBeginDragging:", "scrollViewWillEndDragging:withVelocity:targetContentOffset:",
        "scrollViewDidEndDragging:willDecelerate:", "scrollViewDidEndDecelerating:",
    ].map { "-[ViewController \($0)]" }

    static let didScroll = "-[ViewController scrollViewDidScroll:]"

    /// The trace lines of rendering an example scenario.
    static func trace(_ example: String) throws -> [String] {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = TestFiles.packageRoot
        let result = ScrollrenderCommand.run([
            "--quiet", "--trace", "--size", "100x160", "--scale", "1", "--fps", "10", "--hold", "0",
            "--scenario", root.appendingPathComponent("Examples/\(example).json").path,
            root.appendingPathComponent("SampleImages/tesla.jpg").path, folder.appendingPathComponent("out").path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardError.split(separator: "\n").map(String.init)
    }

    /// Every line is an iOS log line; the callbacks other than DidScroll are exactly the seed's, and
    /// DidScroll runs stand wherever the seed shows them.
    static func expectMatches(_ trace: [String], seed: [String]) {
        #expect(trace.allSatisfy { $0.hasPrefix("-[ViewController scrollView") && $0.hasSuffix(":]") })
        #expect(trace.filter { $0 != didScroll } == seed.filter { $0 != didScroll })
        #expect(collapse(seed).allSatisfy { collapse(trace).contains($0) })
        var remaining = collapse(trace)[...]
        for line in collapse(seed) {
            guard let index = remaining.firstIndex(of: line) else {
                Issue.record("\(line) missing or out of order")
                return
            }
            remaining = remaining[(index + 1)...]
        }
    }

    /// Runs of DidScroll as one line.
    static func collapse(_ lines: [String]) -> [String] {
        lines.enumerated().filter { $0.offset == 0 || !($0.element == didScroll && lines[$0.offset - 1] == didScroll) }.map(\.element)
    }

    @Test func flingMatchesTheSeedLog() throws {
        Self.expectMatches(try Self.trace("fling"), seed: Self.userFling)
    }

    @Test func touchDuringDecelerationMatchesTheSeedLog() throws {
        Self.expectMatches(try Self.trace("fling-interrupted"), seed: Self.touchDuringDeceleration)
    }
}
