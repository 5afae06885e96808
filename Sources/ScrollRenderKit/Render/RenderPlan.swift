import Compositor
import ImageCodecs
import Raster
import ScrollPhysics

/// Everything decided before the first frame is drawn: the decoded picture, the simulated motion
/// sampled at every frame time, and the compositor frames that show it.
struct RenderPlan: Sendable {
    let request: RenderRequest
    let input: Manifest.Input
    let simulation: ScrollSimulation
    let states: [ScrollViewState]
    /// The frames this run writes, by global number (``RenderRequest/frames``).
    let frameRange: Range<Int>
    let compositor: Compositor
    let compositorFrames: [Compositor.Frame]
    /// The device's screen and the touches drawn over every frame, when `chrome` asks for them.
    let frameDrawing: ScreenDrawing?
    /// A device screenshot's own status-bar and home-indicator bands, cropped.
    let screenshot: ScreenshotBands?

    init(request: RenderRequest) throws(ScrollRenderError) {
        self.request = request
        let loader = ImageLoader(decoder: ImageDecoder(maximumPixelCount: request.maximumPixelCount))
        let decoder = loader.decoder
        var file = try PictureFile(path: request.imagePath)
        let info = try file.withEnoughBytes { bytes, size throws(ImageCodecError) in
            let info = try decoder.info(of: bytes)
            try decoder.checkPlausible(info, fileSize: size)
            return info
        }
        if info.isProgressive { try file.readAll() }  // every scan is needed for any row
        let screenshot = try ScreenshotBands.find(settings: request.settings, width: info.width, height: info.height) { rows throws(ScrollRenderError) in
            try file.withEnoughBytes { bytes, size throws(ImageCodecError) in
                try decoder.decode(bytes, region: ImageRegion(x: 0, y: 0, width: info.width, height: rows), fileSize: size).image
            }
        }
        self.screenshot = screenshot
        // What the content shows of the picture: a screenshot without its bands.
        let shownHeight = info.height - (screenshot.map { $0.top + $0.bottom } ?? 0)
        // `fit` gives the picture's scale once its size is known.
        let settings = try request.settings.fitting(pictureWidth: info.width, pictureHeight: shownHeight)
        let headerBytes = try settings.headerPath.map { path throws(ScrollRenderError) in try InputFile.read(path) }
        let headerInfo = try headerBytes.map { b throws(ScrollRenderError) in try loader.decodableInfo(b, path: settings.headerPath!) }

        // The motion needs only the picture's size: simulate first, then decode only what it shows.
        let scene = ScrollScene(settings: settings, contentPixelWidth: info.width, contentPixelHeight: shownHeight,
                                hasHeader: headerInfo != nil)
        let simulation = ScrollSimulation(scrollView: scene.scrollView, timeline: scene.timeline, options: scene.options)
        try Self.checkFrameCount(simulation.frameCount(fps: settings.fps, hold: settings.hold),
                                 duration: simulation.endTime + settings.hold, fps: settings.fps, scenario: request.scenarioPath)
        self.simulation = simulation
        let digest = BackgroundDigest(path: request.imagePath)
        states = simulation.frames(fps: settings.fps, hold: settings.hold)
        frameRange = try request.frames.frames(of: states.count)
        compositorFrames = states.map { Self.frame(for: $0, hasHeader: headerInfo != nil, settings: settings) }
        let scale = Self.decodeScale(format: info.format, largestZoom: states.map(\.zoomScale).max() ?? 1, settings: settings)

        let whole = try file.withEnoughBytes { bytes, size throws(ImageCodecError) in
            try decoder.regionPlan(of: bytes, region: ImageRegion(x: 0, y: 0, width: 1, height: 1), scale: scale, fileSize: size)
        }
        let kept = screenshot?.keptRows(height: info.height, shrink: scale.rawValue) ?? (first: 0, count: whole.height)
        let picture = PictureGeometry(width: whole.width, height: kept.count)
        let pointsPerPixel = Double(scale.rawValue) / settings.imageScale
        // The frames this run writes, and those the screen's styles are decided from (the same in
        // every part of a sharded render, one frame included): their content is decoded.
        let drawn = Self.framesDrawn(frameRange, all: compositorFrames.indices, chrome: settings.chrome == true && settings.device != nil)
        let (region, deepestLevel) = ContentRegion.union(of: drawn.lazy.map { [compositorFrames] in compositorFrames[$0] }, picture: picture,
                                         settings: settings, contentPointsPerPixel: pointsPerPixel)
        // The region in the file's rows: below a screenshot's status bar.
        let fileRegion = ImageRegion(x: region.x, y: region.y + kept.first, width: region.width, height: region.height)
        let plan = try file.withEnoughBytes { bytes, size throws(ImageCodecError) in
            try decoder.regionPlan(of: bytes, region: fileRegion, scale: scale, fileSize: size)
        }
        try Self.checkMemory(request, content: plan, mipmapped: deepestLevel > 0, header: headerInfo)
        let content = try file.withEnoughBytes { bytes, size throws(ImageCodecError) in
            try decoder.decode(bytes, region: fileRegion, scale: scale, fileSize: size)
        }
        let header = try headerBytes.map { b throws(ScrollRenderError) in try loader.decode(b, path: settings.headerPath!).image }
        input = Manifest.Input(
            path: request.imagePath, sha256: try digest.value(),
            format: info.format.rawValue, pixelWidth: info.width, pixelHeight: info.height,
            exifOrientation: info.orientation.rawValue, decodeScale: scale.rawValue, decodedRegion: fileRegion)
        compositor = Compositor(viewSize: settings.scrollView.boundsSize, displayScale: settings.scrollView.displayScale,
                                background: settings.background,
                                content: SourceImage(region: content.image, x: region.x, y: region.y, of: picture,
                                                     levels: deepestLevel + 1, knownOpaque: !content.info.hasAlpha),
                                contentPointsPerPixel: pointsPerPixel,
                                header: header.map { SourceImage($0) }, opaqueOutput: !settings.transparent)
        frameDrawing = ScreenOverlay(settings: settings, touches: simulation.touches, over: .frames).map { [compositor, compositorFrames] in
            $0.drawing(width: compositor.pixelWidth, height: compositor.pixelHeight,
                       deciding: $0.decidesStyles ? ScreenOverlay.styleSamples(compositorFrames.indices).map { compositor.render(compositorFrames[$0]) } : [])
        }
    }

