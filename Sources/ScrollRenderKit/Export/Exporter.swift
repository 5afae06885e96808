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
    func exportSize(_ request: ExportRequest) -> (width: Int, height: Int) {
        let width = request.width ?? source.pixelWidth
        return (width, max(1, Int((Double(source.pixelHeight) * Double(width) / Double(source.pixelWidth)).rounded())))
    }

    /// The frames a file at `fps` holds of this sequence.
    func expectedFrames(at fps: Double) -> Int {
        Self.frameCount(source.frameCount, sourceFPS: source.fps, fps: fps)
    }

    /// The frames a file at `fps` holds of `count` frames at `sourceFPS`: ffmpeg's `fps` filter
    /// keeps the sequence's duration.
    static func frameCount(_ count: Int, sourceFPS: Double, fps: Double) -> Int {
        fps == sourceFPS ? count : max(1, Int((Double(count) * fps / sourceFPS).rounded()))
    }
}
