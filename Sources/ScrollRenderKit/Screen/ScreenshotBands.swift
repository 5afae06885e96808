import Raster

/// A full-screen screenshot of the device, as the render shows it: the bands its own status bar
/// and home indicator fill are cropped (in the picture's pixels), so that the content starts at
/// the top of the safe area and scrolls under the status bar the export draws — once, as on the
/// device — instead of showing the screenshot's bar below the drawn one.
///
/// `screenshot` on says the picture is one; unset, it is assumed only where that can be told
/// safely: the picture is exactly the device's pixel width and its top band reads as a status
/// bar (one colour behind a few glyphs), and the render's note says so.
public struct ScreenshotBands: Sendable, Hashable {
    /// Rows cropped from the top (the status bar) and the bottom (the home indicator).
    public var top: Int
    public var bottom: Int
    /// Told from the picture rather than asked for.
    public var assumed: Bool

    /// The bands of a `width × height` picture (upright) under `settings`, or nil when it is not
    /// taken as a screenshot; `topRows(n)` decodes the picture's first `n` rows when they are needed.
    static func find(settings: RenderSettings, width: Int, height: Int,
                     topRows: (Int) throws(ScrollRenderError) -> RGBAImage) throws(ScrollRenderError) -> ScreenshotBands? {
        guard settings.screenshot != false, let device = settings.device else { return nil }
        let screen = device.screen(landscape: settings.isLandscape)
        // A screenshot scaled since it was taken keeps its bands in proportion.
        let pixelsPerPoint = Double(width) / screen.size.width
        let top = Int((screen.safeArea.top * pixelsPerPoint).rounded()), bottom = Int((screen.safeArea.bottom * pixelsPerPoint).rounded())
        guard top + bottom > 0, top + bottom < height else { return nil }
        if settings.screenshot == true { return ScreenshotBands(top: top, bottom: bottom, assumed: false) }
        let exactWidth = Int((screen.size.width * device.scale).rounded())
        guard width == exactWidth, top > 0, readsAsStatusBar(try topRows(top)) else { return nil }
        return ScreenshotBands(top: top, bottom: bottom, assumed: true)
    }

    /// The rows the content keeps of a picture `height` rows tall, as decoded at `shrink` (a JPEG's
    /// DCT scale: one decoded row for `shrink` of the file's).
    func keptRows(height: Int, shrink: Int) -> (first: Int, count: Int) {
        let first = (top + shrink - 1) / shrink, last = (height - bottom) / shrink
        return (first, max(1, last - first))
    }

    /// One colour behind a few glyphs: at least two in three sampled pixels within a small distance
    /// of the commonest colour, and at least one in 500 far from it (the time, the icons, an island).
    static func readsAsStatusBar(_ band: RGBAImage) -> Bool {
        var counts: [UInt32: Int] = [:], samples: [(Int, Int, Int)] = []
        for y in stride(from: 0, to: band.height, by: 2) {
            for x in stride(from: 0, to: band.width, by: 2) {
                let i = (y * band.width + x) * 4
                let pixel = (Int(band.pixels[i]), Int(band.pixels[i + 1]), Int(band.pixels[i + 2]))
                samples.append(pixel)
                counts[UInt32(pixel.0 >> 4) << 8 | UInt32(pixel.1 >> 4) << 4 | UInt32(pixel.2 >> 4), default: 0] += 1
            }
        }
        guard let common = counts.max(by: { $0.value < $1.value })?.key, !samples.isEmpty else { return false }
        let ground = (Int(common >> 8 & 15) * 16 + 8, Int(common >> 4 & 15) * 16 + 8, Int(common & 15) * 16 + 8)
        func distance(_ p: (Int, Int, Int)) -> Int { abs(p.0 - ground.0) + abs(p.1 - ground.1) + abs(p.2 - ground.2) }
        let near = samples.filter { distance($0) <= 48 }.count, far = samples.filter { distance($0) >= 192 }.count
        return near * 3 >= samples.count * 2 && far * 500 >= samples.count
    }

    /// The note a render gives when it assumed the picture is a screenshot.
    func note(path: String, deviceName: String) -> String {
        "\(path) is the \(deviceName)'s pixel width and its top \(top) rows read as a status bar: taken as a screenshot, its status bar (\(top) rows) and home-indicator band (\(bottom)) cropped so the content scrolls under the drawn ones; \(setting: .screenshot) off keeps them"
    }
}
