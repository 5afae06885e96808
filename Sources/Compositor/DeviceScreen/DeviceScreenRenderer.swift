import Geometry
import Raster

/// Draws a device's screen over finished frames: the status bar, the home indicator, touches, the
/// Dynamic Island or notch, the rounded corners and, if asked, a bezel around it all.
///
/// Everything is rasterized once, when the renderer is made, into small coverage masks at the
/// frames' pixel scale; a frame then costs a blend of the pixels those masks cover, a fill and a few
/// mixes per corner row, and (in the automatic styles) a sparse luminance sample under the status
/// bar and the home indicator. Frames hold straight alpha, as the compositor's output does.
///
/// Order, bottom to top: the frame, the status bar, the home indicator, touches, the sensor housing
/// (a hole in the glass, over everything on the screen), what lies outside the corners, the bezel.
public struct DeviceScreenRenderer: Sendable {
    public struct Options: Sendable, Hashable {
        public var statusBarStyle: StatusBarStyle
        /// The home indicator's colour: black for dark content, white for light.
        public var homeIndicatorStyle: StatusBarStyle
        public var showsStatusBar: Bool
        public var showsSensorHousing: Bool
        public var showsHomeIndicator: Bool
        /// What shows outside the screen's rounded corners (and the bezel's): clear, or a backdrop.
        public var outsideColor: RGBA
        /// `nil` draws none, and the output is the frame's size.
        public var bezel: Bezel?

        public init(statusBarStyle: StatusBarStyle = .automatic, homeIndicatorStyle: StatusBarStyle = .automatic,
                    showsStatusBar: Bool = true, showsSensorHousing: Bool = true, showsHomeIndicator: Bool = true,
                    outsideColor: RGBA = .clear, bezel: Bezel? = nil) {
            self.statusBarStyle = statusBarStyle
            self.homeIndicatorStyle = homeIndicatorStyle
            self.showsStatusBar = showsStatusBar
            self.showsSensorHousing = showsSensorHousing
            self.showsHomeIndicator = showsHomeIndicator
            self.outsideColor = outsideColor
            self.bezel = bezel
        }
    }

    public let screen: DeviceScreen
    /// Frame pixels per point.
    public let scale: Double
    public private(set) var options: Options
    /// The size of the frames this renderer draws over: the screen's size × scale, rounded.
    public let frameWidth: Int
    public let frameHeight: Int

    private let statusBar: StatusBarArtwork?
    private let sensorHousing: CoverageMask?
    private let homeIndicator: HomeIndicatorArtwork?
    private let corners: CornerMask
    private let touchArtwork: TouchArtwork
    private let bezelWidth: Int
    private let bezelCorners: CornerMask?

    public init(screen: DeviceScreen, scale: Double, options: Options = Options()) {
        self.init(screen: screen, scale: scale, frameWidth: Int((screen.size.width * scale).rounded()),
                  frameHeight: Int((screen.size.height * scale).rounded()), options: options)
    }

    /// A renderer for frames of exactly `frameWidth × frameHeight` pixels, at the scale their width
    /// gives: an export scaled to a width of its own may round its height the other way.
    public init(screen: DeviceScreen, frameWidth: Int, frameHeight: Int, options: Options = Options()) {
        self.init(screen: screen, scale: Double(frameWidth) / screen.size.width, frameWidth: frameWidth, frameHeight: frameHeight,
                  options: options)
    }

    private init(screen: DeviceScreen, scale: Double, frameWidth: Int, frameHeight: Int, options: Options) {
        precondition(scale > 0 && scale.isFinite, "DeviceScreenRenderer: scale \(scale) is not positive")
        (self.screen, self.scale, self.options, self.frameWidth, self.frameHeight) = (screen, scale, options, frameWidth, frameHeight)
        statusBar = options.showsStatusBar ? StatusBarArtwork(screen: screen, scale: scale) : nil
        sensorHousing = options.showsSensorHousing ? Self.sensorHousingMask(screen, scale: scale) : nil
        homeIndicator = options.showsHomeIndicator ? HomeIndicatorArtwork(screen: screen, scale: scale) : nil
        corners = CornerMask(width: frameWidth, height: frameHeight, radius: screen.cornerRadius * scale)
        touchArtwork = TouchArtwork(scale: scale)
        let band = options.bezel?.pixels(atScale: scale) ?? 0
        bezelWidth = band
        bezelCorners = options.bezel.map { [frameWidth, frameHeight] bezel in
            CornerMask(width: frameWidth + 2 * band, height: frameHeight + 2 * band,
                       radius: (screen.cornerRadius + bezel.thickness) * scale)
        }
    }

    /// The picture ``render(_:touches:)`` makes from a `width × height` frame: larger by the bezel
    /// on every side, or the same.
    public func outputSize(forFrameWidth width: Int, height: Int) -> (width: Int, height: Int) {
        (width + 2 * bezelWidth, height + 2 * bezelWidth)
    }

    /// Draws everything but the bezel over `frame`, in place: the fast path for frames without one.
    public func draw(over frame: inout RGBAImage, touches: [TouchMark] = []) {
        checkSize(frame)
        let width = frame.width, height = frame.height
        frame.pixels.withUnsafeMutableBufferPointer { pixels in
            let target = ChromeTarget(base: pixels.baseAddress!, stride: width, originX: 0, originY: 0, width: width, height: height)
            drawScreen(on: target, touches: touches, outside: options.outsideColor)
        }
    }

