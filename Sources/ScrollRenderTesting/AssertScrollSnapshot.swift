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
    try failing(file: file, line: line, column: column) { filePath throws in
        try verifyScrollSnapshot(of: image, settings: settings, named: name, tolerance: tolerance, masks: masks, record: record,
                                 snapshotsFolder: snapshotsFolder, filePath: filePath, function: function)
    }
}

/// Runs `verify` with the test file's path and fails the running test — a Swift Testing issue or
/// an XCTest failure — with the message it returns, if any.
private func failing(file: StaticString, line: UInt, column: UInt, _ verify: (String) throws -> String?) throws {
    let filePath = "\(file)"
    guard let message = try verify(filePath) else { return }
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: SourceLocation(
            fileID: filePath, filePath: filePath, line: Int(line), column: Int(column)))
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: file, line: line)
    #endif
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
    try failing(file: file, line: line, column: column) { filePath throws in
        try verifyScrollMotion(of: image, settings: settings, named: name, offsetTolerance: offsetTolerance, record: record,
                               snapshotsFolder: snapshotsFolder, filePath: filePath, function: function)
    }
}

/// ``assertScrollMotion(of:settings:named:offsetTolerance:record:snapshotsFolder:file:function:line:column:)``
/// returning the failure message instead, for any test framework.
public func verifyScrollMotion(
    of image: String, settings: RenderSettings, named name: String? = nil, offsetTolerance: Double = 0,
    record: ScrollSnapshot.Record? = nil, snapshotsFolder: String? = nil,
    filePath: String = #filePath, function: String = #function
) throws -> String? {
    var snapshot = ScrollSnapshot(image: image, settings: settings, name: name ?? ScrollSnapshot.folderName(function) + "-motion",
                                  filePath: filePath, function: function,
                                  snapshotsFolder: snapshotsFolder)
    snapshot.motionOnly = true
    snapshot.offsetTolerance = offsetTolerance
    snapshot.record = record
    return try snapshot.verify()
}

