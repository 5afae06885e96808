import ArgumentParser
import Foundation
import ImageCodecs
import ScrollPhysics
import ScrollRenderKit

/// `scrollrender [options] IMAGE OUTDIR`: the job scrollrender exists for.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders a scroll view's motion over IMAGE as OUTDIR/frame_00000.png, … and manifest.json.")

    /// The raw arguments of this run, for the order of gestures (see ``GestureOrder``).
    @TaskLocal static var rawArguments: [String] = []

    @Argument(help: "The picture to scroll (JPEG or PNG).")
    var image: String

    @Argument(help: "The folder to write (must not exist or be empty, unless --force).")
    var outdir: String

    @OptionGroup(title: "Gestures (run one after another, in the order given)")
    var gestures: GestureOptions

    @OptionGroup(title: "Scroll view")
    var scrollView: ScrollViewOptions

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func validate() throws {
        do throws(ScrollRenderError) {
            try SettingsValidator.validate(settings())
        } catch {
            throw ValidationError(error.description)
        }
    }

    func settings() -> RenderSettings {
        var settings = RenderSettings()
        scrollView.apply(to: &settings)
        output.apply(to: &settings)
        settings.gestures = gestures.ordered(by: GestureOrder.kinds(in: Self.rawArguments))
        return settings
    }

    func run() throws {
        var request = RenderRequest(imagePath: image, outputPath: outdir, settings: settings())
        request.force = output.force
        request.threadCount = output.threads
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
