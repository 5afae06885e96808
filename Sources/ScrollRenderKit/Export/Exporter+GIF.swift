#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import GIFEncoding
import ImageCodecs
import Raster
import TextFormat

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
