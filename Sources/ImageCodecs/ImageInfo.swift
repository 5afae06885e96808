import Raster

/// What a picture's header says, and the size it will have once turned upright.
public struct ImageInfo: Sendable, Equatable, Codable {
    public var format: ImageFormat
    /// Size as stored in the file.
    public var storedWidth: Int
    public var storedHeight: Int
    /// The EXIF orientation (`.up` when the file has none).
    public var orientation: ImageOrientation
    /// The file's colour model: `RGB`, `YCbCr`, `Grayscale`, `CMYK`, `YCCK`, `Palette`, …
    public var colorSpace: String
    /// Bits per sample as stored.
    public var bitDepth: Int
    /// Whether the picture can carry transparency (an alpha channel or tRNS).
    public var hasAlpha: Bool
    /// Progressive JPEG or interlaced PNG.
    public var isProgressive: Bool

    /// Width of the upright picture.
    public var width: Int { orientation.swapsWidthAndHeight ? storedHeight : storedWidth }
    /// Height of the upright picture.
    public var height: Int { orientation.swapsWidthAndHeight ? storedWidth : storedHeight }
    public var pixelCount: Int { storedWidth * storedHeight }
}

/// A decoded picture: upright RGBA8 pixels, its header and whatever the library warned about.
public struct DecodedImage: Sendable {
    public var image: RGBAImage
    public var info: ImageInfo
    /// Recoverable damage the library reported (e.g. "Corrupt JPEG data: 3 extraneous bytes").
    public var warnings: [String]
}
