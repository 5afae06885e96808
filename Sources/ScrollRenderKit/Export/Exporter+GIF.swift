#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import GIFEncoding
import ImageCodecs
import Raster
import TextFormat

extension Exporter {
    /// A GIF by our own encoder: a palette from a sample of the frames as the file shows them,
    /// then the frames a batch at a time — made (decoded or drawn, scaled, drawn over), mapped and
    /// coded on all cores, written in order into the temporary file.
    func encodeGIF(_ frames: ShownFrames, colors: Int, palette sampled: GIFPalette? = nil, loop: ExportLoop, fps: Double, into file: StagedFile,
                   cancellation: Cancellation) throws(ScrollRenderError) {
        let palette: GIFPalette
        if let sampled { palette = sampled } else { palette = try gifPalette(frames, colors: colors, cancellation: cancellation) }
        let size = frames.outputSize
        var encoder = GIFEncoder(width: size.width, height: size.height, palette: palette)
        encoder.loopCount = loop.gifLoopCount
        encoder.keepsTransparency = source.hasClearCorners
        let delay = Int((100 / fps).rounded())
        var done = 0
        try append(encoder.header(), to: file)
        // Each batch is mapped and coded while the next is made.
        try frames.forEachBatch { made throws(ScrollRenderError) in
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
            guard let bytes = encoder.add(made, delays: Array(repeating: delay, count: made.count),
                                          interrupted: { cancellation.signalNumber != nil }) else {
                throw .interrupted(signal: cancellation.signalNumber ?? SIGINT)
            }
            try append(bytes, to: file)
            done += made.count
            onProgress?(file.path, done, frames.shown.count)
        }
        if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
        try append(encoder.finish(), to: file)
    }

    /// The palette of at most `colors` from evenly spaced frames (a scroll shows the same picture
    /// throughout); what lies outside clear corners, transparent in the file, takes no colour.
    private func gifPalette(_ frames: ShownFrames, colors: Int, cancellation: Cancellation) throws(ScrollRenderError) -> GIFPalette {
        let step = max(1, frames.shown.count / ExportFormat.gifPaletteSampleFrames)
        var sample: [RGBAImage] = []
        for batch in ExportBatch.split(Array(stride(from: 0, to: frames.shown.count, by: step))) {
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
            sample += try frames.frames(batch)
        }
        let palette = GIFPalette(sampling: sample, opaqueOnly: source.hasClearCorners, maximumColors: colors) { cancellation.signalNumber != nil }
        if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
        return palette
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

    func append(_ bytes: [UInt8], to file: StagedFile) throws(ScrollRenderError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(file.descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { throw .writeFailed(path: file.path, reason: FileSystemError.describe(errno)) }
            offset += written
        }
    }
}

extension Exporter {
    /// A GIF: at its start's size, or within its budget — each try judged from a sample encode
    /// (``GIFBudget``), and only the chosen one encoded whole.
    func encodeGIF(_ plan: ExportPlan, into file: StagedFile, cancellation: Cancellation) throws(ScrollRenderError) -> Result {
        let start = plan.start
        let drawings = DrawingCache(exporter: self)
        guard let budget = plan.request.maximumSize else {
            try encodeGIF(plan, start, drawings: drawings, into: file, cancellation: cancellation)
            return try finishGIF(plan, start, drawings: drawings, into: file)
        }
        // The sample's frames are kept at the start's size (a few MB, where the frames' own would
        // take a few hundred), and each try's made from them.
        var cache: FrameCache? = FrameCache(frames: source.frames, scaler: FrameScaler(sourceWidth: source.pixelWidth, sourceHeight: source.pixelHeight,
                                                                                      width: start.width, height: start.height))
        let target = Double(budget.bytes) * GIFBudget.margin
        // Each estimate's palette, for the file made at its try.
        var palettes: [ExportAttempt: GIFPalette] = [:]
        let estimate = { (attempt: ExportAttempt) throws(ScrollRenderError) -> Double in
            let frames = ShownFrames(source: source.frames, shown: plan.shown(at: attempt.fps), sourceWidth: start.width, sourceHeight: start.height,
                                     width: attempt.width, height: attempt.height,
                                     drawing: try drawing(plan, attempt, drawings: drawings))
            let (bytes, palette) = try GIFBudget.estimate(attempt, frames: frames, colors: plan.gifColors(quality: attempt.quality),
                                                          sourceFrames: cache!.frames, keepsTransparency: source.hasClearCorners,
                                                          cancellation: cancellation)
            palettes[attempt] = palette
            return bytes
        }
        let choice = try GIFBudget.choose(width: start.width, height: start.height, fps: start.fps, budget: target, estimate: estimate)
        guard choice.fits else {
            throw .exportDoesNotFit(ExportOverBudget(path: plan.request.path, budget: budget, smallestTry: Self.describe(choice.attempt),
                                                     smallestSize: ByteCount(bytes: Int(choice.estimate)), estimated: true, isGIF: true))
        }
        // Encoded whole; should the sample have misjudged it, each narrower width in turn.
        let tries = [choice.attempt] + GIFBudget.widths(width: start.width, height: start.height, fps: choice.attempt.fps, quality: choice.attempt.quality)
            .filter { $0.width < choice.attempt.width }
        // The sample's frames go before the whole sequence is encoded; a try no estimate judged
        // samples its palette from the frames as it is encoded.
        cache = nil
        let palette = { (attempt: ExportAttempt) -> GIFPalette? in palettes[attempt] }
        for var attempt in tries {
            try encodeGIF(plan, attempt, palette: palette(attempt), drawings: drawings, into: file, cancellation: cancellation)
            guard file.size <= budget.bytes else { continue }
            // Landed low: the file's own size says how much wider fits, and one more encode makes it.
            if Double(file.size) < Double(budget.bytes) * GIFBudget.lowLanding,
               let wider = GIFBudget.wider(than: attempt, bytes: file.size, budget: budget.bytes, width: start.width, height: start.height) {
                let fitting = attempt
                try encodeGIF(plan, wider, palette: palette(wider), drawings: drawings, into: file, cancellation: cancellation)
                attempt = wider
                if file.size > budget.bytes {
                    attempt = fitting
                    try encodeGIF(plan, attempt, palette: palette(attempt), drawings: drawings, into: file, cancellation: cancellation)
                }
            }
            return try finishGIF(plan, attempt, drawings: drawings, into: file)
        }
        throw .exportDoesNotFit(ExportOverBudget(path: plan.request.path, budget: budget, smallestTry: Self.describe(tries.last!),
                                                 smallestSize: ByteCount(bytes: file.size), estimated: false, isGIF: true))
    }

