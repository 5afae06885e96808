import Compositor
import Geometry
import Raster
import ScrollPhysics

/// What is drawn over a render's frames to make them read as a recording of a phone: the device's
/// screen (status bar, Dynamic Island or notch, home indicator, rounded corners, a bezel if asked)
/// and the fingers where they touch. Made from the settings and the touches the simulation
/// handled, so that a render and `scrollrender export FRAMES` (which reads both from the manifest)
/// draw the same; drawn at whatever size a picture has (``drawing(width:height:deciding:)``).
public struct ScreenOverlay: Sendable {
    /// Where the overlay goes.
    public enum Target: Sendable {
        /// The frame files: only when `chrome` is asked for, so that goldens and diffs stay as they were.
        case frames
        /// The exported files: the device's screen unless `chrome` is off, touches when asked for —
        /// unless the frames already show them.
        case exports
    }

    /// The device's screen; `nil` draws touches alone.
    public let screen: DeviceScreen?
    public let options: DeviceScreenRenderer.Options
    public let touches: [TouchTimeline]
    /// The view in points: a picture `w` pixels wide is drawn at `w / viewSize.width` pixels a point.
    public let viewSize: Size
    /// Frame `i` shows the simulation at `i / fps` seconds.
    public let fps: Double

    /// What `settings` ask to draw on `target`, with `handled` (the simulation's touches);
    /// `nil` when nothing is.
    public init?(settings: RenderSettings, touches handled: [HandledTouches], over target: Target) {
        let wanted = target == .frames ? settings.chrome == true : settings.chrome != true
        let device = wanted && settings.chrome != false ? settings.device : nil
        let touches = wanted && settings.showTouches ? Self.timelines(handled, viewSize: settings.scrollView.boundsSize) : []
        guard device != nil || settings.showTouches && wanted else { return nil }
        let view = settings.scrollView.boundsSize
        // The device's screen at the view's size: a `size` given with the device wins, as it does for the view.
        screen = device.map { device in
            var screen = device.deviceScreen(landscape: settings.isLandscape)
            screen.portraitSize = settings.isLandscape ? Size(width: view.height, height: view.width) : view
            return screen
        }
        options = Self.options(settings)
        self.touches = touches
        viewSize = view
        fps = settings.fps
    }

    /// An overlay that draws nothing: the ground of a title over frames without a screen.
    init(bareView: Size, fps: Double) {
        (screen, options, touches, viewSize, self.fps) = (nil, DeviceScreenRenderer.Options(), [], bareView, fps)
    }

    static func options(_ settings: RenderSettings) -> DeviceScreenRenderer.Options {
        DeviceScreenRenderer.Options(statusBarStyle: settings.statusBar.style, outsideColor: settings.corners ?? .clear,
                                     bezel: settings.bezel ? Bezel() : nil)
    }

    /// Frames the automatic styles are decided from: a few spread over the sequence, so that one
    /// dark frame at the start does not leave a light home indicator over a white list.
    public static let styleSampleCount = 5

    /// The frames of `frames` (global numbers) the styles are decided from, first to last.
    public static func styleSamples(_ frames: Range<Int>) -> [Int] {
        guard frames.count > styleSampleCount else { return Array(frames) }
        return (0..<styleSampleCount).map { frames.lowerBound + $0 * (frames.count - 1) / (styleSampleCount - 1) }
    }

    /// The overlay for pictures of `width × height` pixels, its automatic styles decided once for
    /// the sequence from `samples` (pictures of that size, ``styleSamples(_:)``'s frames): each the
    /// one most of them suit, the first's on a tie. Fixed, they do not flicker as the content
    /// scrolls under them.
    public func drawing(width: Int, height: Int, deciding samples: [RGBAImage]) -> ScreenDrawing {
        let renderer = self.renderer(width: width, height: height)
        let fitting = samples.filter { $0.width == width && $0.height == height }
        guard !fitting.isEmpty else { return ScreenDrawing(renderer: renderer, touches: touches, fps: fps) }
        let votes = fitting.map { renderer.styles(for: $0) }
        func majority(_ styles: [StatusBarStyle]) -> StatusBarStyle {
            let dark = styles.filter { $0 == .darkContent }.count, light = styles.count - dark
            return dark == light ? styles[0] : dark > light ? .darkContent : .lightContent
        }
        let decided = renderer.with(statusBarStyle: majority(votes.map(\.statusBar)), homeIndicatorStyle: majority(votes.map(\.homeIndicator)))
        return ScreenDrawing(renderer: decided, touches: touches, fps: fps)
    }

    /// Whether the drawing has styles to decide from frames: a screen's (touches alone have none).
    public var decidesStyles: Bool { screen != nil }

    /// The overlay for pictures of `width × height` pixels with styles already decided.
    public func drawing(width: Int, height: Int, styles: (statusBar: StatusBarStyle, homeIndicator: StatusBarStyle)) -> ScreenDrawing {
        let renderer = self.renderer(width: width, height: height).with(statusBarStyle: styles.statusBar, homeIndicatorStyle: styles.homeIndicator)
        return ScreenDrawing(renderer: renderer, touches: touches, fps: fps)
    }

    private func renderer(width: Int, height: Int) -> DeviceScreenRenderer {
        DeviceScreenRenderer(screen: screen ?? DeviceScreen(portraitSize: viewSize, cornerRadius: 0), frameWidth: width, frameHeight: height,
                             options: screen == nil ? DeviceScreenRenderer.Options() : options)
    }
}
