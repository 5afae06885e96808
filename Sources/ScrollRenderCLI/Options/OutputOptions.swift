import ArgumentParser
import ScrollRenderKit

/// Where and how frames are written. Values are optional so that they override a scenario's.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Frames per second (default 60).", valueName: "N"))
    var fps: Double?

    @Option(help: ArgumentHelp("Seconds of still frames after everything has come to rest (default 0.25).", valueName: "SECONDS"))
    var hold: Double?

    @Option(help: ArgumentHelp("Write frames with zlib at this level, 0–9 (smaller files, slower); default: scrollrender's fast encoder.", valueName: "LEVEL"))
    var compression: Int?

    @Flag(help: "Write RGBA frames; the background may then be transparent.")
    var transparent = false

    @Flag(help: "Replace the frames and manifest of an earlier run in OUTDIR.")
    var force = false

    @Flag(help: "No progress bar and no summary.")
    var quiet = false

    @Flag(help: "Print the manifest to stdout.")
    var json = false

    @Flag(help: "Print each delegate callback to stderr as an iOS log line shows it.")
    var trace = false

    @Option(help: ArgumentHelp("Frame workers (default: the number of cores).", valueName: "N"))
    var threads: Int?

    @Option(name: .customLong("max-memory"), help: ArgumentHelp("The most memory the run may plan to use, in MB (default: 3/4 of physical memory).", valueName: "MB"))
    var maxMemory: Int?

    @Option(name: .customLong("max-pixels"), help: ArgumentHelp("Refuse pictures with more pixels than this (default 268435456).", valueName: "N"))
    var maxPixels: Int?

    func apply(to settings: inout RenderSettings) {
        if let fps { settings.fps = fps }
        if let hold { settings.hold = hold }
        if let compression { settings.compressionLevel = compression }
        if transparent { settings.transparent = true }
    }

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1, not \(threads)") }
        if let maxMemory, maxMemory < 1 { throw ValidationError("--max-memory must be at least 1 MB, not \(maxMemory)") }
        if let maxPixels, maxPixels < 1 { throw ValidationError("--max-pixels must be at least 1, not \(maxPixels)") }
    }
}
