#if canImport(Glibc)
import Glibc
#endif
import Raster
import Geometry

/// Turns one frame of scroll state into output pixels, the way UIKit would draw a `UIImageView` at its
/// natural size inside a `UIScrollView`.
///
/// Drawing order: background colour → header picture (aspect fill, clipped to its frame) → content →
/// scroll indicators. Layers are composited "over" in premultiplied 8-bit RGBA.
///
/// ## Mapping
/// Output pixel `(i, j)` covers view points `[i/s, (i+1)/s) × [j/s, (j+1)/s)` (`s = displayScale`).
/// Content point `p` appears at view point `p × zoomScale − contentOffset`, and content point `p` is
/// source pixel `p / contentPointsPerPixel`. Nothing is snapped to whole pixels: a fractional offset
/// shifts the picture by that fraction, so slow motion glides.
///
/// ## Filtering
/// Separable, with per-frame weight tables (``AxisFilter``) and integer arithmetic (``Resampler``).
/// Each output pixel reads a box of width `max(footprint, 1)` source pixels centred on its centre:
/// bilinear when magnifying, the exact area average (fractional edge weights) when minifying. Beyond a
/// footprint of 4 the box is taken on the mipmap level where it spans 2–4 pixels. The identity mapping
/// at integer offsets reproduces source pixels exactly. Filtering happens in premultiplied space.
///
/// At the picture's edges an output pixel is blended by the fraction of it the picture covers; colours
/// are never extrapolated beyond the picture and never darkened by what lies outside it.
///
/// ## Threads
/// A `Compositor` is immutable. ``render(_:into:)`` allocates only a few scratch rows per call and may
/// run concurrently on any number of threads; results are identical bytes on every machine.
public struct Compositor: Sendable {
    public let viewSize: Size
    public let displayScale: Double
    public let background: RGBA
    public let content: SourceImage
    /// Points per source pixel: `1 / UIImage.scale` (0.5 for an @2x picture).
    public let contentPointsPerPixel: Double
    public let header: SourceImage?
    /// Whether every output pixel has alpha 255 (then ``background`` must be opaque).
    public let opaqueOutput: Bool

    /// - Parameters:
    ///   - viewSize: The scroll view's bounds size in points.
    ///   - displayScale: Device pixels per point (`UIScreen.scale`).
    ///   - background: What shows where no layer covers, straight alpha; opaque when `opaqueOutput`.
    ///   - content: The scrolled picture.
    ///   - contentPointsPerPixel: `1 / imageScale`: a `UIImage` with scale `S` has `1/S` pt per pixel.
    ///   - header: The stretchy header picture, drawn under the content into ``Frame/headerFrame``.
    ///   - opaqueOutput: Produce alpha 255 everywhere. When false, the output is straight alpha.
    public init(
        viewSize: Size, displayScale: Double, background: RGBA, content: SourceImage,
        contentPointsPerPixel: Double, header: SourceImage? = nil, opaqueOutput: Bool = true
    ) {
        precondition(viewSize.width >= 0 && viewSize.height >= 0, "Compositor: negative view size \(viewSize)")
        precondition(displayScale > 0 && displayScale.isFinite, "Compositor: display scale \(displayScale) is not positive")
        precondition(contentPointsPerPixel > 0 && contentPointsPerPixel.isFinite,
                     "Compositor: contentPointsPerPixel \(contentPointsPerPixel) is not positive")
        precondition(!opaqueOutput || background.alpha == 255,
                     "Compositor: opaque output needs an opaque background, not alpha \(background.alpha)")
        self.viewSize = viewSize
        self.displayScale = displayScale
        self.background = background
        self.content = content
        self.contentPointsPerPixel = contentPointsPerPixel
        self.header = header
        self.opaqueOutput = opaqueOutput
    }

    /// Output width in device pixels: `viewSize.width × displayScale`, rounded.
    public var pixelWidth: Int { Int((viewSize.width * displayScale).rounded()) }
    /// Output height in device pixels: `viewSize.height × displayScale`, rounded.
    public var pixelHeight: Int { Int((viewSize.height * displayScale).rounded()) }

    /// Renders `frame` into a new picture of ``pixelWidth`` × ``pixelHeight``.
    public func render(_ frame: Frame) -> RGBAImage {
        var image = RGBAImage(width: pixelWidth, height: pixelHeight)
        render(frame, into: &image)
        return image
    }