    /// `frame` with the screen drawn over it, inside the bezel when there is one.
    public func render(_ frame: RGBAImage, touches: [TouchMark] = []) -> RGBAImage {
        var output = RGBAImage(canvasWidth: 0, height: 0)
        render(frame, touches: touches, into: &output)
        return output
    }

    /// Like ``render(_:touches:)``, into `output`, reusing its storage when it has the output's size.
    public func render(_ frame: RGBAImage, touches: [TouchMark] = [], into output: inout RGBAImage) {
        checkSize(frame)
        guard let bezel = options.bezel, let bezelCorners else {
            output = frame
            draw(over: &output, touches: touches)
            return
        }
        let size = outputSize(forFrameWidth: frame.width, height: frame.height)
        if output.width != size.width || output.height != size.height {
            output = RGBAImage(canvasWidth: size.width, height: size.height)
        }
        output.pixels.withUnsafeMutableBufferPointer { pixels in
            let whole = ChromeTarget(base: pixels.baseAddress!, stride: size.width, originX: 0, originY: 0,
                                     width: size.width, height: size.height)
            frame.pixels.withUnsafeBufferPointer { source in
                BezelPainter.paint(frame: source, width: frame.width, height: frame.height, band: bezelWidth, color: bezel.color, into: whole)
            }
            let screenArea = ChromeTarget(base: pixels.baseAddress!, stride: size.width, originX: bezelWidth, originY: bezelWidth,
                                          width: frame.width, height: frame.height)
            drawScreen(on: screenArea, touches: touches, outside: bezel.color)
            bezelCorners.apply(outside: options.outsideColor, to: whole)
        }
    }

    /// The styles ``draw(over:touches:)`` would use on `frame`: the options' own, or for
    /// ``StatusBarStyle/automatic`` the one that suits what lies under the status bar's glyphs and
    /// around the home indicator. Deciding once, from a sequence's first frame, and passing the
    /// result as fixed styles keeps them from flickering as content scrolls under them.
    public func styles(for frame: RGBAImage) -> (statusBar: StatusBarStyle, homeIndicator: StatusBarStyle) {
        checkSize(frame)
        let statusBar = statusBar.map { options.statusBarStyle == .automatic ? StatusBarStyle.suited(to: frame, in: $0.region) : options.statusBarStyle }
        let homeIndicator = homeIndicator.map {
            options.homeIndicatorStyle == .automatic ? StatusBarStyle.suited(to: frame, in: $0.region) : options.homeIndicatorStyle
        }
        return (statusBar ?? options.statusBarStyle, homeIndicator ?? options.homeIndicatorStyle)
    }

    /// This renderer with other styles for the status bar and the home indicator (those
    /// ``styles(for:)`` chose, say): the artwork is shared, not rasterized again.
    public func with(statusBarStyle: StatusBarStyle, homeIndicatorStyle: StatusBarStyle) -> DeviceScreenRenderer {
        var renderer = self
        renderer.options.statusBarStyle = statusBarStyle
        renderer.options.homeIndicatorStyle = homeIndicatorStyle
        return renderer
    }

    /// This renderer with `color` outside the corners (a file that cannot keep them clear).
    public func with(outsideColor color: RGBA) -> DeviceScreenRenderer {
        var renderer = self
        renderer.options.outsideColor = color
        return renderer
    }

    // MARK: - Drawing

    private func drawScreen(on target: ChromeTarget, touches: [TouchMark], outside: RGBA) {
        if let statusBar {
            let color = options.statusBarStyle.resolved(on: target, region: statusBar.region).glyphColor
            for mask in statusBar.masks { mask.draw(color, into: target) }
        }
        if let homeIndicator {
            let color = options.homeIndicatorStyle.resolved(on: target, region: homeIndicator.region).glyphColor
            homeIndicator.mask.draw(color, into: target)
        }
        for touch in touches { draw(touch, on: target) }
        sensorHousing?.draw(.black, into: target)
        corners.apply(outside: outside, to: target)
    }

    private func draw(_ touch: TouchMark, on target: ChromeTarget) {
        let x = touch.position.x * scale, y = touch.position.y * scale
        guard x.isFinite, y.isFinite, abs(x) < 1e9, abs(y) < 1e9 else { return }
        let dx = Int(x.rounded()), dy = Int(y.rounded())
        touchArtwork.mask(for: touch.kind).draw(touchArtwork.color(for: touch.kind), opacity: touch.opacity, shiftedBy: dx, dy, into: target)
        if touch.kind == .finger {
            touchArtwork.fingerRing.draw(TouchArtwork.ringColor, opacity: touch.opacity, shiftedBy: dx, dy, into: target)
        }
    }

    private func checkSize(_ frame: RGBAImage) {
        precondition(frame.width == frameWidth && frame.height == frameHeight,
                     "DeviceScreenRenderer: made for \(frameWidth)×\(frameHeight) frames, given \(frame.width)×\(frame.height)")
    }

    /// The island or notch, in this orientation, in frame pixels.
    private static func sensorHousingMask(_ screen: DeviceScreen, scale: Double) -> CoverageMask? {
        guard let housing = screen.sensorHousing else { return nil }
        let outline = housing.outline(inScreenWidth: screen.portraitSize.width)
        let placement = ChromeTransform(scale: scale, quarterTurnWidth: screen.isLandscape ? screen.portraitSize.width : nil)
        return CoverageMask(parts: [(.mapped(outline, placement), 1)])
    }
}
