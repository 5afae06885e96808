import Compositor
import Raster

/// A ``ScreenOverlay`` at one picture size: the screen rasterized once, its styles fixed, the
/// touches placed by each frame's time. Drawing a frame blends the few pixels the chrome and the
/// fingers cover (or copies the frame into a bezel).
public struct ScreenDrawing: Sendable {
    var renderer: DeviceScreenRenderer
    let touches: [TouchTimeline]
    let fps: Double
    /// A title line above the device, on `titleGround`.
    var title: TitleArtwork?
    var titleGround = RGBA.white

    init(renderer: DeviceScreenRenderer, touches: [TouchTimeline], fps: Double) {
        (self.renderer, self.touches, self.fps) = (renderer, touches, fps)
    }

    /// The styles fixed for the sequence.
    public var styles: (statusBar: StatusBarStyle, homeIndicator: StatusBarStyle) {
        (renderer.options.statusBarStyle, renderer.options.homeIndicatorStyle)
    }

    /// The size of what ``apply(_:frame:)`` returns.
    public var outputSize: (width: Int, height: Int) {
        let device = renderer.outputSize(forFrameWidth: renderer.frameWidth, height: renderer.frameHeight)
        return (device.width, device.height + (title?.bandHeight ?? 0))
    }

    /// This drawing with `text` in a band above the device, on `ground` (white where it is clear).
    func titled(_ text: String, ground: RGBA) throws(ScrollRenderError) -> ScreenDrawing {
        var titled = self
        let width = renderer.outputSize(forFrameWidth: renderer.frameWidth, height: renderer.frameHeight).width
        do throws(TitleArtwork.Failure) {
            titled.title = try TitleArtwork(text: text, width: width)
        } catch {
            switch error {
            case .fontMissing(let path): throw .titleNotDrawn(.fontMissing(path: path, debianPackage: TitleArtwork.fontPackage))
            case .freeType(let code): throw .titleNotDrawn(.freeType(code: code))
            }
        }
        titled.titleGround = ground.alpha == 0 ? .white : ground
        return titled
    }

    /// The drawing for a file that cannot keep transparency (MP4, WebM): what lies outside clear
    /// corners is `color` (the background), not the black a dropped alpha leaves.
    func filling(clearWith color: RGBA) -> ScreenDrawing {
        guard renderer.options.outsideColor.alpha == 0 else { return self }
        var filled = self
        filled.renderer = renderer.with(outsideColor: color)
        return filled
    }

    /// `image` (the picture of frame `index`) with the screen and the touches of that instant drawn over it.
    public func apply(_ image: RGBAImage, frame index: Int) -> RGBAImage {
        let marks = TouchTimeline.marks(touches, at: Double(index) / fps)
        var drawn = image
        if renderer.options.bezel == nil { renderer.draw(over: &drawn, touches: marks) } else { drawn = renderer.render(image, touches: marks) }
        return title.map { $0.framing(drawn, on: titleGround) } ?? drawn
    }
}
