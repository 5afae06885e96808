import Foundation
import ScrollRenderKit

/// Bytes in as a device's recording — the offsets CSV `compare-motion` reads, which is also the
/// offsets CSV `recording-to-scenario` reads (its `#` header giving the view and content), and,
/// after a `--touches--` line, that command's touches CSV — through the Kit's readers of recorded
/// logs. A recording read is then compared with a fixed render as `compare-motion` does (with a
/// release instant when it has no phase column), so that no value a reader let through can trap
/// later. Readers take a path, so each input is written to a file first.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(bytes: data, count: size)
    let separator = Data("\n--touches--\n".utf8)
    let split = bytes.range(of: separator)
    let offsets = split.map { bytes[..<$0.lowerBound] } ?? bytes[...]
    try? Data(offsets).write(to: URL(fileURLWithPath: RecordingWork.offsets))
    if let split { try? Data(bytes[split.upperBound...]).write(to: URL(fileURLWithPath: RecordingWork.touches)) }
    if let recorded = try? RecordedMotion.read(path: RecordingWork.offsets) {
        precondition(recorded.writes.count >= 2, "a recording of fewer than two writes was read")
        precondition(zip(recorded.writes, recorded.writes.dropFirst()).allSatisfy { $0.time <= $1.time && $1.time.isFinite },
                     "a recording whose times go back was read")
        if let manifest = RecordingWork.manifest {
            let release = recorded.hasPhases ? nil : recorded.writes[recorded.writes.count / 2].time
            _ = try? RecordedMotionComparison(recorded: recorded, manifest: manifest, release: release)
        }
    }
    if let scenario = try? RecordingScenario(offsets: RecordingWork.offsets, touches: split == nil ? nil : RecordingWork.touches) {
        precondition([scenario.viewSize.width, scenario.viewSize.height, scenario.contentSize.width, scenario.contentSize.height,
                      scenario.scale, scenario.startOffset].allSatisfy(\.isFinite), "a recording's geometry is not finite")
        precondition(!scenario.gestures.isEmpty && scenario.gestures.allSatisfy { gesture in
            gesture.samples.allSatisfy { $0.count == 3 && $0.allSatisfy(\.isFinite) }
        }, "a recording's gesture has no samples, or samples that are not finite")
    }
    return 0
}

enum RecordingWork {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollrender-fuzz-recording-\(getpid())").path
    static var offsets: String { folder + "/offsets.csv" }
    static var touches: String { folder + "/touches.csv" }
    /// A fling's render, to compare every recording read with: its manifest
    /// (`FUZZ_RECORDING_MANIFEST`; Scripts/fuzz.sh names Fuzz/seeds/manifest/fling.json).
    nonisolated(unsafe) static var manifest: Manifest?
}

func prepareRecordingFuzzing() {
    try? FileManager.default.createDirectory(atPath: RecordingWork.folder, withIntermediateDirectories: true)
    if let path = ProcessInfo.processInfo.environment["FUZZ_RECORDING_MANIFEST"] {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))).map(Array.init) ?? []
        RecordingWork.manifest = try? Manifest.decode(bytes, path: path)
        precondition(RecordingWork.manifest != nil, "FUZZ_RECORDING_MANIFEST is not a manifest: \(path)")
    }
}
