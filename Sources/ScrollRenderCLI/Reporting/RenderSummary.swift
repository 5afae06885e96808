import Foundation
import ScrollRenderKit

/// The line a finished render leaves on stderr, and the manifest for `--json`.
enum RenderSummary {
    static func print(_ manifest: Manifest, folder: String, elapsed: Duration) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(manifest.frameCount) / seconds : 0
        var standardError = StandardError()
        Swift.print("""
            scrollrender: wrote \(manifest.frameCount) frames of \(manifest.pixelWidth)×\(manifest.pixelHeight) \
            (\(String(format: "%.2f", Double(manifest.frameCount) / manifest.fps)) s at \(formatted(manifest.fps)) fps) \
            to \(folder) in \(String(format: "%.2f", seconds)) s, \(String(format: "%.0f", rate)) frames/s
            GIF: \(manifest.ffmpeg.gif)
            """, to: &standardError)
    }


    static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
