#if canImport(Glibc)
import Glibc
#endif
import TextFormat

/// What one file will be, decided before any frame is encoded: the frames it shows, the size and
/// rate it starts from (a budget may narrow them) and the colours of a GIF, each with the reason
/// the file's note gives for it, in words a user knows.
///
/// The rules, the same for every format: what the user asked for; else, for a device's render,
/// 1 pixel per point (402×874 for an iPhone 16 Pro, the size a pull request shows a phone at; an
/// iPad at 2/3, 556×807 for an iPad Pro 11-inch) and
/// the render's rate up to 60 fps, an iOS screen recording's; else the frames' own size and rate.
/// A GIF shows whole hundredths of a second, so its rate is the nearest it can show (60 fps plays
/// at 50, 24 at 25).
struct ExportPlan: Sendable {
    let request: ExportRequest
    /// The frames the file shows, by global number: the folder's, or the part `from`/`to` keep.
    let selection: Range<Int>
    /// The frames' rate as the file plays them: the render's, times the speed.
    let playbackFPS: Double
    let width: Int
    let height: Int
    /// The rate the file starts from, one the format can show.
    let fps: Double
    let sizeReason: String
    let rateReason: String
    /// A GIF's most colours.
    let colors: Int

    /// A tablet's pixels per point by default: an iPad at 2x shrinks by 3, to about a phone's height.
    static let tabletScale = 2.0 / 3

    /// The most a device's render is exported at when no rate is asked for: an iOS screen
    /// recording's rate (a GIF then shows the nearest it can, 50).
    static let pullRequestFPS = 60.0

    var format: ExportFormat { request.format }
    var controls: ExportControls { request.controls }

    init(_ request: ExportRequest, source: Exporter.Source) throws(ScrollRenderError) {
        self.request = request
        selection = try Self.selection(request.controls, source: source)
        playbackFPS = source.fps * request.controls.speed
        (width, height, sizeReason) = try Self.size(request, source: source)
        (fps, rateReason) = Self.rate(request, source: source, playbackFPS: playbackFPS)
        colors = request.controls.colors ?? ExportFormat.gifColors[0]
    }

    /// The frames whose times (`i / fps`) lie from `from` to `to`, within the folder's.
    static func selection(_ controls: ExportControls, source: Exporter.Source) throws(ScrollRenderError) -> Range<Int> {
        let all = source.firstFrame..<(source.firstFrame + source.frameCount)
        guard controls.from != nil || controls.to != nil else { return all }
        let first = controls.from.map { Int(($0 * source.fps - 1e-6).rounded(.up)) } ?? all.lowerBound
        let last = controls.to.map { Int(($0 * source.fps + 1e-6).rounded(.down)) } ?? (all.upperBound - 1)
        let lower = max(first, all.lowerBound), upper = min(last + 1, all.upperBound)
        guard lower < upper else {
            let times = Double(all.lowerBound) / source.fps...Double(all.upperBound - 1) / source.fps
            throw .beyondInput(.trim(from: controls.from, to: controls.to, frameTimes: times))
        }
        return lower..<upper
    }

    /// The size the file starts from, and why.
    static func size(_ request: ExportRequest, source: Exporter.Source) throws(ScrollRenderError) -> (Int, Int, String) {
        let points = Double(source.pixelWidth) / source.pixelsPerPoint
        let width: Int, reason: String
        if let asked = request.width {
            (width, reason) = (asked, "as \(option: .exportWidth) asks")
        } else if let scale = request.controls.scale {
            guard scale <= source.pixelsPerPoint + 1e-9 else { throw .beyondInput(.exportScale(scale, framesHold: source.pixelsPerPoint)) }
            (width, reason) = (Int((points * scale).rounded()), "\(TextFormat.number(scale)) px per point, as \(option: .exportScale) asks")
        } else if source.isDeviceRender && !request.sizeGiven && source.deviceFamily == .iPad {
            // A third of an iPad's pixels each way: about as tall as a phone is shown (807 px for an
            // 11-inch), as readable beside one, and a whole-number shrink, as quick to make.
            let scale = source.pixelsPerPoint / (source.pixelsPerPoint / tabletScale).rounded()
            (width, reason) = (Int((points * scale).rounded()),
                               "\(TextFormat.number(scale, places: 2)) px per point, an iPad about as tall as a pull request shows a phone")
        } else if source.isDeviceRender && !request.sizeGiven {
            (width, reason) = (Int(points.rounded()), "1 px per point, the size a pull request shows a phone at")
        } else {
            (width, reason) = (source.pixelWidth, "the frames' size")
        }
        let clamped = min(max(width, ExportRequest.widthRange.lowerBound), ExportRequest.widthRange.upperBound)
        let height = max(1, Int((Double(source.pixelHeight) * Double(clamped) / Double(source.pixelWidth)).rounded()))
        return (clamped, height, reason)
    }

    /// The rate the file starts from, and why.
    static func rate(_ request: ExportRequest, source: Exporter.Source, playbackFPS: Double) -> (Double, String) {
        let played = request.controls.speed == 1 ? "the render's \(TextFormat.number(source.fps, places: 2)) fps"
            : "the render's \(TextFormat.number(source.fps, places: 2)) fps at \(TextFormat.number(request.controls.speed))× speed"
        var target = playbackFPS, reason: String
        if let asked = request.controls.fps {
            target = min(asked, playbackFPS)
            reason = asked > playbackFPS ? "\(played), the most the frames hold" : "as \(option: .exportFPS) asks"
        } else if source.isDeviceRender && playbackFPS > pullRequestFPS {
            target = pullRequestFPS
            reason = "\(played), at most \(TextFormat.number(pullRequestFPS)) by default, a screen recording's"
        } else {
            reason = played
        }
        let shown = request.format.frameRate(for: target)
        if abs(shown - target) > 1e-9 {
            reason += ", as \(TextFormat.number(shown, places: 2)), the nearest a GIF shows: its delays are whole hundredths of a second"
        }
        return (shown, reason)
    }

    /// The source frames a file at `fps` shows: ffmpeg's `fps` filter's picks over the selection,
    /// after the first held still for the lead-in.
    func shown(at fps: Double) -> [Int] {
        let picks = Exporter.framesShown(selection, sourceFPS: playbackFPS, fps: fps)
        let still = Int((controls.leadIn * fps).rounded())
        return Array(repeating: picks[0], count: still) + picks
    }

    /// A GIF's colours at a budget's quality level.
    func gifColors(quality: Int) -> Int {
        min(colors, ExportFormat.gifColors[quality])
    }

    /// The first try: the start's size and rate at the best quality (even where video needs it).
    var start: ExportAttempt {
        ExportAttempt.scaled(format: format, width: width, height: height, factor: 1, fps: fps, quality: 0)
    }
}