    /// Encodes `attempt` into the emptied file.
    private func encodeGIF(_ plan: ExportPlan, _ attempt: ExportAttempt, palette: GIFPalette? = nil, drawings: DrawingCache, into file: StagedFile,
                           cancellation: Cancellation) throws(ScrollRenderError) {
        try file.truncate()
        let frames = try shownFrames(plan, attempt, drawings: drawings)
        try encodeGIF(frames, colors: plan.gifColors(quality: attempt.quality), palette: palette, loop: plan.controls.loop, fps: attempt.fps,
                      into: file, cancellation: cancellation)
    }

    private func finishGIF(_ plan: ExportPlan, _ attempt: ExportAttempt, drawings: DrawingCache, into file: StagedFile) throws(ScrollRenderError) -> Result {
        try finish(plan, attempt, frames: try shownFrames(plan, attempt, drawings: drawings), into: file, colors: plan.gifColors(quality: attempt.quality))
    }

    /// Frames decoded (or drawn) and scaled once for the estimates, whichever tries ask for them.
    final class FrameCache {
        let frames: any ExportFrameSource
        let scaler: FrameScaler
        private var decoded: [Int: RGBAImage] = [:]

        init(frames: any ExportFrameSource, scaler: FrameScaler) {
            (self.frames, self.scaler) = (frames, scaler)
        }

        /// The frames `indices` at the scaler's size, those not made yet made on all cores.
        func frames(_ indices: [Int]) throws(ScrollRenderError) -> [RGBAImage] {
            let missing = Array(Set(indices.filter { decoded[$0] == nil })).sorted()
            for (index, image) in zip(missing, try frames.frames(missing, scaledBy: scaler)) { decoded[index] = image }
            return indices.map { decoded[$0]! }
        }
    }
}
