import Dispatch
import Raster
import Compositor
import Geometry
import ImageCodecs

/// The part of the picture a render reads: the union of what every frame's filters read of the
/// content (the visible rectangle plus the filter's reach), on the grid of the deepest mipmap
/// level any frame samples, so that decoding just this region draws exactly the frames a whole
/// decode would. A fling over a giant picture decodes what the view passes over, not the picture.
enum ContentRegion {
    /// The region of `picture` (upright, at the decode scale) that `frames` read — a single pixel
    /// when the content never shows — and the deepest mipmap level any of them samples.
    static func union(of frames: some Sequence<Compositor.Frame>, picture: PictureGeometry, settings: RenderSettings,
                      contentPointsPerPixel: Double) -> (region: ImageRegion, deepestLevel: Int) {
        // Each frame's filters are worked out in full: on all cores, a part of the frames each.
        let frames = Array(frames), parts = min(frames.count, 8)
        let found = Slots<(x: (lower: Int, upper: Int), y: (lower: Int, upper: Int), deepest: Int)>(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var x = (lower: Int.max, upper: Int.min), y = (lower: Int.max, upper: Int.min)
            var deepest = 0
            var previous: Compositor.Frame?
            for frame in frames[(part * frames.count / parts)..<((part + 1) * frames.count / parts)] where frame != previous {
                previous = frame
                guard let read = Compositor.contentFootprint(
                    of: frame, picture: picture, viewSize: settings.scrollView.boundsSize,
                    displayScale: settings.scrollView.displayScale, contentPointsPerPixel: contentPointsPerPixel) else { continue }
                x = (min(x.lower, read.x.lowerBound), max(x.upper, read.x.upperBound))
                y = (min(y.lower, read.y.lowerBound), max(y.upper, read.y.upperBound))
                deepest = max(deepest, read.level)
            }
            found.set(part, (x, y, deepest))
        }
        let reads = found.results.compactMap { $0 }
        let x = (lower: reads.map { $0.x.lower }.min() ?? Int.max, upper: reads.map { $0.x.upper }.max() ?? Int.min)
        let y = (lower: reads.map { $0.y.lower }.min() ?? Int.max, upper: reads.map { $0.y.upper }.max() ?? Int.min)
        let deepest = reads.map { $0.deepest }.max() ?? 0
        guard x.lower < x.upper, y.lower < y.upper else { return (ImageRegion(x: 0, y: 0, width: 1, height: 1), 0) }
        let step = 1 << deepest
        let left = x.lower / step * step, top = y.lower / step * step
        let right = min(picture.width, (x.upper + step - 1) / step * step)
        let bottom = min(picture.height, (y.upper + step - 1) / step * step)
        return (ImageRegion(x: left, y: top, width: right - left, height: bottom - top), deepest)
    }
}
