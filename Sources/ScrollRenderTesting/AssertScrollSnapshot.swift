import FileSystem
import FrameDiff
import Geometry
import ScrollRenderKit
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// How different frames may be and still match: `scrollrender diff`'s `--tolerance`,
/// `--max-diff-pixels` and `--max-diff-ratio`.
public typealias SnapshotTolerance = DiffTolerance

/// Renders `settings`' motion over `image` and compares it with the golden in
/// `__Snapshots__/<test name>/` beside the calling file: `nil` when they match, else the failure
/// message, which leads with where the motion parts. `masks`, in points, are left out of every
/// frame (`scrollrender diff --mask`). For any test framework.
public func verifyScrollSnapshot(
    of image: String, settings: RenderSettings, named name: String? = nil, tolerance: DiffTolerance = .exact,
    masks: [Rect] = [], record: ScrollSnapshot.Record? = nil, snapshotsFolder: String? = nil,
    filePath: String = #filePath, function: String = #function
) throws -> String? {
    var snapshot = ScrollSnapshot(image: image, settings: settings, name: name, filePath: filePath, function: function,
                                  snapshotsFolder: snapshotsFolder)
    snapshot.tolerance = tolerance
    snapshot.masks = masks
    snapshot.record = record
    return try snapshot.verify()
}

/// ``verifyScrollSnapshot(of:settings:named:tolerance:masks:record:snapshotsFolder:filePath:function:)``
/// that fails the running test — a Swift Testing issue or an XCTest failure — with its message.
public func assertScrollSnapshot(
    of image: String, settings: RenderSettings, named name: String? = nil, tolerance: DiffTolerance = .exact,
    masks: [Rect] = [], record: ScrollSnapshot.Record? = nil, snapshotsFolder: String? = nil,
    file: StaticString = #filePath, function: String = #function, line: UInt = #line, column: UInt = #column
) throws {
    var snapshot = ScrollSnapshot(image: image, settings: settings, name: name, filePath: "\(file)", function: function,
                                  snapshotsFolder: snapshotsFolder)
    snapshot.tolerance = tolerance
    snapshot.masks = masks
    snapshot.record = record
    _ = try snapshot.check(failingTestAt: TestIssueReporter.Location(file: file, line: line, column: column))
}

/// Renders `settings`' motion over `image` and compares only the motion — every frame's
/// `contentOffset` (within `offsetTolerance` points) and `zoomScale`, and the delegate callbacks
/// in order — with a motion golden in `__Snapshots__/<test name>-motion/manifest.json` beside the
/// calling file: a few kilobytes, no frames. Fails the running test with what parts first.
public func assertScrollMotion(
    of image: String, settings: RenderSettings, named name: String? = nil, offsetTolerance: Double = 0,
    record: ScrollSnapshot.Record? = nil, snapshotsFolder: String? = nil,
    file: StaticString = #filePath, function: String = #function, line: UInt = #line, column: UInt = #column
) throws {
    _ = try ScrollSnapshot.motion(of: image, settings: settings, named: name, offsetTolerance: offsetTolerance, record: record,
                                  snapshotsFolder: snapshotsFolder, filePath: "\(file)", function: function)
        .check(failingTestAt: TestIssueReporter.Location(file: file, line: line, column: column))
}

/// ``assertScrollMotion(of:settings:named:offsetTolerance:record:snapshotsFolder:file:function:line:column:)``
/// returning the failure message instead, for any test framework.
public func verifyScrollMotion(
    of image: String, settings: RenderSettings, named name: String? = nil, offsetTolerance: Double = 0,
    record: ScrollSnapshot.Record? = nil, snapshotsFolder: String? = nil,
    filePath: String = #filePath, function: String = #function
) throws -> String? {
    try ScrollSnapshot.motion(of: image, settings: settings, named: name, offsetTolerance: offsetTolerance, record: record,
                              snapshotsFolder: snapshotsFolder, filePath: filePath, function: function).verify()
}

extension ScrollSnapshot {
    /// A snapshot of the motion alone, in a golden named after the test and `-motion`.
    static func motion(of image: String, settings: RenderSettings, named name: String?, offsetTolerance: Double,
                       record: Record?, snapshotsFolder: String?, filePath: String, function: String) -> ScrollSnapshot {
        var snapshot = ScrollSnapshot(image: image, settings: settings, name: name ?? folderName(function) + "-motion",
                                      filePath: filePath, function: function, snapshotsFolder: snapshotsFolder)
        snapshot.motionOnly = true
        snapshot.offsetTolerance = offsetTolerance
        snapshot.record = record
        return snapshot
    }
}
