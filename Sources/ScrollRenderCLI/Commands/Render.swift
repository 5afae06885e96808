import ArgumentParser
import Foundation
import ImageCodecs
import ScrollPhysics
import ScrollRenderKit

/// `scrollrender [options] IMAGE OUTDIR`: the job scrollrender exists for.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders a scroll view's motion over IMAGE as OUTDIR/frame_00000.png, … and manifest.json.",
        discussion: Scrollrender.examples)

    /// The raw arguments of this run, for the order of gestures (see ``GestureOrder``).
    @TaskLocal static var rawArguments: [String] = []

    @Argument(help: "The picture to scroll (JPEG or PNG).")
    var image: String

    @Argument(help: "The folder to write (must not exist or be empty, unless --force).")
    var outdir: String

    @Option(help: ArgumentHelp("A scenario file: settings and a timeline of steps (see Examples/). Options given here override its settings.", valueName: "FILE.json"))
    var scenario: String?

    @OptionGroup(title: "Gestures (run one after another, in the order given)")
    var gestures: GestureOptions

    @OptionGroup(title: "Scroll view")
    var scrollView: ScrollViewOptions

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func validate() throws {
        if scenario != nil && !gestures.isEmpty {
            throw ValidationError("give gestures either in the scenario's timeline or on the command line, not both")
        }
        if scenario != nil { return }  // checked with the file's settings, in run()
        do throws(ScrollRenderError) {
            try SettingsValidator.validate(try settings())
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Defaults, then the scenario's settings and timeline, then the options given here.
    func settings() throws(ScrollRenderError) -> RenderSettings {
        var settings = try scenario.map { path throws(ScrollRenderError) in try Scenario.load(path).settings } ?? RenderSettings()
        scrollView.apply(to: &settings)
        output.apply(to: &settings)
        if scenario == nil { settings.steps = gestures.steps(orderedBy: GestureOrder.kinds(in: Self.rawArguments)) }
        return settings
    }

    func run() throws {
        var settings = RenderSettings()
        try reportingErrors { () throws(ScrollRenderError) in settings = try self.settings() }
        var request = RenderRequest(imagePath: image, outputPath: outdir, settings: settings)
        request.force = output.force
        request.threadCount = output.threads
        request.maximumMemory = output.maxMemory.map { $0 * 1_048_576 }
        if let maxPixels = output.maxPixels { request.maximumPixelCount = maxPixels }
        let progress = ProgressBar(enabled: !output.quiet && isatty(STDERR_FILENO) == 1)
        let cancellation = SignalHandling.cancellationOnInterrupt()
        let clock = ContinuousClock()
        let start = clock.now
        try reportingErrors { () throws(ScrollRenderError) in
            let manifest = try RenderSession(request).run(progress: progress.update, cancellation: cancellation)
            progress.finish()
            let elapsed = clock.now - start
            if output.trace { Trace.print(manifest.events) }
            if output.json { print(String(decoding: try manifest.jsonBytes(), as: UTF8.self), terminator: "") }
            if !output.quiet { RenderSummary.print(manifest, folder: outdir, elapsed: elapsed) }
        }
    }
}
