import ArgumentParser
import ScrollRenderKit

/// What to make from the frames: shared by a render's `--export` and `scrollrender export`.
struct ExportOptions: ParsableArguments {
    @Option(name: .customLong("export-width"), parsing: .unconditional,
            help: ArgumentHelp("Scale exports to this width in pixels, keeping the aspect ratio.", valueName: "W"))
    var width: Int?

    @Option(name: .customLong("export-scale"), parsing: .unconditional,
            help: ArgumentHelp("Scale exports to S pixels per point of the view (a device's render: 1 by default, the size a pull request shows a phone at).", valueName: "S"))
    var scale: Double?

    @Option(name: .customLong("max-size"), parsing: .unconditional,
            help: ArgumentHelp("Fit each export in this size (like 10MB or 500KB; a GIF or WebP fits 10MB unless told, none for the frames' full size): the width, frame rate and colours are chosen from a sample encode, and the file encoded once.", valueName: "SIZE|none"))
    var maxSize: String?

    @Option(name: .customLong("export-fps"), parsing: .unconditional,
            help: ArgumentHelp("The exports' frame rate (default: the render's, up to 60 for a device's; a GIF shows the nearest of 50, 33.3, 25, 20…).", valueName: "N"))
    var fps: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("A GIF's palette size, 2 to 255 (default 255, fewer if --max-size needs).", valueName: "N"))
    var colors: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Repeat N times after the first play; 0 (default) for ever, none to play once (GIF, WebP, APNG).", valueName: "N|none"))
    var loop: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Playback speed: 0.5 is slow motion at half speed, 2 twice as fast.", valueName: "S"))
    var speed: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Export from this time of the sequence, in seconds.", valueName: "SECONDS"))
    var from: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Export up to this time of the sequence, in seconds.", valueName: "SECONDS"))
    var to: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("A title line above the device, as frameit and vhs put one (DejaVu Sans Bold through FreeType, on the --corners colour or white).", valueName: "TEXT"))
    var title: String?

    @Option(name: .customLong("lead-in"), parsing: .unconditional, help: ArgumentHelp("Hold the first frame still this long before the motion starts.", valueName: "SECONDS"))
    var leadIn: Double?

    @Flag(help: "Print each ffmpeg command before it runs.")
    var verbose = false

    /// One request per file, each checked where it is built; `fps` is `export`'s own `--fps`.
    func requests(_ paths: [String], fps other: Double? = nil) throws(ScrollRenderError) -> [ExportRequest] {
        let budget = try maxSize.flatMap { text throws(ScrollRenderError) in text == "none" ? nil : try ByteCount(text) }
        let controls = ExportControls(scale: scale, fps: fps ?? other, colors: colors, loop: try loopCount(), speed: speed ?? 1, from: from, to: to,
                                      title: title, leadIn: leadIn ?? 0)
        let requests = try paths.map { path throws(ScrollRenderError) in
            try ExportRequest(path: path, width: width, maximumSize: budget, defaultBudget: maxSize == nil, controls: controls)
        }
        try Self.checkApplies(requests, colors: colors != nil, loop: loop != nil)
        return requests
    }

    /// `--loop`: a count of repeats, 0 for ever, or none.
    private func loopCount() throws(ScrollRenderError) -> ExportLoop {
        guard let loop else { return .forever }
        if loop == "none" { return .once }
        guard let count = Int(loop), count >= 0 else {
            throw .invalidValue(InvalidOptionValue(.loop, given: loop, allowed: .range(0...Double(ExportLoop.maximumRepeats))))
        }
        return count == 0 ? .forever : .repeats(count)
    }

    /// `--colors` and `--loop` say something of a file only when one is a GIF (or for a loop,
    /// a WebP or APNG): given for videos alone, they are a mistake.
    private static func checkApplies(_ requests: [ExportRequest], colors: Bool, loop: Bool) throws(ScrollRenderError) {
        guard !requests.isEmpty else { return }
        if colors && !requests.contains(where: { $0.format == .gif }) {
            throw .conflictingOptions(.noExportTakes(.colors))
        }
        if loop && !requests.contains(where: { $0.format.loops }) {
            throw .conflictingOptions(.noExportTakes(.loop))
        }
    }
}
