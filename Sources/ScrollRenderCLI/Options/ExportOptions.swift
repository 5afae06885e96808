import ArgumentParser
import ScrollRenderKit

/// What to make from the frames with ffmpeg: shared by a render's `--export` and `scrollrender export`.
struct ExportOptions: ParsableArguments {
    @Option(name: .customLong("export-width"), parsing: .unconditional,
            help: ArgumentHelp("Scale exports to this width in pixels, keeping the aspect ratio.", valueName: "W"))
    var width: Int?

    @Option(name: .customLong("max-size"), parsing: .unconditional,
            help: ArgumentHelp("Fit each export in this size (like 10MB or 500KB; a GIF fits 10MB unless told, none for full size): the width, frame rate and colours are chosen from a sample encode, and the file encoded once.", valueName: "SIZE|none"))
    var maxSize: String?

    @Flag(help: "Print each ffmpeg command before it runs.")
    var verbose = false

    /// One request per file, each checked where it is built.
    func requests(_ paths: [String]) throws(ScrollRenderError) -> [ExportRequest] {
        let budget = try maxSize.flatMap { text throws(ScrollRenderError) in text == "none" ? nil : try ByteCount(text) }
        return try paths.map { path throws(ScrollRenderError) in
            try ExportRequest(path: path, width: width, maximumSize: budget, defaultBudget: maxSize == nil)
        }
    }
}
