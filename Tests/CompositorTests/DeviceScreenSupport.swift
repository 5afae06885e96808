import Compositor
import Geometry
import Raster

/// Two device shapes as the catalog gives them (CompositorTests cannot see the Kit's catalog).
enum TestScreens {
    /// 402 × 874 pt at 3×, corners of 62 pt, a 126 × 37.33 island 14 pt down, a 62-pt status bar.
    static let iPhone16Pro = DeviceScreen(
        portraitSize: Size(width: 402, height: 874), cornerRadius: 62,
        sensorHousing: .dynamicIsland(size: Size(width: 126, height: 37.33), topOffset: 14),
        statusBar: .init(height: 62, landscapeHeight: nil, layout: .besideSensorHousing),
        homeIndicator: .init(width: 134, landscapeWidth: 220, height: 5, bottomOffset: 8))

    /// 375 × 812 pt at 3×, corners of 44 pt, a 168 × 33 notch, a 50-pt status bar.
    static let iPhone13Mini = DeviceScreen(
        portraitSize: Size(width: 375, height: 812), cornerRadius: 44,
        sensorHousing: .notch(size: Size(width: 168, height: 33)),
        statusBar: .init(height: 50, landscapeHeight: nil, layout: .besideSensorHousing),
        homeIndicator: .init(width: 134, landscapeWidth: 220, height: 5, bottomOffset: 8))

    /// 375 × 667 pt at 2×, square, no housing, no home indicator, a 20-pt status bar.
    static let iPhoneSE = DeviceScreen(
        portraitSize: Size(width: 375, height: 667), cornerRadius: 0,
        statusBar: .init(height: 20, landscapeHeight: nil, layout: .centeredTime))

    /// 820 × 1180 pt at 2×, corners of 18 pt, a 24-pt status bar in both orientations.
    static let iPad = DeviceScreen(
        portraitSize: Size(width: 820, height: 1180), cornerRadius: 18,
        statusBar: .init(height: 24, landscapeHeight: 24, layout: .leadingTime),
        homeIndicator: .init(width: 320, landscapeWidth: 320, height: 5, bottomOffset: 8))
}

/// A frame of one colour the size `renderer` draws over.
func plainFrame(for renderer: DeviceScreenRenderer, _ color: RGBA) -> RGBAImage {
    RGBAImage(width: renderer.frameWidth, height: renderer.frameHeight, fill: color)
}

/// The relative luminance-free brightness of a colour: the mean of its channels.
func brightness(_ color: RGBA) -> Int {
    (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
}
