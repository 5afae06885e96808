import FileSystem
import GIFEncoding
import ImageCodecs
import Raster
import TextFormat
import Foundation

/// Makes GIF, MP4, WebP, APNG and WebM files from a frame folder, within a size budget when asked.
/// Each frame is decoded and checked by scrollrender (or drawn again by the render that made it),
/// picked for the file's rate, scaled to its size and drawn over with the device's screen and the
/// touches (``ScreenOverlay``) here; GIF and APNG are our own encoders, the others reach ffmpeg as raw pixels
/// through a pipe, and ffmpeg writes into an exclusive temporary file scrollrender opened. Every
/// file is verified (its frame count and size read back) before it is published, and the files of
/// one run are published together, after all are done, so that a failure or an interrupt leaves
/// every earlier file as it was.
public struct Exporter: Sendable {
    /// What an export did: the file's record for the manifest, and the one note the user reads.
    public struct Result: Sendable {
        public var record: Manifest.Export
        /// The note with the options it names marked.
        let markedNote: String

        /// Its size, dimensions, rate and colours, and why each, for a library caller.
        public var note: String { note(naming: \.words) }

        /// The note, each option named by `name` (the command line's flag).
        public func note(naming name: (NamedTerm) -> String) -> String {
            TextFormat.naming(markedNote) { name(NamedTerm(marked: $0)) }
        }
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
        guard source.frameCount > 0 else { throw .exportFailed(.noFrames(folder: source.folder)) }
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
        let plans = try requests.map { request throws(ScrollRenderError) in try ExportPlan(request, source: source) }
        for plan in plans { try checkMemory(plan) }
        try source.files.checkNoUnlistedFrames()
        var results: [Result] = [], files: [StagedFile] = []
        do throws(ScrollRenderError) {
            for plan in plans {
                let file = try StagedFile(for: plan.request.path)
                files.append(file)
                results.append(try encode(plan, into: file, cancellation: cancellation))
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

    private func checkMemory(_ plan: ExportPlan) throws(ScrollRenderError) {
        let exportBytes = plan.width * plan.height * 4
        let decodingBytes = source.drawn == nil ? ImageDecoder.pngDecodingMemory(width: source.pixelWidth, height: source.pixelHeight) : 0
        let planned = Self.plannedMemory(sourceFrameBytes: source.files.frameBytes, decodingBytes: decodingBytes,
                                         exportFrameBytes: exportBytes)
        let limit = maximumMemory ?? MemoryBudget.defaultLimit
        guard planned > limit else { return }
        throw .overMemoryLimit(MemoryShortfall(.export(path: plan.request.path, frameWidth: source.pixelWidth, frameHeight: source.pixelHeight),
                                               needed: planned, limit: limit))
    }

    /// Two exports to one path would leave only the last.
    private static func checkDistinct(_ requests: [ExportRequest]) throws(ScrollRenderError) {
        for (position, request) in requests.enumerated() {
            for other in requests[..<position] where PathOverlap.between(output: request.path, input: other.path) == .same {
                throw .conflictingOptions(.exportNamedTwice(path: request.path))
            }
        }
    }

    /// Encodes `plan` once, or down the ladder of smaller tries until one fits its budget.
    private func encode(_ plan: ExportPlan, into file: StagedFile, cancellation: Cancellation) throws(ScrollRenderError) -> Result {
        if plan.format == .gif { return try encodeGIF(plan, into: file, cancellation: cancellation) }
        let start = plan.start
        let ladder = ExportAttempt.ladder(format: plan.format, width: start.width, height: start.height, fps: start.fps)
        let attempts = plan.request.maximumSize == nil ? [ladder[0]] : ladder
        var tried: [(ExportAttempt, Int)] = []
        let drawings = DrawingCache(exporter: self)
        for attempt in attempts {
            if let budget = plan.request.maximumSize, let (last, bytes) = tried.last, attempt != attempts.last,
               attempt.predictedBytes(from: last, bytes: bytes) > Double(budget.bytes) * 1.15 {
                continue
            }
            let frames = try shownFrames(plan, attempt, drawings: drawings)
            try file.truncate()
            if plan.format == .apng {
                try encodeAPNG(plan, attempt, frames: frames, into: file, cancellation: cancellation)
            } else {
                try encode(plan, attempt, frames: frames, into: file, cancellation: cancellation)
            }
            let bytes = file.size
            if let budget = plan.request.maximumSize, bytes > budget.bytes {
                tried.append((attempt, bytes))
                continue
            }
            return try finish(plan, attempt, frames: frames, into: file)
        }
        let (smallest, bytes) = tried.last!
        throw .exportDoesNotFit(ExportOverBudget(path: plan.request.path, budget: plan.request.maximumSize!, smallestTry: Self.describe(smallest),
                                                 smallestSize: ByteCount(bytes: bytes), estimated: false, isGIF: false))
    }

    /// Checks the file an attempt made and describes it for the manifest and the user.
    func finish(_ plan: ExportPlan, _ attempt: ExportAttempt, frames: ShownFrames, into file: StagedFile,
                colors: Int? = nil) throws(ScrollRenderError) -> Result {
        try file.sync()
        let size = frames.outputSize
        try verifier.verify(file, format: plan.format, width: size.width, height: size.height, expectedFrames: frames.shown.count)
        let record = Manifest.Export(file: plan.request.path, format: plan.format, pixelWidth: size.width, pixelHeight: size.height,
                                     fps: attempt.fps, bytes: file.size, ffmpeg: recipe(plan, attempt, drawn: frames.drawing != nil))
        let outcome = ExportPlan.Outcome(attempt: attempt, width: size.width, height: size.height, bytes: file.size, colors: colors)
        return Result(record: record, markedNote: plan.note(outcome, screen: source.overlayWords))
    }

    /// The frames a file at `attempt` shows, as it shows them.
    func shownFrames(_ plan: ExportPlan, _ attempt: ExportAttempt, drawings: DrawingCache) throws(ScrollRenderError) -> ShownFrames {
        ShownFrames(source: source.frames, shown: plan.shown(at: attempt.fps), sourceWidth: source.pixelWidth, sourceHeight: source.pixelHeight,
                    width: attempt.width, height: attempt.height, drawing: try drawing(plan, attempt, drawings: drawings))
    }

    /// What a file at `attempt` draws over its frames: the screen and touches, outside the corners
    /// the background where the format keeps no transparency, and the title above.
    func drawing(_ plan: ExportPlan, _ attempt: ExportAttempt, drawings: DrawingCache) throws(ScrollRenderError) -> ScreenDrawing? {
        var drawing = try drawings.drawing(width: attempt.width, height: attempt.height, bare: plan.controls.title != nil)
        if !plan.format.keepsTransparency { drawing = drawing?.filling(clearWith: source.background) }
        if let title = plan.controls.title { drawing = try drawing?.titled(title, ground: source.backdrop ?? .white) }
        return drawing
    }

    /// `390×844 at 25 fps`.
    static func describe(_ attempt: ExportAttempt) -> String {
        "\(attempt.width)×\(attempt.height) at \(TextFormat.number(attempt.fps, places: 2)) fps"
    }

    /// The frames a file at `fps` holds of `count` frames at `sourceFPS`: ffmpeg's `fps` filter
    /// keeps the sequence's duration.
    static func frameCount(_ count: Int, sourceFPS: Double, fps: Double) -> Int {
        fps == sourceFPS ? count : max(1, Int((Double(count) * fps / sourceFPS).rounded()))
    }
}
