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
    /// The whole picture this one is, or is a region of: filters are built for it.
    public let geometry: PictureGeometry
    /// Where this picture's pixel (0, 0) lies in the whole picture (zero unless a region).
    public let originX: Int
    public let originY: Int

    /// Prepares `image` for sampling and builds its mipmap pyramid.
    ///
    /// - Parameters:
    ///   - image: The picture, straight alpha as decoded.
    ///   - mipmapped: Whether to build the pyramid. Without it, minified frames are still exact area
    ///     averages (read from level 0), but their cost grows with the number of source pixels covered.
    ///     Leave it on unless the run never zooms out further than 4 source pixels per output pixel.
    public init(_ image: RGBAImage, mipmapped: Bool = true) {
        self.init(region: image, x: 0, y: 0, of: PictureGeometry(width: image.width, height: image.height), mipmapped: mipmapped)
    }

    /// Prepares a region of a larger picture: `image` holds its pixels from (`x`, `y`) on. Frames
    /// that read only inside the region get exactly the whole picture's pixels, provided `x` and
    /// `y` are multiples of 2^L for the deepest mipmap level L they read, and the region ends on
    /// such a multiple or at the picture's end (so that its mipmap blocks are the whole's).
    ///
    /// `levels` limits the pyramid to the levels the frames will read (a fling at full size reads
    /// level 0 only): each level is a third of the memory of the one above it. `knownOpaque` (a
    /// picture whose format has no alpha) spares a pass over the pixels to find out.
    public init(region image: RGBAImage, x: Int, y: Int, of picture: PictureGeometry, mipmapped: Bool = true, levels limit: Int = .max,
                knownOpaque: Bool = false) {
        geometry = picture
        (originX, originY) = (x, y)
        let opaque = knownOpaque || image.isOpaque
        var levels = [
            MipmapLevel(
                width: image.width, height: image.height,
                extentWidth: Double(image.width), extentHeight: Double(image.height),
                pixels: image.pixels, isPremultiplied: opaque)
        ]
        if mipmapped {
            while let last = levels.last, last.width > 1 || last.height > 1, levels.count < limit {
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

    /// The level to area-average from for a `footprint` (see ``PictureGeometry``); 0 without a pyramid.
    func levelIndex(forFootprint footprint: Double) -> Int {
        levels.count > 1 ? geometry.levelIndex(forFootprint: footprint) : 0
    }

    /// Where this picture's pixel (0, 0) lies on the whole picture's level `index`, or `nil` when
    /// the region does not start on that level's pixel grid (it cannot serve that level exactly).
    func origin(atLevel index: Int) -> (x: Int, y: Int)? {
        let step = 1 << index
        guard originX % step == 0, originY % step == 0 else { return nil }
        return (originX / step, originY / step)
    }
}
