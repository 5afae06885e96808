import Foundation
import ScrollRenderKit

/// The line a finished render leaves on stderr, and the manifest for `--json`.
enum RenderSummary {
    static func print(_ manifest: Manifest, folder: String, elapsed: Duration, shard: String? = nil) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(manifest.frameCount) / seconds : 0
        var standardError = StandardError()
        guard let range = manifest.frameRange else {
            Swift.print("scrollrender: \(shard.map { "shard \($0)" } ?? "the selection") is empty: the sequence has only \(manifest.totalFrames) frames; \(folder) holds just manifest.json",
                        to: &standardError)
            return
        }
        let part = manifest.partial ? " (frames \(range.first)-\(range.last) of \(manifest.totalFrames))" : ""
        Swift.print("""
            scrollrender: wrote \(manifest.frameCount) frames\(part) of \(manifest.pixelWidth)×\(manifest.pixelHeight) \
            (\(String(format: "%.2f", Double(manifest.frameCount) / manifest.fps)) s at \(formatted(manifest.fps)) fps) \
            to \(folder) in \(String(format: "%.2f", seconds)) s, \(String(format: "%.0f", rate)) frames/s
            """, to: &standardError)
        Swift.print(manifest.partial ? "Join the parts with: scrollrender merge OUT \(folder) …" : "GIF: \(manifest.ffmpeg.gif)",
                    to: &standardError)
    }

    static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
