import FileSystem
import Foundation
import FrameDiff
import GoldenCheck
import Geometry
import ScrollRenderKit
import TextFormat

/// Snapshot tests of scroll *motion* for Swift test suites on Linux (Swift Testing and XCTest):
/// render a scroll view's motion over a picture and compare every frame, by decoded pixels, with a
/// golden sequence stored beside the test file in `__Snapshots__/<test name>/`, with the tolerances,
/// record modes and HTML report of `scrollrender diff`.
///
/// ```swift
/// @Test func flingBounces() throws {
///     var settings = RenderSettings()
///     settings.steps = [.at(0, .touches(.fling(velocity: Point(x: 0, y: 3000))))]
///     try assertScrollSnapshot(of: "Fixtures/photo.jpg", settings: settings)
/// }
/// ```
public struct ScrollSnapshot: Sendable {
    /// When the golden may be (re)written: ``RecordMode``, the policy `scrollrender diff --record`
    /// follows. Unset, `SCROLLRENDER_RECORD` decides, else `missing` — except under CI, where only
    /// a mode given in the code records.
    public typealias Record = RecordMode

    /// The picture scrolled.
    public var image: String
    public var settings: RenderSettings
    /// The golden's name: its folder under `__Snapshots__`.
    public var name: String
    /// The test function's name, which `swift test --filter` selects (the golden's name when not
    /// known): a motion golden's folder is the test's name and `-motion`, which no test is named.
    public var testName: String?
    public var tolerance: DiffTolerance = .exact
    /// Rectangles in points left out of every frame — a clock, an avatar — as `diff --mask`.
    public var masks: [Rect] = []
    /// Compare and record the motion alone — every frame's `contentOffset` and `zoomScale`, and
    /// the delegate callbacks — in a golden holding only `manifest.json` (kilobytes, no frames).
    public var motionOnly = false
    /// With ``motionOnly``: how far each frame's `contentOffset` may part, in points.
    public var offsetTolerance = 0.0
    /// Frame goldens made for review (``RenderSettings/compactForReview()``, as `scrollrender test`
    /// makes them): at most 20 frames a second, 1 pixel per point unless the settings give a
    /// scale. The motion is the same; only its sampling and resolution change.
    public var compact = true

    /// `nil`: from the environment (see ``Record``).
    public var record: Record?
    /// Where goldens live: `__Snapshots__` beside the test file unless given.
    public var snapshotsFolder: String

    public init(image: String, settings: RenderSettings, name: String, snapshotsFolder: String) {
        (self.image, self.settings, self.name, self.snapshotsFolder) = (image, settings, name, snapshotsFolder)
    }

    /// A snapshot of the test at `filePath`: a relative `image` and the goldens (in
    /// `__Snapshots__/<test name>/` unless `snapshotsFolder` says) are found beside the test file,
    /// as swift-snapshot-testing finds its snapshots, whatever the working directory.
    public init(image: String, settings: RenderSettings, name: String?, filePath: String, function: String, snapshotsFolder: String?) {
        let folder = FileSystem.parent(of: filePath)
        self.init(image: image.hasPrefix("/") ? image : FileSystem.join(folder, image), settings: settings,
                  name: name ?? Self.folderName(function),
                  snapshotsFolder: snapshotsFolder ?? FileSystem.join(folder, "__Snapshots__"))
        testName = Self.folderName(function)
    }

    /// The command that approves a failure: the test run again, recording what failed.
    public var approveCommand: String {
        "SCROLLRENDER_RECORD=failed swift test --filter \(testName ?? name)"
    }

    /// The golden sequence's folder.
    public var goldenFolder: String { FileSystem.join(snapshotsFolder, name) }

    /// Renders and compares: `nil` when the frames match the golden, else what a failing test
    /// should say (a difference, with the report's path, or that a golden was recorded).
    public func verify() throws -> String? {
        try check(failingTestAt: nil)
    }

    /// The golden check of this snapshot; returns the failing test's message, and with `location`
    /// fails the running test with it there too. The work folder — the actual frames and the
    /// report — is kept only when the test fails, for the message names them.
    func check(failingTestAt location: TestIssueReporter.Location?) throws -> String? {
        let mode = try RecordMode.resolve(explicit: record, environment: ProcessInfo.processInfo.environment, otherwise: .missing).mode
        let work = FileSystem.join(FileManager.default.temporaryDirectory.path, "scrollrender-snapshots/\(name)-\(UUID().uuidString)")
        try FileSystem.makeSnapshotFolders(work)
        var check = GoldenCheck(name: "actual", subject: .render(.settings(settings), image: image, compact: compact && !motionOnly),
                                golden: goldenFolder, options: ComparisonOptions(tolerance: tolerance, masks: masks, offsetTolerance: offsetTolerance),
                                record: mode)
        check.newGolden = motionOnly ? .motion : .frames
        check.approve = approveCommand
        let page = try HTMLReporter(path: FileSystem.join(work, "report"), layout: .page(title: "Scroll snapshot \"\(name)\"", always: false),
                                    naming: \.words)
        let words = SnapshotWords(snapshot: self, mode: mode, report: page)
        let issues = location.map { TestIssueReporter(location: $0, words: words) }
        let run = try CheckRunner(reporters: Reporters([page as any CheckReporter] + [issues].compactMap { $0 }), context: CheckContext(workFolder: work))
            .run([check], name: name)
        let message = words.message(run.results[0])
        if case .failed(let failure) = run.results[0].outcome { throw failure }
        if message == nil || run.results[0].recorded != nil { try? FileManager.default.removeItem(atPath: work) }
        return message
    }

    /// `flingBounces()` → `flingBounces`: a test function's name as a folder name.
    static func folderName(_ function: String) -> String {
        let base = function.split(separator: "(").first.map(String.init) ?? function
        let safe = base.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" ? Character($0) : "_" }
        return safe.isEmpty ? "snapshot" : String(safe)
    }
}

/// A snapshot that could not be made: a folder that cannot be created.
public struct ScrollSnapshotError: Error, CustomStringConvertible {
    public let description: String
}

extension FileSystem {
    /// `makeFolders`, failing in the library's public error.
    static func makeSnapshotFolders(_ path: String) throws(ScrollSnapshotError) {
        do throws(FileSystemError) { try makeFolders(path) } catch {
            throw ScrollSnapshotError(description: "\(error.path): cannot create: \(error.reason)")
        }
    }
}
