import Foundation
import Raster
import Testing
@testable import FrameDiff

@Suite struct DiffReportTests {
    @Test func jsonRoundTripsAndHasStableKeys() throws {
        let expected = Fixtures.picture()
        let actual = Fixtures.changing(expected, x: 4, y: 5, red: 12)
        let comparison = ImageComparison(expected: expected, actual: actual,
                                         tolerance: DiffTolerance(channel: 1, differingPixels: .ratio(0.001)))
        let report = DiffReport(comparison, expected: "a.png", actual: "b.png")
        let json = report.json()
        let decoded = try JSONDecoder().decode(DiffReport.self, from: Data(json.utf8))
        #expect(decoded == report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        #expect(object["kind"] as? String == "images")
        let tolerance = try #require(object["tolerance"] as? [String: Any])
        #expect(tolerance["channel"] as? Int == 1)
        #expect(tolerance["maxDiffRatio"] as? Double == 0.001)
        let frames = try #require(object["frames"] as? [[String: Any]])
        #expect(frames.first?["largestChannelDifference"] as? Int == 12)
        #expect(frames.first?["differingPixels"] as? Int == 1)
        #expect(frames.first?["status"] as? String == "different")
        #expect((frames.first?["boundingBox"] as? [String: Int]) == ["x": 4, "y": 5, "width": 1, "height": 1])
    }

    @Test func toleranceDescriptions() {
        #expect(DiffTolerance.exact.description == "channel difference ≤ 0, at most 0 differing pixels per frame")
        #expect(DiffTolerance(channel: 3, differingPixels: .count(1)).description == "channel difference ≤ 3, at most 1 differing pixel per frame")
        #expect(DiffTolerance(differingPixels: .ratio(0.005)).description == "channel difference ≤ 0, at most 0.5 % differing pixels per frame")
    }

    @Test func percentages() {
        #expect(DiffReport.percent(0) == "0 %")
        #expect(DiffReport.percent(1) == "100 %")
        #expect(DiffReport.percent(1.0 / 2_962_440) == "3.38e-05 %")
        #expect(DiffReport.percent(0.125) == "12.5 %")
    }
}
