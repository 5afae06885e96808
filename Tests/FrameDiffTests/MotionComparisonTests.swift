import Foundation
import Testing
import _ScrollRenderTestSupport
@testable import FrameDiff

/// Issue 37, item 6: the motion tolerance covers rest. Offsets are compared at equal times, the
/// sequence that ends sooner held at its rest; callbacks by kind and order, a run of
/// scrollViewDidScroll as one, their numbers within the tolerance.
@Suite struct MotionComparisonTests {
    /// A whole sequence's manifest: frames at 60 fps scrolling to `offsets`; a drag, a release
    /// aiming at `target`, a scrollViewDidScroll per frame after it, and the end of deceleration.
    static func manifest(offsets: [Double], target: Double) -> [String: Any] {
        var manifest = PartialComparisonTests.manifest(offsets: offsets)
        func event(_ name: String, _ time: Double, _ y: Double, _ extra: [String: Any] = [:]) -> [String: Any] {
            ["time": time, "name": name, "selector": name + ":", "contentOffset": ["x": 0, "y": y], "zoomScale": 1].merging(extra) { $1 }
        }
        var events = [event("scrollViewWillBeginDragging", 0, 0),
                      event("scrollViewWillEndDragging", 0, 0, ["velocity": ["x": 0, "y": 0.3], "targetContentOffset": ["x": 0, "y": target],
                                                                "proposedTargetContentOffset": ["x": 0, "y": target]])]
        events += offsets.enumerated().dropFirst().map { index, y in event("scrollViewDidScroll", Double(index) / 60, y) }
        events.append(event("scrollViewDidEndDecelerating", Double(offsets.count - 1) / 60, offsets.last!))
        manifest["events"] = events
        return manifest
    }

    static func compare(_ expected: [String: Any], _ actual: [String: Any], tolerance: Double) throws -> DiffReport {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let golden = try PartialComparisonTests.folder(expected, at: "\(root)/golden", frames: false)
        let out = try PartialComparisonTests.folder(actual, at: "\(root)/out", frames: false)
        return try FrameDiffer.compare(expected: golden, actual: out, offsetTolerance: tolerance)
    }

    static var golden: [String: Any] { manifest(offsets: [0, 10, 18, 24, 27, 28], target: 28) }
    /// The same fling a little faster: a frame longer, one more scrollViewDidScroll, within 2 pt.
    static var longer: [String: Any] { manifest(offsets: [0, 11, 19.5, 25.5, 28.5, 29.5, 30], target: 30) }

    @Test func aFlingAFrameLongerWithinTheToleranceMatches() throws {
        let report = try Self.compare(Self.golden, Self.longer, tolerance: 2)
        #expect(report.passed, "\(report.text)")
        let motion = try #require(report.motion)
        // Seven times compared: the golden's last frame (its rest, 28) held against the extra frame (30).
        #expect(motion.comparedFrames == 0..<7 && motion.largestOffsetDifference == 2)
        #expect(report.notes.contains { $0.contains("the motion lasts 6 frames expected, 7 actual") })
        #expect(report.text.hasPrefix("motion equal within 2 pt (7 frames and the delegate callbacks)"), "\(report.text)")
        #expect(report.resultSentence == "equal (the motion of 7 frames and its callbacks)")
    }

    @Test func beyondTheToleranceTheFirstPartingLeads() throws {
        let report = try Self.compare(Self.golden, Self.longer, tolerance: 0)
        #expect(!report.passed)
        #expect(report.motion?.firstParting?.index == 1)
        #expect(report.text.hasPrefix("motion parts at frame 1 (t = 0.017 s): contentOffset expected (0, 10), actual (0, 11); largest offset difference 2 pt"),
                "\(report.text)")
        #expect(report.differences == "motion parts at frame 1 (t = 0.017 s): contentOffset expected (0, 10), actual (0, 11); delegate callbacks differ")
        // At 1.5 pt the offsets hold until the rest is held against the extra frame (28 against 30).
        let atRest = try Self.compare(Self.golden, Self.longer, tolerance: 1.5)
        #expect(atRest.motion?.firstParting?.index == 6 && atRest.motion?.firstParting?.expected.y == 28, "\(atRest.text)")
    }

    /// Callbacks compare by kind and order: a missing release fails whatever the tolerance, a
    /// target beyond it fails, naming the number.
    @Test func callbacksCompareByKindOrderAndNumbers() throws {
        var noRelease = Self.longer
        noRelease["events"] = (noRelease["events"] as! [[String: Any]]).filter { $0["name"] as? String != "scrollViewWillEndDragging" }
        let missing = try Self.compare(Self.golden, noRelease, tolerance: 1000)
        #expect(!missing.passed)
        #expect(missing.motion?.callbackSentence == "delegate callbacks differ at callback 2 (t = 0 s): expected scrollViewWillEndDragging, actual scrollViewDidScroll",
                "\(missing.text)")
        let farTarget = Self.manifest(offsets: [0, 11, 19.5, 25.5, 28.5, 29.5, 30], target: 40)
        let far = try Self.compare(Self.golden, farTarget, tolerance: 2)
        #expect(far.motion?.callbackSentence == "delegate callbacks differ at callback 2, scrollViewWillEndDragging (t = 0 s): targetContentOffset expected (0, 28), actual (0, 40)",
                "\(far.text)")
    }
}
