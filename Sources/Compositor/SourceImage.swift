import Raster

/// A picture prepared for sampling by the ``Compositor``: the straight-alpha RGBA8 pixels as given,
/// plus a mipmap pyramid for minification.
///
/// The pyramid is built once, in `init`: each level halves the one above with a 2×2 box filter
/// (premultiplied, rounded half to even) down to 1×1, which adds a third to the memory of the picture
/// (32 MB for a 6000×4000 photo). The compositor never reads a level coarser than it needs: it picks
/// the level on which an output pixel spans 2 to 4 source pixels and area-averages there (see
/// ``Compositor``), so minified frames do not alias and still cost a bounded number of taps per pixel.
///
/// A `SourceImage` is immutable and `Sendable`; one instance can serve any number of compositors and
/// threads. Level 0 shares storage with the `RGBAImage` it was made from (copy-on-write, no copy).
public struct SourceImage: Sendable {
    /// Level 0 first, each next level half the size (rounded up) of the one before.
    let levels: [MipmapLevel]

    /// Whether every pixel has alpha 255; then no premultiplication is ever done.
    public let isOpaque: Bool

    /// Prepares `image` for sampling and builds its mipmap pyramid.
    ///
    /// - Parameters:
    ///   - image: The picture, straight alpha as decoded.
    ///   - mipmapped: Whether to build the pyramid. Without it, minified frames are still exact area
    ///     averages (read from level 0), but their cost grows with the number of source pixels covered.
    ///     Leave it on unless the run never zooms out further than 4 source pixels per output pixel.
    public init(_ image: RGBAImage, mipmapped: Bool = true) {
        let opaque = image.isOpaque
        var levels = [
            MipmapLevel(
                width: image.width, height: image.height,
                extentWidth: Double(image.width), extentHeight: Double(image.height),
                pixels: image.pixels, isPremultiplied: opaque)
        ]
        if mipmapped {
            while let last = levels.last, last.width > 1 || last.height > 1 {
                levels.append(last.halved(isOpaque: opaque))
            }
        }
        self.levels = levels
        self.isOpaque = opaque
    }

    /// Width of the picture in pixels.
    public var width: Int { levels[0].width }
    /// Height of the picture in pixels.
    public var height: Int { levels[0].height }
    /// Number of pyramid levels, the picture itself included (1 when not mipmapped).
    public var levelCount: Int { levels.count }

    /// The level to area-average from when one output pixel spans `footprint` level-0 pixels:
    /// the coarsest level on which it still spans at least two pixels (level 0 below a footprint of 4).
    ///
    /// Reading 2–4 pixels of a level keeps the mip pre-blur a small part of the kernel (at most half
    /// its width), so the result stays close to the exact area average, at 3–5 taps per axis.
    func levelIndex(forFootprint footprint: Double) -> Int {
        var index = 0
        var scaled = footprint
        while index + 1 < levels.count, scaled >= 4 {
            scaled /= 2
            index += 1
        }
        return index
    }
}
