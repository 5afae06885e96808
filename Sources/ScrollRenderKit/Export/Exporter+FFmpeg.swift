import FileSystem
import Foundation
import ImageCodecs
import TextFormat

/// The formats ffmpeg makes (MP4, WebM, WebP): the file's frames, made here as a GIF's are,
/// through a pipe; and the command that makes the same file again.
extension Exporter {
    /// The command that makes the same file again, for the manifest: ffmpeg's from the frame
    /// files when ffmpeg alone can (what ran was fed through a pipe, which a user cannot paste),
    /// else `scrollrender export` with the choices made.
    func recipe(_ plan: ExportPlan, _ attempt: ExportAttempt, drawn: Bool) -> String {
        let plain = plan.format.madeByFFmpeg && !drawn && plan.controls.speed == 1 && plan.selection == source.frames.indices
            && plan.controls.loop == .forever && plan.controls.title == nil && plan.controls.leadIn == 0
        guard !plain else {
            return FFmpegProcess.commandLine(Self.arguments(plan.format, attempt, source: source, folder: source.shownFolder, output: plan.request.path))
        }
        var words = ["scrollrender", "export", FileSystem.printable(source.shownFolder), FileSystem.printable(plan.request.path),
                     "--export-width", String(attempt.width), "--export-fps", TextFormat.number(attempt.fps, places: 3)]
        if plan.format == .gif { words += ["--colors", String(plan.gifColors(quality: attempt.quality))] }
        words += ["--max-size", "none"]
        if plan.controls.speed != 1 { words += ["--speed", TextFormat.number(plan.controls.speed)] }
        if let from = plan.controls.from { words += ["--from", TextFormat.number(from)] }
        if let to = plan.controls.to { words += ["--to", TextFormat.number(to)] }
        if let title = plan.controls.title { words += ["--title", FileSystem.printable(title)] }
        if plan.controls.leadIn > 0 { words += ["--lead-in", TextFormat.number(plan.controls.leadIn)] }
        switch plan.controls.loop {
        case .forever: break
        case .once: words += ["--loop", "none"]
        case .repeats(let count): words += ["--loop", String(count)]
        }
        return words.joined(separator: " ")
    }

    /// One try by ffmpeg (MP4, WebM, WebP; GIF and APNG are ours: ``encodeGIF(_:colors:loop:fps:into:cancellation:)``,
    /// ``encodeAPNG(_:_:frames:into:cancellation:)``):
    /// the file's frames, already at its rate and size, as raw pixels.
    func encode(_ plan: ExportPlan, _ attempt: ExportAttempt, frames: ShownFrames, into file: StagedFile,
                cancellation: Cancellation) throws(ScrollRenderError) {
        let size = frames.outputSize
        let input = Self.rawInput(width: size.width, height: size.height, fps: attempt.fps)
        let arguments = input + plan.format.outputArguments(filters: [], quality: attempt.quality, loop: plan.controls.loop)
            + [FFmpegProcess.standardOutputFile]
        onCommand?(FFmpegProcess.commandLine(arguments))
        let progress = onProgress, total = frames.shown.count
        try ffmpeg.run(arguments, output: file.descriptor, feed: { pipe throws(ScrollRenderError) in
            var done = 0
            try frames.forEach { image throws(ScrollRenderError) in
                try pipe.write(image.pixels)
                done += 1
                progress?(file.path, done, total)
            }
        }, cancellation: cancellation)
    }

    /// ffmpeg's input: raw RGBA frames on its standard input (`-xerror`: any error ends it).
    static func rawInput(width: Int, height: Int, fps: Double) -> [String] {
        ["-xerror", "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(width)x\(height)",
         "-framerate", TextFormat.number(fps), "-i", "pipe:0"]
    }

    /// ffmpeg's arguments for one try over the frame files: the recipe as a user would run it.
    static func arguments(_ format: ExportFormat, _ attempt: ExportAttempt, source: Source, folder: String, output: String) -> [String] {
        let input = ["-framerate", TextFormat.number(source.fps), "-start_number", String(source.firstFrame),
                     "-i", FileSystem.join(folder, FrameNaming.pattern)]
        let filters = attempt.filters(sourceWidth: source.pixelWidth, sourceFPS: source.fps)
        return input + format.outputArguments(filters: filters, quality: attempt.quality) + [output]
    }

    /// The full-size, best-quality command for `format`, as a user would type it.
    static func command(format: ExportFormat, source: Source, output: String) -> String {
        let attempt = ExportAttempt.ladder(format: format, width: source.pixelWidth, height: source.pixelHeight, fps: source.fps)[0]
        return FFmpegProcess.commandLine(arguments(format, attempt, source: source, folder: source.folder, output: output))
    }
}
