import Dispatch
import Raster

/// A render's frames drawn again for its exports, with the screen drawn over them as over the
/// frame files (`chrome` on): the pictures an export of the folder would decode.
struct DrawnOverFrames: ExportFrameSource {
    let base: any ExportFrameSource
    let drawing: ScreenDrawing

    var indices: Range<Int> { base.indices }

    func frames(_ indices: [Int], transform: @escaping @Sendable (RGBAImage) -> RGBAImage) throws(ScrollRenderError) -> [RGBAImage] {
        let drawn = try base.frames(indices)
        let results = Slots<RGBAImage>(count: drawn.count)
        DispatchQueue.concurrentPerform(iterations: drawn.count) { position in
            results.set(position, transform(drawing.apply(drawn[position], frame: indices[position])))
        }
        return results.results.map { $0! }
    }
}
