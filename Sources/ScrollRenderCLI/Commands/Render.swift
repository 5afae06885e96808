import Synchronization
import ArgumentParser
import Foundation
import ImageCodecs
import ScrollPhysics
import ScrollRenderKit
import TextFormat
import _AllocatorShims

/// `scrollrender [options] IMAGE OUTDIR`: the job scrollrender exists for.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Renders a scroll view's motion over IMAGE as OUTDIR/frame_00000.png, … and manifest.json.",
        discussion: Scrollrender.examples)

    @Argument(help: "The picture to scroll (JPEG or PNG).")
    var image: String

    @Argument(help: "The folder to write (must not exist or be empty, unless --force).")
    var outdir: String

    @Option(help: ArgumentHelp("A scenario file: settings and a timeline of steps (see Examples/). Options given here override its settings.", valueName: "FILE.json"))
    var scenario: String?

    @Option(name: .customLong("path-file"),
            help: ArgumentHelp("A touch or trackpad log the scenario may name outside its own folder (repeatable); a scenario reads logs only from its folder otherwise.", valueName: "FILE"))
    var pathFiles: [String] = []

    @OptionGroup(title: "Gestures (run one after another, in the order given)")
    var gestures: GestureOptions

    @OptionGroup(title: "Settings (each is also a scenario's settings key; --no-X turns a flag off)")
    var settings: SettingOptions

    @OptionGroup(title: "Output")
    var output: OutputOptions

    @Option(name: .customLong("export"), parsing: .singleValue,
            help: ArgumentHelp("Also make this file from the frames: .gif or .apng (scrollrender's own encoders), .mp4, .webp or .webm (ffmpeg) (repeatable).", valueName: "FILE"))
    var exportFiles: [String] = []

    @OptionGroup(title: "Export")
    var export: ExportOptions

    func run() throws {
        try run(arguments: Array(CommandLine.arguments.dropFirst()))
    }

    /// Renders; `arguments`, which ArgumentParser parsed into this command, give the gestures' order.
    func run(arguments: [String]) throws {
        // Frames drawn alone allocate and free the same blocks of megabytes: keep them (allocator.c).
        _ = sr_reuse_frame_blocks()
        let request = try self.request(gestures: GestureArguments.steps(gestures, arguments: arguments),
                                       given: SettingArguments.values(settings))
        let progress = ProgressBar.standardError(quiet: output.quiet, activity: "rendered")
        let cancellation = SignalHandling.cancellationOnInterrupt()
        let clock = ContinuousClock()
        let start = clock.now
        let exportsBegan = Mutex<ContinuousClock.Instant?>(nil)
        let exported = Mutex<[Exporter.Result]>([])
        var manifest: Manifest?
        var json: [UInt8] = []
        var session = RenderSession(request)
        // Notes and commands may come from worker threads, which do not see the run's context.
        let context = CommandContext.current
        if !output.quiet {
            session.onNote = { note in
                progress.finish()
                CommandContext.$current.withValue(context) { StandardError.line("scrollrender: " + TextFormat.naming(note) { NamedTerm(marked: $0).flag }) }
            }
        }
        if export.verbose { session.onExportCommand = { line in CommandContext.$current.withValue(context) { StandardError.line(line) } } }
        session.onExportsBegin = { exportsBegan.withLock { $0 = ContinuousClock.now } }
        session.onExported = { results in exported.withLock { $0 = results } }
        session.onExportProgress = { path, done, total in progress.update(file: path, completed: done, total: total) }
        try reportingErrors { () throws(ScrollRenderError) in
            manifest = try session.run(progress: progress.update, cancellation: cancellation)
            if output.json { json = try manifest!.jsonBytes() }
        }
        guard let manifest else { return }
        progress.finish()
        let end = clock.now
        // The frames' time and the exports' apart: frames/s counts the frames' alone.
        let split = exportsBegan.withLock { $0 }
        let elapsed = (split ?? end) - start, exporting = split.map { end - $0 }
        if output.trace { Trace.print(manifest.events) }
        if output.json { try StandardOutput.write(String(decoding: json, as: UTF8.self)) }
        if !output.quiet {
            RenderSummary.print(manifest, folder: outdir, elapsed: elapsed, exporting: exporting, shard: output.shard,
                                exported: exported.withLock { $0 })
        }
    }

    /// Defaults, then the scenario's settings and timeline, then the options and gestures given here.
    func request(gestures: [GestureArguments.GivenStep], given: [(Setting, SettingValue)]) throws -> RenderRequest {
        if scenario != nil && !gestures.isEmpty {
            throw CommandFailure(message: "give gestures either in the scenario's timeline or on the command line, not both", status: .usage)
        }
        var settings = RenderSettings()
        var frames = FrameSelection.all
        var exports: [ExportRequest] = []
        try reportingErrors { () throws(ScrollRenderError) in
            frames = try output.frameSelection(environment: CommandContext.current.environment)
            exports = try export.requests(exportFiles)
            // A header or log named here is the user's own choice, wherever it is.
            if let scenario { settings = try Scenario.load(scenario, allowing: pathFiles + [self.settings.header].compactMap { $0 }).settings }
        }
        do throws(InvalidSettings) {
            for (setting, value) in given { try settings.set(setting, to: value) }
            if scenario == nil { settings.steps = gestures.map(\.step) }
            var request = try RenderRequest(imagePath: image, outputPath: outdir, settings: settings)
            request.scenarioPath = scenario
            request.frames = frames
            request.exports = exports
            request.force = output.force
            request.threadCount = output.threads
            request.maximumMemory = output.memory.bytes
            if let maxPixels = output.maxPixels { request.maximumPixelCount = maxPixels }
            return request
        } catch {
            let origin = SettingOrigin(commandLine: Set(given.map(\.0)), scenario: scenario, gestures: gestures.map(\.option))
            throw CommandFailure(message: origin.describe(error), status: .usage)
        }
    }
}
