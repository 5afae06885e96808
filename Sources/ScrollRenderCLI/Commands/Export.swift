#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import ScrollRenderKit

/// `scrollrender export FRAMES FILE…`: a GIF, MP4, WebP, APNG or WebM of a frame folder.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Makes GIF or APNG (scrollrender's own encoders), MP4, WebP or WebM (ffmpeg) files of a frame sequence.",
        discussion: """
            Examples:
              scrollrender export out/ demo.gif --max-size 10MB
              scrollrender export out/ demo.mp4 demo.webm --export-width 390
              scrollrender export out/ slow.gif --speed 0.5 --from 0.2 --to 1.4 --loop none

            The format comes from each file's extension. A device's frames are exported at 1 px \
            per point with the device's screen drawn over them, at the render's rate up to 60 fps \
            (an iOS screen recording's). GIF is scrollrender's own encoder: a palette made for the \
            whole sequence and whole-centisecond frame delays, at the nearest rate it shows (60 fps \
            becomes 50, 24 becomes 25); MP4 is H.264 in yuv420p at even sizes, what lies outside the \
            screen's corners filled with the background. Each file's note says what it is and why. Each file is read back before it is kept, and the files appear together, only when all are complete.

            Exit status: 0 written, 64 bad arguments, 65 not a frame folder, 66 missing input, \
            69 ffmpeg not installed (its ffprobe reads every file back), 70 ffmpeg failed, 73 a file cannot be created or cannot fit --max-size.
            """)

    @Argument(help: "A frame folder written by scrollrender (with manifest.json).")
    var frames: String

    @Argument(help: "The files to write: .gif, .mp4, .webp, .apng (or .png) or .webm.")
    var files: [String]

    @OptionGroup(title: "Export")
    var export: ExportOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The same as --export-fps: the files' frame rate.", valueName: "N"))
    var fps: Double?

    @OptionGroup(title: "The device's screen (by default as the render's settings say)")
    var screen: ScreenOptions

    @Flag(help: "No notes, only errors.")
    var quiet = false

    @OptionGroup var memory: MemoryArguments

    func run() throws {
        var requests: [ExportRequest] = [], read: Manifest?
        try reportingErrors { () throws(ScrollRenderError) in
            requests = try export.requests(files, fps: fps)
            try OutputPaths.refuseInputs(outputs: files, inputs: [OutputPaths.Input(frames, "the frame folder")])
            read = try Manifest.read(folder: frames)
        }
        guard var manifest = read else { return }
        manifest.settings = try screen.apply(to: manifest.settings, frames: frames)
        try reportingErrors { () throws(ScrollRenderError) in
            if manifest.partial, !quiet, let range = manifest.frameRange {
                StandardError.line("note: \(frames) holds only frames \(range.first)-\(range.last) of \(manifest.totalFrames) (a shard): exporting those; join the shards with scrollrender merge for the whole sequence")
            }
            var exporter = try Exporter(source: Exporter.Source(folder: frames, manifest: manifest))
            // An export's command may come from a worker thread, which does not see the run's context.
            let context = CommandContext.current
            if export.verbose { exporter.onCommand = { line in CommandContext.$current.withValue(context) { StandardError.line(line) } } }
            // A bar on a terminal; a line every few seconds in a CI log.
            let progress = ProgressBar.standardError(quiet: quiet, activity: "exported")
            exporter.onProgress = { path, done, total in progress.update(file: path, completed: done, total: total) }
            // Cleared before anything else is said, and on the way out of a failure.
            defer { progress.finish() }

            exporter.maximumMemory = memory.bytes
            // Signals are caught from here, where writing may begin: ffmpeg is stopped, its file removed.
            let cancellation = SignalHandling.cancellationOnInterrupt()
            let results = try exporter.export(requests, cancellation: cancellation)
            progress.finish()
            for result in results where !quiet { StandardError.line(RenderSummary.line(for: result)) }
        }
    }
}
