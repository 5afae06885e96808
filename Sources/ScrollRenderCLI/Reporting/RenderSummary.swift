import TextFormat
import Foundation
import ScrollRenderKit

/// The line a finished render leaves on stderr, and the manifest for `--json`.
enum RenderSummary {
    /// `exported`: the exports' results, whose notes say what each file is and why.
    static func print(_ manifest: Manifest, folder: String, elapsed: Duration, exporting: Duration? = nil, shard: String? = nil,
                      exported: [Exporter.Result] = []) {
        let seconds = elapsed.seconds
        let rate = seconds > 0 ? Double(manifest.frameCount) / seconds : 0
        guard let range = manifest.frameRange else {
            StandardError.line("scrollrender: \(shard.map { "shard \($0)" } ?? "the selection") is empty: the sequence has only \(manifest.totalFrames) frames; \(folder) holds just manifest.json")
            return
        }
        let part = manifest.partial ? " (frames \(range.first)-\(range.last) of \(manifest.totalFrames))" : ""
        StandardError.line("""
            scrollrender: wrote \(manifest.frameCount) frames\(part) of \(manifest.pixelWidth)×\(manifest.pixelHeight) \
            (\(String(format: "%.2f", Double(manifest.frameCount) / manifest.fps)) s at \(TextFormat.number(manifest.fps)) fps) \
            to \(folder) in \(String(format: "%.2f", seconds)) s, \(String(format: "%.0f", rate)) frames/s
            """)
        let exports = manifest.exports ?? []
        for result in exported { StandardError.line(line(for: result)) }
        if let exporting, !exports.isEmpty {
            StandardError.line("scrollrender: \(exports.count == 1 ? "the export" : "the \(exports.count) exports") took \(String(format: "%.2f", exporting.seconds)) s")
        }
        if manifest.partial {
            // Shards are parts to join; a selection (--frames 0: the manifest for compare-motion) is not.
            if shard != nil { StandardError.line("Join the parts with: scrollrender merge OUT \(folder) …") }
        } else if manifest.exports == nil {
            StandardError.line("GIF: scrollrender export \(folder) out.gif (or --export out.gif on the render)")
        }
    }

    /// `scrollrender: wrote demo.gif: 3.8 MB, 402×874 (1 px per point, …), 50 fps (…), …`: the
    /// file's one note, its options named as flags.
    static func line(for result: Exporter.Result) -> String {
        "scrollrender: wrote " + result.note(naming: \.flag)
    }
}

extension Duration {
    /// In seconds, for rates and reports.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
