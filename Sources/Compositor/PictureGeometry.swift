/// The size of a whole picture and of each level of its mipmap pyramid: what the filters are
/// built from, so that a region of the picture is sampled exactly as the whole picture would be.
public struct PictureGeometry: Sendable, Hashable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
    }

    /// Level `index`: its pixel counts (each level halves the one above, rounded up) and the
    /// picture's true extent in its pixels (`size / 2^index`, which may end mid-pixel).
    func level(_ index: Int) -> (width: Int, height: Int, extentWidth: Double, extentHeight: Double) {
        var (w, h) = (width, height)
        for _ in 0..<index { (w, h) = ((w + 1) / 2, (h + 1) / 2) }
        let factor = Double(1 << index)
        return (w, h, Double(width) / factor, Double(height) / factor)
    }

    /// Levels down to 1×1, the picture itself included.
    var levelCount: Int {
        var (w, h, count) = (width, height, 1)
        while w > 1 || h > 1 {
            (w, h) = ((w + 1) / 2, (h + 1) / 2)
            count += 1
        }
        return count
    }

    /// The level to area-average from when one output pixel spans `footprint` level-0 pixels:
    /// the coarsest level on which it still spans at least two pixels (level 0 below a footprint of 4).
    ///
    /// Reading 2–4 pixels of a level keeps the mip pre-blur a small part of the kernel (at most half
    /// its width), so the result stays close to the exact area average, at 3–5 taps per axis.
    func levelIndex(forFootprint footprint: Double) -> Int {
        let count = levelCount
        var index = 0
        var scaled = footprint
        while index + 1 < count, scaled >= 4 {
            scaled /= 2
            index += 1
        }
        return index
    }
}