    /// The frames whose content is drawn: those written and, with the screen on them, its style samples.
    static func framesDrawn(_ written: Range<Int>, all: Range<Int>, chrome: Bool) -> [Int] {
        guard chrome else { return Array(written) }
        return Array(Set(written).union(ScreenOverlay.styleSamples(all))).sorted()
    }

    /// What the user should know before the frames are drawn: a picture taken as a screenshot.
    var notes: [String] {
        var notes: [String] = []
        if let screenshot, screenshot.assumed, let device = request.settings.device {
            notes.append(screenshot.note(path: request.imagePath, deviceName: device.name))
        }
        let settings = request.settings
        if settings.showTouches && settings.chrome != true && request.exports.isEmpty {
            notes.append("\(setting: .showTouches) draws the fingers over exports, and over the frame files only with \(setting: .chrome): this run makes no export")
        }
        return notes
    }

    /// The frames' size: the compositor's, or larger by the bezel drawn over them.
    var frameSize: (width: Int, height: Int) {
        frameDrawing?.outputSize ?? (compositor.pixelWidth, compositor.pixelHeight)
    }

    /// The smallest libjpeg DCT scale (1/2, 1/4, 1/8) that still gives every frame at least one
    /// picture pixel per output pixel, so zoomed-out renders decode a fraction of the pixels.
    static func decodeScale(format: ImageFormat, largestZoom: Double, settings: RenderSettings) -> JPEGScale {
        guard format == .jpeg else { return .full }
        let outputPixelsPerPicturePixel = largestZoom * settings.scrollView.displayScale / settings.imageScale
        return JPEGScale.allCases.last { 1 / Double($0.rawValue) >= outputPixelsPerPicturePixel } ?? .full
    }

