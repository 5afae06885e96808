/// A rectangle of whole pixels: `x`, `y` is its top-left pixel, `width` × `height` its size, with
/// y growing downwards as in the picture's rows.
public struct ImageRegion: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The region from column `minX` to `maxX` and row `minY` to `maxY`, all inclusive.
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.init(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The whole of a `width` × `height` picture.
    public init(width: Int, height: Int) {
        self.init(x: 0, y: 0, width: width, height: height)
    }

    /// `width * height` (only meaningful for a region inside a picture).
    public var pixelCount: Int { width * height }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }

    /// Whether the region is non-empty and lies within a `width` × `height` picture.
    public func isInside(width pictureWidth: Int, height pictureHeight: Int) -> Bool {
        x >= 0 && y >= 0 && width > 0 && height > 0
            && width <= pictureWidth - x && height <= pictureHeight - y
    }

    /// Where this region of the upright picture is stored in the file, for a stored picture of
    /// `storedWidth` × `storedHeight` that `orientation` turns upright (the correspondence of
    /// `RGBAImage.applying(_:)`): decoding the stored region and applying the orientation gives
    /// this region's pixels.
    public func stored(in orientation: ImageOrientation, storedWidth w: Int, storedHeight h: Int) -> ImageRegion {
        switch orientation {
        case .up: self
        case .upMirrored: ImageRegion(x: w - x - width, y: y, width: width, height: height)
        case .down: ImageRegion(x: w - x - width, y: h - y - height, width: width, height: height)
        case .downMirrored: ImageRegion(x: x, y: h - y - height, width: width, height: height)
        case .leftMirrored: ImageRegion(x: y, y: x, width: height, height: width)
        case .right: ImageRegion(x: y, y: h - x - width, width: height, height: width)
        case .rightMirrored: ImageRegion(x: w - y - height, y: h - x - width, width: height, height: width)
        case .left: ImageRegion(x: w - y - height, y: x, width: height, height: width)
        }
    }
}
