import Geometry

/// The status bar of one screen at one pixel scale, rasterized: the time and the icons laid out as
/// iOS lays them out for the device, ready to be blended in either style's colour.
struct StatusBarArtwork: Sendable {
    /// The time, then the icons (or the left icons, the time and the battery).
    let masks: [CoverageMask]
    /// The frame pixels under the glyphs, whose luminance decides the automatic style.
    let region: (x: Range<Int>, y: Range<Int>)

    /// `nil` when the screen shows no status bar in its orientation.
    init?(screen: DeviceScreen, scale: Double) {
        guard let statusBar = screen.statusBar, let band = screen.statusBarFrame else { return nil }
        let groups = Self.layout(statusBar.layout, band: band, housing: screen.isLandscape ? nil : screen.sensorHousing,
                                 housingFrame: screen.sensorHousingFrame)
        let toPixels = ChromeTransform(scale: scale)
        masks = groups.map { parts in
            CoverageMask(parts: parts.map { (.mapped($0.shape, toPixels), $0.opacity) })
        } + (statusBar.layout == .leadingTime ? Self.date(band: band, scale: scale).map { [$0] } ?? [] : [])
        let xs = masks.map { $0.frame().x }, ys = masks.map { $0.frame().y }
        region = ((xs.map(\.lowerBound).min() ?? 0)..<(xs.map(\.upperBound).max() ?? 0),
                  (ys.map(\.lowerBound).min() ?? 0)..<(ys.map(\.upperBound).max() ?? 0))
    }

    private typealias Parts = [(shape: VectorShape, opacity: Double)]

    /// The glyph groups in points, placed as iOS places them.
    private static func layout(_ layout: DeviceScreen.StatusBar.Layout, band: Rect, housing: DeviceScreen.SensorHousing?,
                               housingFrame: Rect?) -> [Parts] {
        switch layout {
        case .besideSensorHousing:
            guard let housing, let frame = housingFrame else { return leadingTime(band: band) }
            return besideHousing(housing, frame: frame, band: band)
        case .centeredTime:
            return centeredTime(band: band)
        case .leadingTime:
            return leadingTime(band: band)
        }
    }

    /// Face ID iPhones: the time centred in the ear left of the housing, the icons centred in the
    /// right one, both on the island's centre line (a notch's, a little lower).
    private static func besideHousing(_ housing: DeviceScreen.SensorHousing, frame: Rect, band: Rect) -> [Parts] {
        let isIsland = housing.kind == .dynamicIsland
        let size = isIsland ? 1.0 : 0.94
        let middle = isIsland ? frame.midY : frame.maxY / 2 + 1
        let time = StatusBarGlyphs.time(capHeight: 12 * size)
        let icons = iconRow(scale: size)
        return [
            time.placed(at: Point(x: frame.minX / 2 - time.size.width / 2, y: middle - time.size.height / 2)),
            icons.placed(at: Point(x: (frame.maxX + band.maxX) / 2 - icons.size.width / 2, y: middle - icons.size.height / 2)),
        ]
    }

    /// Home-button iPhones: signal and Wi-Fi at the left, the time centred, the battery at the right.
    private static func centeredTime(band: Rect) -> [Parts] {
        let size = 0.78, middle = band.midY, margin = 6.0
        let time = StatusBarGlyphs.time(capHeight: 12 * 0.72)
        let signal = StatusBarGlyphs.cellularSignal(scale: size), wifi = StatusBarGlyphs.wifi(scale: size)
        let battery = StatusBarGlyphs.battery(scale: size)
        return [
            signal.placed(at: Point(x: margin, y: middle - signal.size.height / 2))
                + wifi.placed(at: Point(x: margin + signal.size.width + 4, y: middle - wifi.size.height / 2)),
            time.placed(at: Point(x: band.midX - time.size.width / 2, y: middle - time.size.height / 2)),
            battery.placed(at: Point(x: band.maxX - margin - battery.size.width, y: middle - battery.size.height / 2)),
        ]
    }

    private static let leadingMargin = 20.0

    /// iPads (and anything else): the time at the leading margin, the icons at the trailing one.
    private static func leadingTime(band: Rect) -> [Parts] {
        let size = 0.8, middle = band.midY, margin = leadingMargin
        let time = StatusBarGlyphs.time(capHeight: 12 * 0.72)
        let icons = iconRow(scale: size)
        return [
            time.placed(at: Point(x: margin, y: middle - time.size.height / 2)),
            icons.placed(at: Point(x: band.maxX - margin - icons.size.width, y: middle - icons.size.height / 2)),
        ]
    }

    /// iPadOS's date beside the time ("Tue Jan 9", the day of the first iPhone's 9:41), in the
    /// title's font through FreeType; none where the font is missing.
    private static func date(band: Rect, scale: Double) -> CoverageMask? {
        let time = StatusBarGlyphs.time(capHeight: 12 * 0.72), capHeight = 12 * 0.72 * scale
        // DejaVu's capitals are 0.73 em: the date's as tall as the time's digits, on their line.
        guard let line = try? TextLine.render("Tue Jan 9", pixelSize: max(6, Int((capHeight / 0.73).rounded()))) else { return nil }
        let x = Int(((leadingMargin + time.size.width + 6) * scale).rounded())
        let y = Int((band.midY * scale + capHeight / 2 - Double(line.baseline)).rounded())
        return line.mask(x: x, y: y)
    }

    /// Signal, Wi-Fi and battery side by side, centred on one line.
    private static func iconRow(scale: Double) -> StatusBarGlyphs.Item {
        let items = [StatusBarGlyphs.cellularSignal(scale: scale), StatusBarGlyphs.wifi(scale: scale), StatusBarGlyphs.battery(scale: scale)]
        let gaps = [5.0 * scale, 6.0 * scale]
        let height = items.map(\.size.height).max() ?? 0
        var x = 0.0
        var parts = Parts()
        for (index, item) in items.enumerated() {
            parts += item.placed(at: Point(x: x, y: (height - item.size.height) / 2))
            x += item.size.width + (index < gaps.count ? gaps[index] : 0)
        }
        return StatusBarGlyphs.Item(parts: parts, size: Size(width: x, height: height))
    }
}