    /// Renders `frame` into `image`, reusing its storage when it already has the output size
    /// (otherwise it is replaced by a picture of that size). Every pixel is overwritten.
    public func render(_ frame: Frame, into image: inout RGBAImage) {
        let width = pixelWidth, height = pixelHeight
        if image.width != width || image.height != height {
            image = RGBAImage(width: width, height: height)
        }
        guard width > 0, height > 0 else { return }
        let placement = contentPlacement(frame)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            // Pixels that opaque content covers entirely never show what is below them: skip filling those.
            var covered: (x: Range<Int>, y: Range<Int>)?
            if let placement, content.isOpaque {
                let x0 = Int(ceil(max(placement.minX, 0))), x1 = Int(floor(min(placement.maxX, Double(width))))
                let y0 = Int(ceil(max(placement.minY, 0))), y1 = Int(floor(min(placement.maxY, Double(height))))
                if x1 > x0, y1 > y0 { covered = (x0..<x1, y0..<y1) }
            }
            Blending.fill(pixels, width: width, with: background, except: covered)
            if let header, let headerFrame = frame.headerFrame {
                drawHeader(header, in: headerFrame, into: pixels, width: width, height: height)
            }
            if let placement {
                draw(content, placedAt: placement, clippedTo: nil, into: pixels, width: width, height: height)
            }
            for indicator in frame.indicators {
                IndicatorRenderer.draw(indicator, scale: displayScale, into: pixels, width: width, height: height)
            }
            if !opaqueOutput {
                Blending.unpremultiply(pixels)
            }
        }
    }

    // MARK: - Layers

    /// Where the content picture lies in output pixels, or `nil` if the zoom scale is unusable.
    func contentPlacement(_ frame: Frame) -> Rect? {
        Self.placement(of: frame, picture: content.geometry, displayScale: displayScale, contentPointsPerPixel: contentPointsPerPixel)
    }

    /// Where the whole content picture lies in output pixels for `frame`.
    static func placement(of frame: Frame, picture: PictureGeometry, displayScale: Double, contentPointsPerPixel: Double) -> Rect? {
        guard frame.zoomScale > 0, frame.zoomScale.isFinite,
              frame.contentOffset.x.isFinite, frame.contentOffset.y.isFinite else { return nil }
        // Output pixels per source pixel, and where source pixel (0, 0)'s corner lands.
        let magnification = contentPointsPerPixel * frame.zoomScale * displayScale
        return Rect(
            x: -frame.contentOffset.x * displayScale, y: -frame.contentOffset.y * displayScale,
            width: Double(picture.width) * magnification, height: Double(picture.height) * magnification)
    }

    private func drawHeader(
        _ picture: SourceImage, in frame: Rect,
        into pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int
    ) {
        guard frame.width > 0, frame.height > 0, picture.width > 0, picture.height > 0 else { return }
        let clip = Rect(
            x: frame.minX * displayScale, y: frame.minY * displayScale,
            width: frame.width * displayScale, height: frame.height * displayScale)
        // UIView.ContentMode.scaleAspectFill: the larger of the two fitting scales, centred.
        let magnification = max(clip.width / Double(picture.width), clip.height / Double(picture.height))
        let size = Size(width: Double(picture.width) * magnification, height: Double(picture.height) * magnification)
        let placed = Rect(
            origin: Point(x: clip.midX - size.width / 2, y: clip.midY - size.height / 2), size: size)
        draw(picture, placedAt: placed, clippedTo: clip, into: pixels, width: width, height: height)
    }

    /// Resamples `picture` so that it fills `placed` (output pixels), shows it only inside `clip` and the
    /// output, and composites it over `pixels`.
    func draw(
        _ picture: SourceImage, placedAt placed: Rect, clippedTo clip: Rect?,
        into pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int
    ) {
        guard picture.width > 0, picture.height > 0,
              let (levelIndex, columns, rows) = Self.filters(for: picture.geometry, mipmapped: picture.levels.count > 1,
                                                             placedAt: placed, clippedTo: clip, width: width, height: height),
              levelIndex < picture.levels.count, let origin = picture.origin(atLevel: levelIndex) else { return }
        Resampler.draw(picture.levels[levelIndex], origin: origin, columns: columns, rows: rows,
                       into: pixels.baseAddress!, destinationWidth: width)
    }

    /// The level to sample and the filters that map it onto the output, built for the whole
    /// picture (even when `picture` holds a region of it), so that a region draws the same pixels.
    static func filters(
        for geometry: PictureGeometry, mipmapped: Bool, placedAt placed: Rect, clippedTo clip: Rect?, width: Int, height: Int
    ) -> (level: Int, columns: AxisFilter, rows: AxisFilter)? {
        guard geometry.width > 0, geometry.height > 0, placed.width > 0, placed.height > 0 else { return nil }
        let footprint = Double(geometry.width) / placed.width  // source pixels per output pixel
        let levelIndex = mipmapped ? geometry.levelIndex(forFootprint: footprint) : 0
        let level = geometry.level(levelIndex)
        let levelScale = footprint * level.extentWidth / Double(geometry.width)

        var visibleX = (lower: max(placed.minX, 0), upper: min(placed.maxX, Double(width)))
        var visibleY = (lower: max(placed.minY, 0), upper: min(placed.maxY, Double(height)))
        if let clip {
            visibleX = (max(visibleX.lower, clip.minX), min(visibleX.upper, clip.maxX))
            visibleY = (max(visibleY.lower, clip.minY), min(visibleY.upper, clip.maxY))
        }
        guard
            let columns = AxisFilter(
                destinationOrigin: placed.minX, scale: levelScale, extent: level.extentWidth,
                pixelCount: level.width, visible: visibleX),
            let rows = AxisFilter(
                destinationOrigin: placed.minY, scale: levelScale, extent: level.extentHeight,
                pixelCount: level.height, visible: visibleY)
        else { return nil }
        return (levelIndex, columns, rows)
    }
}

