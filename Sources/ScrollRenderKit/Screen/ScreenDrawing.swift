import Compositor
import Raster

/// A ``ScreenOverlay`` at one picture size: the screen rasterized once, its styles fixed, the
/// touches placed by each frame's time. Drawing a frame blends the few pixels the chrome and the
/// fingers cover (or copies the frame into a bezel).
public struct ScreenDrawing: Sendable {
    let renderer: DeviceScreenRenderer
    let touches: [TouchTimeline]
    let fps: Double

    /// The styles fixed for the sequence.
    public var styles: (statusBar: StatusBarStyle, homeIndicator: StatusBarStyle) {
        (renderer.options.statusBarStyle, renderer.options.homeIndicatorStyle)
    }

    /// The size of what ``apply(_:frame:)`` returns.
    public var outputSize: (width: Int, height: Int) {
        renderer.outputSize(forFrameWidth: renderer.frameWidth, height: renderer.frameHeight)
    }

    /// `image` (the picture of frame `index`) with the screen and the touches of that instant drawn over it.
    public func apply(_ image: RGBAImage, frame index: Int) -> RGBAImage {
        let marks = TouchTimeline.marks(touches, at: Double(index) / fps)
        guard renderer.options.bezel == nil else { return renderer.render(image, touches: marks) }
        var drawn = image
        renderer.draw(over: &drawn, touches: marks)
        return drawn
    }
}
