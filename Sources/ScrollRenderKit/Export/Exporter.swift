import FileSystem
import GIFEncoding
import ImageCodecs
import Raster
import TextFormat
import Foundation

/// Makes GIF, MP4, WebP, APNG and WebM files from a frame folder with ffmpeg, within a size budget
/// when asked. Each frame is decoded and checked by scrollrender and reaches ffmpeg as raw pixels
/// through a pipe; ffmpeg writes into an exclusive temporary file scrollrender opened. Every file
/// is verified (its frame count and size read back) before it is published, and the files of one
/// run are published together, after all are done, so that a failure or an interrupt leaves every
/// earlier file as it was.
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
        /// The render's frames drawn again in memory, when a render exports what it has just
        /// drawn; otherwise the frame files are decoded.
        var drawn: DrawnFrames?

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

        /// The frame files, as the manifest lists them.
        var files: ExportFrames {
            ExportFrames(folder: folder, indices: firstFrame..<(firstFrame + frameCount), pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        }

        /// Where the frames are read from: drawn in memory when the render can, else the files.
        var frames: any ExportFrameSource { drawn ?? files }
    }

    /// What an export did: the file's record for the manifest, and what the user should know.
    public struct Result: Sendable {
        public var record: Manifest.Export
        public var notes: [String]
    }

    /// Files encoded and verified, not yet in place.
    public struct Staged: Sendable {
        public let results: [Result]
        let files: [StagedFile]

        /// Puts every file in place together (see ``StagedFile/publish(_:)``).
        public func publish() throws(ScrollRenderError) {
            try StagedFile.publish(files)
        }

        /// Removes the temporary files; every earlier file stays as it was.
        public func discard() {
            files.forEach { $0.discard() }
        }
    }

    public let source: Source
    let ffmpeg: FFmpegProcess
    let verifier: ExportVerifier
    /// Called with each ffmpeg command line before it runs (`--verbose`).
    public var onCommand: (@Sendable (String) -> Void)?
    /// Called as an export's frames are encoded: its path, the frames done, and of how many.
    public var onProgress: (@Sendable (_ path: String, _ done: Int, _ total: Int) -> Void)?
    /// The most memory (bytes) an export may plan to use; defaults to ``MemoryBudget/defaultLimit``.
    public var maximumMemory: Int?

    public init(source: Source) throws(ScrollRenderError) {
        guard source.frameCount > 0 else { throw .exportFailed("\(source.folder) holds no frames to export") }
        self.source = source
        ffmpeg = try FFmpegProcess.locate()
        verifier = ExportVerifier(ffprobe: try FFmpegProcess.locate("ffprobe"))
    }

    /// Makes every file of `requests` and publishes them together; on any failure none is.
    public func export(_ requests: [ExportRequest], cancellation: Cancellation = Cancellation()) throws(ScrollRenderError) -> [Result] {
        let staged = try stage(requests, cancellation: cancellation)
        do throws(ScrollRenderError) {
            try staged.publish()
        } catch {
            staged.discard()
            throw error
        }
        return staged.results
    }

    /// Encodes and verifies every file of `requests` into its temporary file.
    public func stage(_ requests: [ExportRequest], cancellation: Cancellation = Cancellation()) throws(ScrollRenderError) -> Staged {
        // From here a signal stops ffmpeg and removes the temporary files instead of ending the process.
        guard cancellation.beginStaging() else { throw .interrupted(signal: cancellation.signalNumber ?? SIGINT) }
        try Self.checkDistinct(requests)
        for request in requests { try checkMemory(request) }
        try source.files.checkNoUnlistedFrames()
        var results: [Result] = [], files: [StagedFile] = []
        do throws(ScrollRenderError) {
            for request in requests {
                let file = try StagedFile(for: request.path)
                files.append(file)
                results.append(try encode(request, into: file, cancellation: cancellation))
            }
        } catch {
            files.forEach { $0.discard() }
            throw error
        }
        return Staged(results: results, files: files)
    }

    /// What an export holds at its peak, whatever the frame count: the batch being written and the
    /// one made ahead (``ExportFrameSource/forEach(_:)``) with a PNG and, when frame files are
    /// read, the inflated rows of a batch being decoded; and the few frames ffmpeg keeps in flight
    /// at the source and export sizes; the rest is ffmpeg's own working memory.
    static func plannedMemory(sourceFrameBytes: Int, decodingBytes: Int, exportFrameBytes: Int) -> Int {
        64 << 20 + (2 * ExportBatch.size + 1) * sourceFrameBytes + ExportBatch.size * decodingBytes + 8 * exportFrameBytes
    }

    private func checkMemory(_ request: ExportRequest) throws(ScrollRenderError) {
        let (width, height) = exportSize(request)
        let exportBytes = width * height * 4
        let decodingBytes = source.drawn == nil ? ImageDecoder.pngDecodingMemory(width: source.pixelWidth, height: source.pixelHeight) : 0
        let planned = Self.plannedMemory(sourceFrameBytes: source.files.frameBytes, decodingBytes: decodingBytes,
                                         exportFrameBytes: exportBytes)
        let limit = maximumMemory ?? MemoryBudget.defaultLimit
        guard planned > limit else { return }
        throw .invalidArgument("\(FileSystem.printable(request.path)): the export needs about \(TextFormat.bytes(planned)) (frames of \(source.pixelWidth)×\(source.pixelHeight) pixels), over the memory limit of \(TextFormat.bytes(limit)); lower \(option: .exportWidth) or raise \(option: .maximumMemory)")
    }

    /// Two exports to one path would leave only the last.
    private static func checkDistinct(_ requests: [ExportRequest]) throws(ScrollRenderError) {
        for (position, request) in requests.enumerated() {
            for other in requests[..<position] where PathOverlap.between(output: request.path, input: other.path) == .same {
                throw .invalidArgument("\(FileSystem.printable(request.path)) is named twice as an export")
            }
        }
    }

    /// Encodes `request` once, or down the ladder of smaller tries until one fits its budget.
    private func encode(_ request: ExportRequest, into file: StagedFile, cancellation: Cancellation) throws(ScrollRenderError) -> Result {
        if request.format == .gif { return try encodeGIF(request, into: file, cancellation: cancellation) }
        let (width, height) = exportSize(request)
        let ladder = ExportAttempt.ladder(format: request.format, width: width, height: height, fps: source.fps)
        let attempts = request.maximumSize == nil ? [ladder[0]] : ladder
        var notes: [String] = []
        var tried: [(ExportAttempt, Int)] = []
        for attempt in attempts {
            if let budget = request.maximumSize, let (last, bytes) = tried.last, attempt != attempts.last,
               attempt.predictedBytes(from: last, bytes: bytes) > Double(budget.bytes) * 1.15 {
                continue
            }
            try file.truncate()
            try encode(request.format, attempt, into: file, cancellation: cancellation)
            let bytes = file.size
            if let budget = request.maximumSize, bytes > budget.bytes {
                tried.append((attempt, bytes))
                continue
            }
            try file.sync()
            try verifier.verify(file, format: request.format, attempt: attempt, expectedFrames: expectedFrames(at: attempt.fps))
            if let budget = request.maximumSize {
                let first = tried.first.map { "; the first try, \(Self.describe($0.0)), was \(ByteCount(bytes: $0.1))" } ?? ""
                notes.append("\(request.path): \(ByteCount(bytes: bytes)) at \(Self.describe(attempt)), within \(budget)\(first)")
            }
            let record = Manifest.Export(file: request.path, format: request.format, pixelWidth: attempt.width, pixelHeight: attempt.height,
                                         fps: attempt.fps, bytes: bytes, ffmpeg: recipe(request, attempt))
            return Result(record: record, notes: notes)
        }
        let (smallest, bytes) = tried.last!
        throw .exportDoesNotFit("\(request.path) cannot fit \(request.maximumSize!): the smallest try (\(Self.describe(smallest))) is \(ByteCount(bytes: bytes)); allow more, or render a shorter or smaller sequence")
    }

    /// The size `request` asks for: its width (the frames' own by default), the frames' aspect.
    private func exportSize(_ request: ExportRequest) -> (width: Int, height: Int) {
        let width = request.width ?? source.pixelWidth
        return (width, max(1, Int((Double(source.pixelHeight) * Double(width) / Double(source.pixelWidth)).rounded())))
    }

    /// The frames a file at `fps` holds of this sequence.
    private func expectedFrames(at fps: Double) -> Int {
        Self.frameCount(source.frameCount, sourceFPS: source.fps, fps: fps)
    }

    /// The frames a file at `fps` holds of `count` frames at `sourceFPS`: ffmpeg's `fps` filter
    /// keeps the sequence's duration.
    static func frameCount(_ count: Int, sourceFPS: Double, fps: Double) -> Int {
        fps == sourceFPS ? count : max(1, Int((Double(count) * fps / sourceFPS).rounded()))
    }

    /// The command that makes the same file from the frame files, for the manifest: what ran was
    /// fed through pipes, which a user cannot paste.
    private func recipe(_ request: ExportRequest, _ attempt: ExportAttempt) -> String {
        FFmpegProcess.commandLine(Self.arguments(request.format, attempt, source: source, folder: source.shownFolder, output: request.path))
    }

    /// One try by ffmpeg (MP4, WebM, WebP, APNG; GIF is ours: ``encodeGIF(_:into:cancellation:)``).
    private func encode(_ format: ExportFormat, _ attempt: ExportAttempt, into file: StagedFile,
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

extension Exporter {
    /// A GIF by our own encoder: a palette from a sample of the frames at the export size, then
    /// the frames a batch at a time — decoded, scaled, mapped and coded on all cores, written in
    /// order into the temporary file.
    func encodeGIF(_ attempt: ExportAttempt, into file: StagedFile, cancellation: Cancellation) throws(ScrollRenderError) {
        let frames = source.frames
        let scaler = FrameScaler(sourceWidth: source.pixelWidth, sourceHeight: source.pixelHeight, width: attempt.width, height: attempt.height)
        let shown = Self.framesShown(frames.indices, sourceFPS: source.fps, fps: attempt.fps)
        let sampleStep = max(1, shown.count / ExportFormat.gifPaletteSampleFrames)
        var sample: [UInt8] = []
        for batch in ExportBatch.split(stride(from: 0, to: shown.count, by: sampleStep).map { shown[$0] }) {
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
            for image in try frames.frames(batch, transform: scaler.scale) { sample += image.pixels }
        }
        let palette = GIFPalette(sampling: sample, maximumColors: ExportFormat.gifColors[attempt.quality]) { cancellation.signalNumber != nil }
        if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
        sample = []
        var encoder = GIFEncoder(width: attempt.width, height: attempt.height, palette: palette)
        let delay = Int((100 / attempt.fps).rounded())
        var done = 0
        try append(encoder.header(), to: file)
        for batch in ExportBatch.split(shown) {
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
            let scaled = try frames.frames(batch, transform: scaler.scale)
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
            guard let bytes = encoder.add(scaled, delays: Array(repeating: delay, count: scaled.count),
                                          interrupted: { cancellation.signalNumber != nil }) else { break }
            try append(bytes, to: file)
            done += batch.count
            onProgress?(file.path, done, shown.count)
        }
        if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
        try append(encoder.finish(), to: file)
    }

    /// The frames a file at `fps` shows of a sequence at `sourceFPS`, as ffmpeg's `fps` filter
    /// picks them (so a GIF shows what a WebP or MP4 at its rate shows): a frame's time rounds to
    /// the nearest tick of the new rate, and each tick shows the last frame that rounds to it or
    /// before — the frame with the latest time under half a tick past it.
    static func framesShown(_ indices: Range<Int>, sourceFPS: Double, fps: Double) -> [Int] {
        guard fps < sourceFPS else { return Array(indices) }
        return (0..<frameCount(indices.count, sourceFPS: sourceFPS, fps: fps)).map { tick in
            // Frame i rounds to this tick or before while i × fps / sourceFPS < tick + ½ (a tie rounds up).
            let last = Int(((Double(tick) + 0.5) * sourceFPS / fps - 1e-9).rounded(.up)) - 1
            return min(indices.upperBound - 1, indices.lowerBound + last)
        }
    }

    private func append(_ bytes: [UInt8], to file: StagedFile) throws(ScrollRenderError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(file.descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { throw .writeFailed(path: file.path, reason: FileSystemError.describe(errno)) }
            offset += written
        }
    }
}

extension Exporter {
    /// A GIF: at full size, or within its budget — each try judged from a sample encode
    /// (``GIFBudget``), and only the chosen one encoded whole.
    func encodeGIF(_ request: ExportRequest, into file: StagedFile, cancellation: Cancellation) throws(ScrollRenderError) -> Result {
        let (width, height) = exportSize(request)
        var notes: [String] = []
        if ExportFormat.gif.frameRate(for: source.fps) != source.fps {
            notes.append("\(request.path): GIF delays are whole centiseconds, so \(TextFormat.number(source.fps)) fps is exported at \(TextFormat.number(ExportFormat.gif.frameRate(for: source.fps))) fps (render at 50 fps to keep every frame)")
        }
        let full = ExportAttempt.scaled(format: .gif, width: width, height: height, factor: 1, fps: ExportFormat.gif.frameRate(for: source.fps), quality: 0)
        guard let budget = request.maximumSize else {
            return try encodeGIF(full, request: request, into: file, cancellation: cancellation, notes: notes)
        }
        var cache: FrameCache? = FrameCache(frames: source.frames)
        let target = Double(budget.bytes) * GIFBudget.margin
        let choice = try GIFBudget.choose(width: width, height: height, fps: source.fps, budget: target) { attempt throws(ScrollRenderError) in
            let shown = Self.framesShown(source.frames.indices, sourceFPS: source.fps, fps: attempt.fps)
            return try GIFBudget.estimate(attempt, shown: shown, frames: cache!.frames,
                                          sourceWidth: source.pixelWidth, sourceHeight: source.pixelHeight, cancellation: cancellation)
        }
        guard choice.fits else {
            throw .exportDoesNotFit("\(request.path) cannot fit \(budget): the smallest try (\(Self.describe(choice.attempt))) is estimated at \(ByteCount(bytes: Int(choice.estimate))); allow more, render a shorter or smaller sequence, or export WebP or MP4, which keep a scroll in a fraction of a GIF's size")
        }
        cache = nil  // the sample's frames go before the whole sequence is encoded
        // Encoded whole; should the sample have misjudged it, each narrower width in turn.
        let tries = [choice.attempt] + GIFBudget.widths(width: width, height: height, fps: choice.attempt.fps, quality: choice.attempt.quality)
            .filter { $0.width < choice.attempt.width }
        for var attempt in tries {
            try file.truncate()
            try encodeGIF(attempt, into: file, cancellation: cancellation)
            guard file.size <= budget.bytes else { continue }
            // Landed low: the file's own size says how much wider fits, and one more encode makes it.
            if Double(file.size) < Double(budget.bytes) * GIFBudget.lowLanding,
               let wider = GIFBudget.wider(than: attempt, bytes: file.size, budget: budget.bytes, width: width, height: height) {
                let fitting = attempt
                try file.truncate()
                try encodeGIF(wider, into: file, cancellation: cancellation)
                attempt = wider
                if file.size > budget.bytes {
                    attempt = fitting
                    try file.truncate()
                    try encodeGIF(attempt, into: file, cancellation: cancellation)
                }
            }
            let chosen = "\(request.path): \(ByteCount(bytes: file.size)) at \(Self.describe(attempt)), \(ExportFormat.gifColors[attempt.quality]) colours, within \(budget) (\(Int((Double(file.size) / Double(budget.bytes) * 100).rounded())) %; estimated \(ByteCount(bytes: Int(choice.estimate))) from a sample)"
            return try encodeGIF(attempt, request: request, into: file, cancellation: cancellation, notes: notes + [chosen], encoded: true)
        }
        throw .exportDoesNotFit("\(request.path) cannot fit \(budget): the smallest try (\(Self.describe(tries.last!))) is \(ByteCount(bytes: file.size)); allow more, render a shorter or smaller sequence, or export WebP or MP4")
    }

    /// Encodes `attempt` (unless `encoded`), checks the file and describes it for the manifest.
    private func encodeGIF(_ attempt: ExportAttempt, request: ExportRequest, into file: StagedFile, cancellation: Cancellation,
                           notes: [String], encoded: Bool = false) throws(ScrollRenderError) -> Result {
        if !encoded {
            try file.truncate()
            try encodeGIF(attempt, into: file, cancellation: cancellation)
        }
        try file.sync()
        try verifier.verify(file, format: .gif, attempt: attempt, expectedFrames: expectedFrames(at: attempt.fps))
        let record = Manifest.Export(file: request.path, format: .gif, pixelWidth: attempt.width, pixelHeight: attempt.height,
                                     fps: attempt.fps, bytes: file.size, ffmpeg: "scrollrender export \(FileSystem.printable(source.shownFolder)) \(FileSystem.printable(request.path)) --export-width \(attempt.width)")
        return Result(record: record, notes: notes)
    }

    /// Frames decoded once for the estimates, whichever tries ask for them.
    final class FrameCache {
        let frames: any ExportFrameSource
        private var decoded: [Int: RGBAImage] = [:]

        init(frames: any ExportFrameSource) { self.frames = frames }

        /// The frames `indices`, those not decoded yet decoded on all cores.
        func frames(_ indices: [Int]) throws(ScrollRenderError) -> [RGBAImage] {
            let missing = indices.filter { decoded[$0] == nil }
            for (index, image) in zip(missing, try frames.frames(missing)) { decoded[index] = image }
            return indices.map { decoded[$0]! }
        }
    }
}
