import FileSystem
import Foundation

/// Makes a GIF, MP4, WebP, APNG or WebM from a frame folder with ffmpeg, within a size budget
/// when asked, and puts it in place atomically.
public struct Exporter: Sendable {
    /// The frames to read: a folder and what its manifest says of them.
    public struct Source: Sendable {
        public var folder: String
        /// The folder as the recorded commands name it (a render exports from its staging
        /// folder, but records the folder the frames end up in).
        public var shownFolder: String
        public var fps: Double
        public var pixelWidth: Int
        public var pixelHeight: Int
        /// The number in the first frame's name (a shard's frames keep their global numbers).
        public var firstFrame: Int
        public var frameCount: Int

        public init(folder: String, manifest: Manifest) {
            self.init(folder: folder, fps: manifest.fps, pixelWidth: manifest.pixelWidth, pixelHeight: manifest.pixelHeight,
                      frames: manifest.frameRange?.frames ?? 0..<0)
        }

        init(folder: String, fps: Double, pixelWidth: Int, pixelHeight: Int, frames: Range<Int>) {
            self.folder = folder
            shownFolder = folder
            self.fps = fps
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            firstFrame = frames.lowerBound
            frameCount = frames.count
        }
    }

    /// What an export did: the file's record for the manifest, and what the user should know.
    public struct Result: Sendable {
        public var record: Manifest.Export
        public var notes: [String]
    }

    public let source: Source
    let ffmpeg: FFmpegProcess
    /// Called with each ffmpeg command line before it runs (`--verbose`).
    public var onCommand: (@Sendable (String) -> Void)?

    public init(source: Source) throws(ScrollRenderError) {
        guard source.frameCount > 0 else { throw .exportFailed("\(source.folder) holds no frames to export") }
        self.source = source
        ffmpeg = try FFmpegProcess.locate()
    }

    /// Encodes `request`: once, or down the ladder of smaller tries until one fits its budget.
    public func export(_ request: ExportRequest, cancellation: Cancellation = Cancellation()) throws(ScrollRenderError) -> Result {
        // From here a signal stops ffmpeg and removes its temporary file instead of ending the process.
        guard cancellation.beginStaging() else { throw .interrupted(signal: cancellation.signalNumber ?? SIGINT) }
        let width = request.width ?? source.pixelWidth
        let height = max(1, Int((Double(source.pixelHeight) * Double(width) / Double(source.pixelWidth)).rounded()))
        let ladder = ExportAttempt.ladder(format: request.format, width: width, height: height, fps: source.fps)
        let attempts = request.maximumSize == nil ? [ladder[0]] : ladder
        var notes: [String] = []
        if request.format.frameRate(for: source.fps) != source.fps {
            notes.append("\(request.path): GIF delays are whole centiseconds, so \(ExportAttempt.number(source.fps)) fps is exported at \(ExportAttempt.number(request.format.frameRate(for: source.fps))) fps (render with --fps 50 to keep every frame)")
        }
        var tried: [(ExportAttempt, Int)] = []
        for attempt in attempts {
            if let budget = request.maximumSize, let (last, bytes) = tried.last, attempt != attempts.last,
               attempt.predictedBytes(from: last, bytes: bytes) > Double(budget.bytes) * 1.15 {
                continue
            }
            let (bytes, command) = try encode(request, attempt, keep: { bytes in request.maximumSize.map { bytes <= $0.bytes } ?? true }, cancellation: cancellation)
            guard let command else {
                tried.append((attempt, bytes))
                continue
            }
            if let budget = request.maximumSize {
                let first = tried.first.map { "; the first try, \(Self.describe($0.0)), was \(ByteCount(bytes: $0.1))" } ?? ""
                notes.append("\(request.path): \(ByteCount(bytes: bytes)) at \(Self.describe(attempt)), within \(budget)\(first)")
            }
            let record = Manifest.Export(file: request.path, format: request.format, pixelWidth: attempt.width, pixelHeight: attempt.height,
                                         fps: attempt.fps, bytes: bytes, ffmpeg: command)
            return Result(record: record, notes: notes)
        }
        let (smallest, bytes) = tried.last!
        throw .exportDoesNotFit("\(request.path) cannot fit \(request.maximumSize!): the smallest try (\(Self.describe(smallest))) is \(ByteCount(bytes: bytes)); allow more, or render a shorter or smaller sequence")
    }

    /// Encodes one try into a temporary file beside the target; keeps it (renamed into place)
    /// when `keep` accepts its size, and returns its size and, when kept, its command line.
    private func encode(_ request: ExportRequest, _ attempt: ExportAttempt, keep: (Int) -> Bool,
                        cancellation: Cancellation) throws(ScrollRenderError) -> (Int, String?) {
        let temporary = FileSystem.temporaryName(for: request.path, suffix: request.format.rawValue)
        let shown = FFmpegProcess.commandLine(Self.arguments(request.format, attempt, source: source, folder: source.shownFolder, output: request.path))
        onCommand?(shown)
        defer { unlink(temporary) }
        let arguments = Self.arguments(request.format, attempt, source: source, folder: source.folder, output: temporary)
        try ffmpeg.run(arguments, log: FileSystem.temporaryName(for: request.path, suffix: "log"), cancellation: cancellation)
        var status = stat()
        guard stat(temporary, &status) == 0 else { throw .exportFailed("ffmpeg wrote no \(request.path)") }
        let bytes = Int(status.st_size)
        guard keep(bytes) else { return (bytes, nil) }
        do throws(FileSystemError) {
            try FileSystem.withSignalsBlocked { () throws(FileSystemError) in try FileSystem.moveIntoPlace(temporary, request.path) }
        } catch {
            throw .cannotCreateOutput(path: request.path, reason: error.reason)
        }
        return (bytes, shown)
    }

    /// ffmpeg's arguments for one try: the frames in, the format's recipe, the file out.
    static func arguments(_ format: ExportFormat, _ attempt: ExportAttempt, source: Source, folder: String, output: String) -> [String] {
        let input = ["-framerate", ExportAttempt.number(source.fps), "-start_number", String(source.firstFrame),
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
        "\(attempt.width)×\(attempt.height) at \(ExportAttempt.number(attempt.fps)) fps" + (attempt.quality > 0 ? ", quality level \(attempt.quality + 1)" : "")
    }
}