extension Compositor {
    /// The pixels of the content picture one frame reads, on the level it samples, given in
    /// level-0 pixels of the whole picture.
    public struct SourceFootprint: Sendable, Equatable {
        public var level: Int
        public var x: Range<Int>
        public var y: Range<Int>
    }

    /// What drawing `frame` reads of a (mipmapped) content picture of `picture`'s size — computed
    /// by the very filters that draw it — or `nil` when the content does not show. Decoding only
    /// the union of the frames' footprints (aligned to their deepest level) draws the same pixels.
    public static func contentFootprint(
        of frame: Frame, picture: PictureGeometry, viewSize: Size, displayScale: Double, contentPointsPerPixel: Double
    ) -> SourceFootprint? {
        let width = Int((viewSize.width * displayScale).rounded()), height = Int((viewSize.height * displayScale).rounded())
        guard width > 0, height > 0,
              let placed = placement(of: frame, picture: picture, displayScale: displayScale, contentPointsPerPixel: contentPointsPerPixel),
              let (level, columns, rows) = filters(for: picture, mipmapped: true, placedAt: placed, clippedTo: nil, width: width, height: height)
        else { return nil }
        let step = 1 << level
        let (firstColumn, endColumn) = columns.readColumns, (firstRow, endRow) = rows.readRows
        return SourceFootprint(level: level,
                               x: (firstColumn * step)..<min(endColumn * step, picture.width),
                               y: (firstRow * step)..<min(endRow * step, picture.height))
    }
}

extension Compositor {
    /// The scroll state of one frame, as a `UIScrollView` would report it.
    public struct Frame: Sendable, Equatable {
        /// `UIScrollView.contentOffset` in points: content point `p` appears at view point
        /// `p × zoomScale − contentOffset`.
        public var contentOffset: Point
        public var zoomScale: Double
        /// The stretchy header's frame in view coordinates (points); `nil` or empty draws no header.
        /// The header picture is drawn aspect-fill into it, centred, clipped to it, under the content.
        public var headerFrame: Rect?
        /// Drawn last, in order.
        public var indicators: [Indicator]

        public init(contentOffset: Point = .zero, zoomScale: Double = 1, headerFrame: Rect? = nil, indicators: [Indicator] = []) {
            (self.contentOffset, self.zoomScale, self.headerFrame, self.indicators) = (contentOffset, zoomScale, headerFrame, indicators)
        }
    }

    /// One scroll indicator: a rounded rectangle drawn in `color` at layer opacity `alpha`.
    public struct Indicator: Sendable, Equatable {
        /// In view coordinates (points).
        public var frame: Rect
        /// In points; half the thickness makes a pill. Clamped to half the shorter side.
        public var cornerRadius: Double
        /// Straight colour with its own alpha (iOS's default style is black at 0x59).
        public var color: RGBA
        /// Layer opacity in 0...1 (the fade), multiplied with `color.alpha`.
        public var alpha: Double

        public init(frame: Rect, cornerRadius: Double, color: RGBA, alpha: Double = 1) {
            (self.frame, self.cornerRadius, self.color, self.alpha) = (frame, cornerRadius, color, alpha)
        }
    }
}
