import Compositor
import Geometry
import Raster

extension Exporter {
    /// The frames to read: a folder and what its manifest says of them.
    public struct Source: Sendable {
        public var folder: String
        /// The folder as the recorded commands name it (a render exports from its staging
        /// folder, but records the folder the frames end up in).
        public var shownFolder: String
        public var fps: Double
        public var pixelWidth: Int
        public var pixelHeight: Int
        /// The number in the first frame's name (a shard's frames keep their global numbers).
        public var firstFrame: Int
        public var frameCount: Int
        /// The frames' pixels per point (with a bezel drawn over them, the whole picture's).
        public var pixelsPerPoint = 1.0
        /// A device's render: exported at 1 px per point and up to 50 fps unless asked otherwise.
        public var isDeviceRender = false
        /// What an export draws over the frames: the device's screen, the touches; `nil`: nothing.
        public var overlay: ScreenOverlay?
        /// The device, as the note names what was drawn.
        public var deviceName: String?
        /// A phone's render is exported at 1 px per point, a tablet's at a phone's height.
        public var deviceFamily: Device.Family?
        /// The frames are opaque but for what lies outside the screen's clear corners, which stays
        /// clear in every frame: a GIF can keep it transparent.
        public var hasClearCorners = false
        /// Some pixel may be less than opaque (clear corners, `--transparent`): a lossless file keeps alpha.
        public var hasTransparency = false
        /// The render's background: what a file without transparency shows outside clear corners.
        public var background = RGBA.white
        /// What surrounds the device (`corners`), and a title's band; `nil`: clear (a title's band white).
        public var backdrop: RGBA?
        /// The view in points, for a title over frames without a screen drawn.
        public var viewSize = Size(width: 1, height: 1)
        /// The render's frames drawn again in memory, when a render exports what it has just
        /// drawn; otherwise the frame files are decoded.
        var drawn: (any ExportFrameSource)?

        /// The folder's frames as its manifest describes them, with the screen and touches its
        /// settings ask an export to draw.
        public init(folder: String, manifest: Manifest) {
            self.init(folder: folder, fps: manifest.fps, pixelWidth: manifest.pixelWidth, pixelHeight: manifest.pixelHeight,
                      frames: manifest.frameRange?.frames ?? 0..<0)
            let settings = manifest.settings
            pixelsPerPoint = settings.scrollView.displayScale
            isDeviceRender = settings.device != nil
            deviceName = settings.device?.name
            deviceFamily = settings.device?.family
            overlay = ScreenOverlay(settings: settings, touches: manifest.touches ?? [], over: .exports)
            background = RGBA(red: settings.background.red, green: settings.background.green, blue: settings.background.blue)
            backdrop = settings.corners
            viewSize = settings.scrollView.boundsSize
            hasClearCorners = settings.device != nil && settings.chrome != false && settings.corners == nil && !settings.transparent
            hasTransparency = hasClearCorners || settings.transparent
        }

        init(folder: String, fps: Double, pixelWidth: Int, pixelHeight: Int, frames: Range<Int>) {
            self.folder = folder
            shownFolder = folder
            (self.fps, self.pixelWidth, self.pixelHeight) = (fps, pixelWidth, pixelHeight)
            firstFrame = frames.lowerBound
            frameCount = frames.count
        }

        /// The frame files, as the manifest lists them.
        var files: ExportFrames {
            ExportFrames(folder: folder, indices: firstFrame..<(firstFrame + frameCount), pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        }

        /// Where the frames are read from: drawn in memory when the render can, else the files.
        var frames: any ExportFrameSource { drawn ?? files }

        /// What the note says was drawn over the frames.
        var overlayWords: String? {
            guard let overlay else { return nil }
            let screen = overlay.screen.map { _ in "the \(deviceName ?? "device")'s screen" }
            let touches = overlay.touches.isEmpty ? nil : "the touches"
            return [screen, touches].compactMap { $0 }.joined(separator: " and ") + " drawn over it"
        }
    }
}
