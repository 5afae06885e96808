import Geometry

/// The home indicator at one pixel scale: its pill, and the pixels around it whose luminance picks
/// its colour (iOS tints it to contrast with what lies under it).
struct HomeIndicatorArtwork: Sendable {
    let mask: CoverageMask
    let region: (x: Range<Int>, y: Range<Int>)

    /// `nil` on screens without one.
    init?(screen: DeviceScreen, scale: Double) {
        guard let frame = screen.homeIndicatorFrame else { return nil }
        let pill = VectorShape.roundedRect(ChromeTransform(scale: scale).apply(frame), radius: frame.height * scale / 2)
        mask = CoverageMask(parts: [(pill, 1)])
        // The bar and 8 points around it.
        let margin = 8 * scale
        region = (Int((frame.minX * scale - margin).rounded(.down))..<Int((frame.maxX * scale + margin).rounded(.up)),
                  Int((frame.minY * scale - margin).rounded(.down))..<Int((frame.maxY * scale + margin).rounded(.up)))
    }
}
