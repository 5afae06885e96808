import Dispatch
import ImageCodecs
import Raster

extension Exporter {
    /// An APNG by our own encoder (``APNGEncoder``): the frames a batch at a time — made, then
    /// coded on all cores while the next batch is made — written in order into the temporary file.
    /// Lossless, RGBA where a pixel may be clear, else RGB.
    func encodeAPNG(_ plan: ExportPlan, _ attempt: ExportAttempt, frames: ShownFrames, into file: StagedFile,
                    cancellation: Cancellation) throws(ScrollRenderError) {
        let size = frames.outputSize, total = frames.shown.count
        let encoder = try Self.coding(file) { () throws(ImageCodecError) in
            try APNGEncoder(width: size.width, height: size.height, frameCount: total, fps: attempt.fps, plays: plan.controls.loop.plays,
                            keepsAlpha: source.hasTransparency)
        }
        try append(encoder.header(), to: file)
        var done = 0
        try frames.forEachBatch { made throws(ScrollRenderError) in
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
            let coded = Slots<Swift.Result<[UInt8], ImageCodecError>>(count: made.count)
            let first = done
            DispatchQueue.concurrentPerform(iterations: made.count) { position in
                coded.set(position, Swift.Result { () throws(ImageCodecError) in try encoder.frame(made[position], number: first + position) })
            }
            for result in coded.results { try append(try Self.coding(file) { () throws(ImageCodecError) in try result!.get() }, to: file) }
            done += made.count
            onProgress?(file.path, done, total)
        }
        try append(encoder.trailer(), to: file)
    }

    /// `body`'s value, an encoder's refusal (a size PNG cannot hold) as a failed write of `file`.
    private static func coding<Value>(_ file: StagedFile, _ body: () throws(ImageCodecError) -> Value) throws(ScrollRenderError) -> Value {
        do throws(ImageCodecError) { return try body() } catch { throw .writeFailed(path: file.path, reason: error.description) }
    }
}
