import FileSystem
import Foundation
import ImageCodecs
import TextFormat

/// The formats ffmpeg makes (MP4, WebM, WebP, APNG): raw frames through a pipe, and the command
/// a user would type to make the same file from the frame files.
extension Exporter {
    /// The command that makes the same file from the frame files, for the manifest: what ran was
    /// fed through pipes, which a user cannot paste.
    func recipe(_ request: ExportRequest, _ attempt: ExportAttempt) -> String {
        FFmpegProcess.commandLine(Self.arguments(request.format, attempt, source: source, folder: source.shownFolder, output: request.path))
    }

    /// One try by ffmpeg (MP4, WebM, WebP, APNG; GIF is ours: ``encodeGIF(_:into:cancellation:)``).
    func encode(_ format: ExportFormat, _ attempt: ExportAttempt, into file: StagedFile,
                        cancellation: Cancellation) throws(ScrollRenderError) {
        let frames = source.frames
        let input = Self.rawInput(width: source.pixelWidth, height: source.pixelHeight, fps: source.fps)
        let filters = attempt.filters(sourceWidth: source.pixelWidth, sourceFPS: source.fps)
        let arguments = input + format.outputArguments(filters: filters, quality: attempt.quality) + [FFmpegProcess.standardOutputFile]
        onCommand?(FFmpegProcess.commandLine(arguments))
        let progress = onProgress
        try ffmpeg.run(arguments, output: file.descriptor, feed: { pipe throws(ScrollRenderError) in
            var done = 0
            try frames.forEach { image throws(ScrollRenderError) in
                try pipe.write(image.pixels)
                done += 1
                progress?(file.path, done, source.frameCount)
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

    /// `390×844 at 25 fps`, with the quality level when it is not the best.
    static func describe(_ attempt: ExportAttempt) -> String {
        "\(attempt.width)×\(attempt.height) at \(TextFormat.number(attempt.fps)) fps" + (attempt.quality > 0 ? ", quality level \(attempt.quality + 1)" : "")
    }
}
