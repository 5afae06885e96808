import Compositor
import Geometry
import ImageCodecs
import Raster
import ScrollPhysics

/// Every setting of a render, as the command line and scenario files give them. Recorded whole
/// in the manifest so that a sequence says how it was made.
public struct RenderSettings: Sendable, Equatable, Codable {
    // MARK: Scroll view
    /// The view's size in points (an iPhone 14/15/16 portrait screen by default).
    public var viewSize = Size(width: 390, height: 844)
    /// Device pixels per point.
    public var displayScale = 2.0
    /// The initial contentOffset; `nil` shows the top-left of the content inside the insets.
    public var contentOffset: Point?
    public var contentInset = EdgeInsets.zero
    public var decelerationRate = DecelerationRate.normal.rawValue
    public var isPagingEnabled = false
    public var bounces = true
    public var alwaysBounceHorizontal = false
    public var alwaysBounceVertical = false
    public var isDirectionalLockEnabled = false
    /// The initial zoomScale.
    public var zoomScale = 1.0
    /// `minimumZoomScale`…`maximumZoomScale`; `nil` means 1…1, or aspect-fit…4 when a gesture zooms.
    public var zoomRange: ClosedRange<Double>?
    public var bouncesZoom = true
    /// Indicator style, or `nil` for none.
    public var indicatorStyle: ScrollIndicatorStyle? = .default
    /// Like `UIImage.scale`: the picture has 1/imageScale points per pixel.
    public var imageScale = 1.0
    /// A picture shown as a stretchy header above the content.
    public var headerPath: String?
    public var headerStretch = StretchyHeader.defaultStretchFactor
    public var background = RGBA.white

    // MARK: Motion
    /// What happens, in order: the command line's gestures or a scenario's timeline.
    public var steps: [Step] = []

    // MARK: Output
    public var fps = 60.0
    /// Still frames after everything has come to rest, in seconds.
    public var hold = 0.25
    /// zlib level for the frames; `nil` uses the fast encoder (larger files, many times faster).
    public var compressionLevel: Int?
    /// Write RGBA frames (transparent background) instead of opaque RGB.
    public var transparent = false

    public init() {}

    /// The encoder for this run's frames.
    public var frameEncoder: PNGEncoder {
        guard let compressionLevel else { return .frames(keepsAlpha: transparent) }
        return PNGEncoder(method: .zlib, compressionLevel: compressionLevel, filter: .up, keepsAlpha: transparent)
    }
}

extension RGBA: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = RGBA(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a colour: \(text)"))
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }
}
