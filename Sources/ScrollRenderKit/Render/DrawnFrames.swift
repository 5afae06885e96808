import Compositor
import Dispatch
import Raster

/// A render's frames drawn again in memory for its exports, so that a GIF or an MP4 costs no PNG
/// decode of what was just encoded. A frame drawn from a content layer is the frame drawn alone,
/// pixel for pixel (``Compositor/render(_:from:into:leavingLayerRows:)``), so these are the frame
/// files' pictures exactly, and an export made here is the one `scrollrender export` makes from
/// the folder.
struct DrawnFrames: ExportFrameSource {
    let compositor: Compositor
    /// Every frame of the sequence, by global number.
    let sequence: [Compositor.Frame]
    let indices: Range<Int>

    func frames(_ wanted: [Int], transform: @escaping @Sendable (RGBAImage) -> RGBAImage) -> [RGBAImage] {
        let placed = wanted.map { compositor.placed(sequence[$0]) }
        // One content layer drawn for the batch when its frames can share one (a scroll at one
        // zoom scale; the compositor says `nil` otherwise), else each frame is drawn alone.
        let layer = placed.count > 1 ? compositor.contentLayer(for: placed) : nil
        let results = Slots<RGBAImage>(count: placed.count)
        DispatchQueue.concurrentPerform(iterations: placed.count) { position in
            var image = RGBAImage(canvasWidth: compositor.pixelWidth, height: compositor.pixelHeight)
            if layer.flatMap({ compositor.render(placed[position], from: $0, into: &image) }) == nil {
                compositor.render(placed[position].frame, into: &image)
            }
            results.set(position, transform(image))
        }
        return results.results.map { $0! }
    }
}
