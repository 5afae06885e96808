import Compositor
import Geometry
import ImageCodecs
import Raster
import ScrollPhysics

/// Every setting of a render: the scroll view, the picture's presentation, the motion and the
/// output. Recorded whole in the manifest so that a sequence says how it was made.
public struct RenderSettings: Sendable, Equatable {
    /// The scroll view as configured. The scene adds what it derives: `contentSize` from the
    /// picture, the header's share of the inset, and — unless ``given`` says they were set — the
    /// initial `contentOffset` and the zoom limits. Assigning a property records its setting as
    /// given, as ``set(_:to:)`` does, so that the two ways of setting one cannot disagree.
    public var scrollView: ScrollView {
        get { view }
        set {
            var after = self
            after.view = newValue
            given.formUnion(Setting.allCases.filter { after.value(of: $0) != value(of: $0) })
            view = newValue
        }
    }
    /// The view as stored; what the device or a decoder fills in is not given.
    var view = ScrollView()
    /// The settings given explicitly, so that the scene derives only the others.
    public internal(set) var given: Set<Setting> = []

    /// The device whose view (size, scale, safe area) the scroll view fills, if one was named.
    public var device: Device?
    /// The device turned to landscape.
    public var isLandscape = false

    /// Like `UIImage.scale`: the picture has 1/imageScale points per pixel.
    public var imageScale = 1.0
    /// Scale the picture to the view instead (its ``imageScale`` then follows from its size).
    public var fit: PictureFit?
    /// The picture is a screenshot of the device (`true`), is not (`false`), or is if it looks it
    /// (`nil`): see ``ScreenshotBands``.
    public var screenshot: Bool?
    /// A picture shown as a stretchy header above the content.
    public var headerPath: String?
    public var headerStretch = StretchyHeader.defaultStretchFactor
    public var background = RGBA.white

    /// The device's screen over the frames (`true`), over the exports only (`nil`, with a device),
    /// or nowhere (`false`).
    public var chrome: Bool?
    public var statusBar = StatusBarChoice.auto
    /// A plain device outline around the screen.
    public var bezel = false
    /// What shows outside the screen's rounded corners (and the bezel); `nil` is clear.
    public var corners: RGBA?
    /// The fingers (and a trackpad's pointer) drawn where they touch.
    public var showTouches = false

    /// What the delegate does to `targetContentOffset` when a drag ends, if anything.
    public var targetContentOffset: TargetContentOffsetAdjustment?

    /// What happens, in order: the command line's gestures or a scenario's timeline.
    public var steps: [TimelineStep] = []

    public var fps = 60.0
    /// Still frames after everything has come to rest, in seconds.
    public var hold = 0.25
    /// zlib level for the frames; `nil` uses the fast encoder (larger files, many times faster).
    public var compressionLevel: Int?
    /// Write RGBA frames (transparent background) instead of opaque RGB.
    public var transparent = false

    public init() {}

    /// These settings with ``imageScale`` worked out from ``fit`` for a picture of this size
    /// (upright); a picture too small or too large for any scale is refused as `imageScale` would be.
    public func fitting(pictureWidth: Int, pictureHeight: Int) throws(ScrollRenderError) -> RenderSettings {
        guard let fit else { return self }
        var fitted = self
        fitted.imageScale = fit.imageScale(pictureWidth: pictureWidth, pictureHeight: pictureHeight,
                                           viewWidth: scrollView.boundsSize.width, viewHeight: scrollView.boundsSize.height)
        guard Self.imageScales.contains(fitted.imageScale) else {
            throw .beyondInput(.fit(fit, pictureWidth: pictureWidth, pictureHeight: pictureHeight, imageScale: fitted.imageScale))
        }
        return fitted
    }

    /// The encoder for this run's frames: RGBA when they may be transparent, or when the screen
    /// drawn over them leaves its corners clear.
    public var frameEncoder: PNGEncoder {
        let keepsAlpha = transparent || chrome == true && device != nil && corners == nil
        guard let compressionLevel else { return .frames(keepsAlpha: keepsAlpha) }
        return PNGEncoder(method: .zlib, compressionLevel: compressionLevel, filter: .up, keepsAlpha: keepsAlpha)
    }
}

/// One flat object, in the keys manifests have always used; the scroll view's keys sit beside
/// the render's own.
extension RenderSettings: Codable {
    private enum CodingKeys: String, CodingKey {
        case device, landscape, contentOffset, zoomRange, imageScale, headerPath, headerStretch, background, steps, targetContentOffset
        case fps, hold, compressionLevel, transparent
    }

    public init(from decoder: any Decoder) throws {
        view = try ScrollView(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let offset = try c.decodeIfPresent(Point.self, forKey: .contentOffset) {
            scrollView.contentOffset = offset
            given.insert(.offset)
        }
        if let range = try c.decodeIfPresent(ClosedRange<Double>.self, forKey: .zoomRange) {
            (scrollView.minimumZoomScale, scrollView.maximumZoomScale) = (range.lowerBound, range.upperBound)
            given.insert(.zoomRange)
        }
        // The view's size, scale and safe area are recorded as such; the device only names them.
        device = try c.decodeIfPresent(String.self, forKey: .device).flatMap(Device.named)
        isLandscape = try c.decodeIfPresent(Bool.self, forKey: .landscape) ?? false
        imageScale = try c.decodeIfPresent(Double.self, forKey: .imageScale) ?? imageScale
        headerPath = try c.decodeIfPresent(String.self, forKey: .headerPath)
        headerStretch = try c.decodeIfPresent(Double.self, forKey: .headerStretch) ?? headerStretch
        background = try c.decodeIfPresent(RGBA.self, forKey: .background) ?? background
        steps = try c.decodeIfPresent([TimelineStep].self, forKey: .steps) ?? []
        targetContentOffset = try c.decodeIfPresent(TargetContentOffsetAdjustment.self, forKey: .targetContentOffset)
        fps = try c.decodeIfPresent(Double.self, forKey: .fps) ?? fps
        hold = try c.decodeIfPresent(Double.self, forKey: .hold) ?? hold
        compressionLevel = try c.decodeIfPresent(Int.self, forKey: .compressionLevel)
        transparent = try c.decodeIfPresent(Bool.self, forKey: .transparent) ?? transparent
    }

    public func encode(to encoder: any Encoder) throws {
        try scrollView.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        if given.contains(.offset) { try c.encode(scrollView.contentOffset, forKey: .contentOffset) }
        if given.contains(.zoomRange) {
            try c.encode(scrollView.minimumZoomScale...scrollView.maximumZoomScale, forKey: .zoomRange)
        }
        try c.encodeIfPresent(device?.name, forKey: .device)
        if isLandscape { try c.encode(isLandscape, forKey: .landscape) }
        try c.encode(imageScale, forKey: .imageScale)
        try c.encodeIfPresent(headerPath, forKey: .headerPath)
        try c.encode(headerStretch, forKey: .headerStretch)
        try c.encode(background, forKey: .background)
        try c.encode(steps, forKey: .steps)
        try c.encodeIfPresent(targetContentOffset, forKey: .targetContentOffset)
        try c.encode(fps, forKey: .fps)
        try c.encode(hold, forKey: .hold)
        try c.encodeIfPresent(compressionLevel, forKey: .compressionLevel)
        try c.encode(transparent, forKey: .transparent)
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
