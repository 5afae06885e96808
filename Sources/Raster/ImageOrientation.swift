/// How a stored picture must be turned to stand upright, named as `UIImage.Orientation` names it.
///
/// The raw values are the EXIF Orientation tag (1–8). Cameras store the sensor's rows as they came
/// and record the turn in this tag; a phone applies it before showing the picture, and so do we.
public enum ImageOrientation: Int, Sendable, CaseIterable, Codable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// The orientation an EXIF value stands for; missing or invalid values (0, 9, …) mean `.up`, as Pillow reads them.
    public init(exifValue: Int?) {
        self = exifValue.flatMap(ImageOrientation.init(rawValue:)) ?? .up
    }

    /// Whether turning the picture upright exchanges its width and height.
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }
}

extension RGBAImage {
    /// The picture turned upright according to `orientation`, as Pillow's `exif_transpose` does.
    public func applying(_ orientation: ImageOrientation) -> RGBAImage {
        if orientation == .up { return self }
        let outputWidth = orientation.swapsWidthAndHeight ? height : width
        let outputHeight = orientation.swapsWidthAndHeight ? width : height
        var output = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                let source = source.bindMemory(to: UInt32.self)
                let destination = destination.bindMemory(to: UInt32.self)
                for outputY in 0..<outputHeight {
                    for outputX in 0..<outputWidth {
                        let (x, y) = sourceCoordinates(outputX, outputY, orientation)
                        destination[outputY * outputWidth + outputX] = source[y * width + x]
                    }
                }
            }
        }
        return RGBAImage(width: outputWidth, height: outputHeight, pixels: output)
    }

    /// Where the pixel shown at (x, y) of the upright picture is stored.
    private func sourceCoordinates(_ x: Int, _ y: Int, _ orientation: ImageOrientation) -> (Int, Int) {
        switch orientation {
        case .up: (x, y)
        case .upMirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .downMirrored: (x, height - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, height - 1 - x)
        case .rightMirrored: (width - 1 - y, height - 1 - x)
        case .left: (width - 1 - y, x)
        }
    }
}