    static func checkMemory(_ request: RenderRequest, content: RegionDecodePlan, mipmapped: Bool,
                            header: ImageInfo?) throws(ScrollRenderError) {
        let budget = MemoryBudget(content: content, mipmapped: mipmapped, header: header, settings: request.settings, workers: request.workers)
        try budget.check(limit: request.maximumMemory ?? MemoryBudget.defaultLimit)
    }

    /// Refuses an absurd number of frames before any is sampled or drawn.
    /// A scenario's timeline is the file's fault (a data error naming it); otherwise the options'.
    static func checkFrameCount(_ count: Double, duration: Double, fps: Double, scenario: String?) throws(ScrollRenderError) {
        guard count.isFinite, count <= Double(RenderRequest.maximumFrameCount) else {
            let tooMany = ScrollRenderError.tooManyFrames(limit: RenderRequest.maximumFrameCount, seconds: duration, fps: fps)
            if let scenario { throw .invalidScenario(path: scenario, keyPath: "timeline", message: tooMany.message) }
            throw tooMany
        }
    }

    /// What the compositor draws for one scroll-view state.
    static func frame(for state: ScrollViewState, hasHeader: Bool, settings: RenderSettings) -> Compositor.Frame {
        let headerFrame = hasHeader ? StretchyHeader.frame(
            viewWidth: settings.scrollView.boundsSize.width, contentOffsetY: state.contentOffset.y,
            stretchFactor: settings.headerStretch) : nil
        let indicators = [state.verticalIndicator, state.horizontalIndicator].compactMap { $0 }
            .filter { $0.alpha > 0 }
            .map { indicator in
                Compositor.Indicator(frame: indicator.frame, cornerRadius: indicator.cornerRadius,
                                     color: RGBA(indicator.color), alpha: indicator.alpha)
            }
        return Compositor.Frame(contentOffset: state.contentOffset, zoomScale: state.zoomScale,
                                headerFrame: headerFrame, indicators: indicators)
    }

    func manifest(outputPath: String) -> Manifest {
        var settings = request.settings
        settings.headerPath = Manifest.headerPath(settings.headerPath, writtenIn: outputPath)
        let sequence = SequenceManifest(
            input: input, fps: settings.fps, pixelWidth: frameSize.width, pixelHeight: frameSize.height, frameCount: frameRange.count,
            totalFrames: states.count, partial: request.frames.isPartial,
            frameRange: frameRange.isEmpty ? nil : Manifest.FrameRange(frameRange),
            frames: frameRange.map { Manifest.Frame(index: $0, state: states[$0]) },
            events: Manifest.Event.timeline(simulation), displayScale: settings.scrollView.displayScale)
        return Manifest(
            sequence: sequence, version: ScrollRenderVersion.current, settings: settings,
            ffmpeg: FrameNaming.ffmpegCommands(Exporter.Source(folder: outputPath, fps: settings.fps, pixelWidth: frameSize.width,
                                                                pixelHeight: frameSize.height, frames: frameRange)),
            touches: simulation.touches.isEmpty ? nil : simulation.touches)
    }
}

extension RGBA {
    /// An indicator colour (0…1 components) in 8 bits.
    init(_ color: IndicatorColor) {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        self.init(red: byte(color.red), green: byte(color.green), blue: byte(color.blue), alpha: byte(color.alpha))
    }
}

/// The tool's version, shown by `--version` and written into manifests.
public enum ScrollRenderVersion {
    public static let current = "0.1.0"
}
