import Foundation
import ScrollRenderKit

/// Bytes in, a range-checked `Manifest` or a thrown error out, as export, merge and record read a
/// frame folder's `manifest.json`. A manifest that passes is then used as those commands use it
/// (its frame numbers, sizes and times), so that no number it let through can trap later.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let manifest = try? Manifest.decode(bytes, path: "fuzz/manifest.json") else { return 0 }
    let pixels = manifest.pixelWidth * manifest.pixelHeight * 4
    precondition(pixels > 0, "a checked manifest has frames of no pixels")
    let duration = Double(manifest.totalFrames) / manifest.fps
    precondition(duration.isFinite, "a checked manifest has no finite duration")
    if let range = manifest.frameRange { precondition(range.frames.count == range.last - range.first + 1) }
    for frame in manifest.frames {
        _ = Int(frame.time * manifest.fps) + Int(frame.contentOffset.x.rounded()) + Int(frame.contentOffset.y.rounded())
    }
    _ = try? manifest.jsonBytes()
    return 0
}
