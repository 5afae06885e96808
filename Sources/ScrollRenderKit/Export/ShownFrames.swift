import Dispatch
import GIFEncoding
import Raster
import Synchronization

/// The frames one try of a file shows, as it shows them: the source frames its rate picks, each
/// scaled to its size by area, then drawn over with the screen and touches at that size. Its
/// positions are the file's frames, so an encoder takes it as any frame source.
struct ShownFrames: ExportFrameSource {
    let source: any ExportFrameSource
    /// The source frame each of the file's frames shows, by global number.
    let shown: [Int]
    let scaler: FrameScaler?
    let drawing: ScreenDrawing?
    let width: Int
    let height: Int

    init(source: any ExportFrameSource, shown: [Int], sourceWidth: Int, sourceHeight: Int, width: Int, height: Int,
         drawing: ScreenDrawing?) {
        (self.source, self.shown) = (source, shown)
        let same = width == sourceWidth && height == sourceHeight
        scaler = same ? nil : FrameScaler(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height)
        self.drawing = drawing
        (self.width, self.height) = (width, height)
    }

    var indices: Range<Int> { 0..<shown.count }

    /// The size of the frames made: the try's, or larger by a bezel.
    var outputSize: (width: Int, height: Int) { drawing?.outputSize ?? (width, height) }

    /// The file's frames at `positions`, each `transform`ed after it is made.
    func frames(_ positions: [Int], transform: @escaping @Sendable (RGBAImage) -> RGBAImage) throws(ScrollRenderError) -> [RGBAImage] {
        let numbers = positions.map { shown[$0] }
        let scaled = if let scaler { try source.frames(numbers, scaledBy: scaler) } else { try source.frames(numbers) }
        return finish(scaled, numbers: numbers, scaling: false, transform: transform)
    }

    /// Source frames already made at the source's size (a budget's sample): scaled and drawn over.
    func make(fromSource images: [RGBAImage], numbers: [Int]) -> [RGBAImage] {
        finish(images, numbers: numbers, scaling: true) { $0 }
    }

    /// `images` (frames `numbers`) scaled if `scaling`, the screen and touches drawn over them,
    /// then `transform`ed, on all cores.
    private func finish(_ images: [RGBAImage], numbers: [Int], scaling: Bool,
                        transform: @escaping @Sendable (RGBAImage) -> RGBAImage) -> [RGBAImage] {
        let scaler = scaling ? self.scaler : nil
        guard drawing != nil || scaler != nil else { return images.map(transform) }
        let drawing = self.drawing
        let results = Slots<RGBAImage>(count: images.count)
        DispatchQueue.concurrentPerform(iterations: images.count) { position in
            let scaled = scaler?.scale(images[position]) ?? images[position]
            results.set(position, transform(drawing?.apply(scaled, frame: numbers[position]) ?? scaled))
        }
        return results.results.map { $0! }
    }
}

extension Exporter {
    /// The screen drawn at each size a file's tries take, made once per size; its styles decided
    /// once, from a few frames spread over the sequence at the first size asked.
    final class DrawingCache: @unchecked Sendable {
        private let exporter: Exporter
        private let made = Mutex<[Int: ScreenDrawing]>([:])

        init(exporter: Exporter) { self.exporter = exporter }

        /// The drawing at `width × height`; with `bare`, one that draws nothing itself where the
        /// frames get no screen (a title goes above them).
        func drawing(width: Int, height: Int, bare: Bool = false) throws(ScrollRenderError) -> ScreenDrawing? {
            let source = exporter.source
            guard let overlay = source.overlay else {
                return bare ? ScreenOverlay(bareView: source.viewSize, fps: source.fps).drawing(width: width, height: height, deciding: []) : nil
            }
            if let drawing = made.withLock({ $0[width] }) { return drawing }
            let drawing: ScreenDrawing
            if let decided = made.withLock({ $0.values.first }) {
                drawing = overlay.drawing(width: width, height: height, styles: decided.styles)
            } else if !overlay.decidesStyles {
                drawing = overlay.drawing(width: width, height: height, deciding: [])
            } else {
                let samples = ShownFrames(source: source.frames, shown: ScreenOverlay.styleSamples(source.frames.indices),
                                              sourceWidth: source.pixelWidth, sourceHeight: source.pixelHeight,
                                              width: width, height: height, drawing: nil)
                drawing = overlay.drawing(width: width, height: height, deciding: try samples.frames(Array(samples.indices)))
            }
            made.withLock { $0[width] = drawing }
            return drawing
        }
    }
}
