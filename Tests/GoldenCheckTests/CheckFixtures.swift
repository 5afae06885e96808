import FileSystem
import FrameDiff
import Foundation
import GoldenCheck
import Geometry
import ScrollPhysics
import ScrollRenderKit
import _ScrollRenderTestSupport

/// Small renders for the check's tests: a 60×90-point view at 10 frames a second over the sample
/// picture, and a folder that removes itself.
enum CheckFixtures {
    static let picture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleImages/tesla.jpg").path

    static func fling(_ velocity: Double, indicators: String? = nil) throws -> RenderSettings {
        var settings = RenderSettings()
        try settings.set(.size, to: .size(Size(width: 60, height: 90)))
        try settings.set(.scale, to: .number(1))
        try settings.set(.fps, to: .number(10))
        if let indicators { try settings.set(.indicators, to: .text(indicators)) }
        settings.steps = [.at(0, .fling(velocity: Point(x: 0, y: velocity)))]
        return settings
    }

    /// A new empty folder, removed by `body`'s end.
    static func inFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = TestFiles.scratch.appendingPathComponent("golden-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    /// The check of `settings` rendered over the sample picture against `golden`.
    static func check(_ settings: RenderSettings, golden: String, record: RecordMode = .never, name: String = "case") -> GoldenCheck {
        GoldenCheck(name: name, subject: .render(.settings(settings), image: picture, compact: false), golden: golden, record: record)
    }

    /// Runs `check` alone, rendering into `folder/work`.
    static func run(_ check: GoldenCheck, in folder: String) -> CheckResult {
        check.run(CheckContext(workFolder: FileSystem.join(folder, "work-\(UUID().uuidString)")))
    }
}
