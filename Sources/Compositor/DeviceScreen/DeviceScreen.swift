import Geometry

/// A phone's or tablet's screen as a recording of it shows: its rounded corners, the sensor housing
/// (Dynamic Island or notch), the status bar in the top safe area and the home indicator, measured in
/// points in portrait, and the orientation it is shown in.
///
/// Landscape turns the device so that its top is on the left (where `Device.screen(landscape:)` puts
/// the sensor housing): the island or notch stands on the left edge, the status bar hides on iPhones
/// and stays on iPads, and the home indicator runs along the new bottom edge.
/// ``DeviceScreenRenderer`` draws it over finished frames.
public struct DeviceScreen: Sendable, Hashable {
    /// The screen in portrait, in points.
    public var portraitSize: Size
    public var isLandscape: Bool
    /// The radius of the display's corners, in points (0 for a square screen).
    public var cornerRadius: Double
    public var sensorHousing: SensorHousing?
    /// `nil` draws none.
    public var statusBar: StatusBar?
    /// `nil` on devices with a home button.
    public var homeIndicator: HomeIndicator?

    public init(portraitSize: Size, isLandscape: Bool = false, cornerRadius: Double, sensorHousing: SensorHousing? = nil,
                statusBar: StatusBar? = nil, homeIndicator: HomeIndicator? = nil) {
        self.portraitSize = portraitSize
        self.isLandscape = isLandscape
        self.cornerRadius = cornerRadius
        self.sensorHousing = sensorHousing
        self.statusBar = statusBar
        self.homeIndicator = homeIndicator
    }

    /// The same screen turned to landscape (or back).
    public func landscape(_ isLandscape: Bool) -> DeviceScreen {
        var screen = self
        screen.isLandscape = isLandscape
        return screen
    }

    /// The view in this orientation, in points.
    public var size: Size {
        isLandscape ? Size(width: portraitSize.height, height: portraitSize.width) : portraitSize
    }

    /// Where the sensor housing covers the screen, in this orientation's points.
    public var sensorHousingFrame: Rect? {
        sensorHousing.map { housing in
            let portrait = housing.frame(inScreenWidth: portraitSize.width)
            return isLandscape ? ChromeTransform(scale: 1, quarterTurnWidth: portraitSize.width).apply(portrait) : portrait
        }
    }

    /// The status bar's band along the top, in this orientation's points; `nil` when it is hidden
    /// (iPhones in landscape).
    public var statusBarFrame: Rect? {
        guard let statusBar, let height = isLandscape ? statusBar.landscapeHeight : statusBar.height else { return nil }
        return Rect(x: 0, y: 0, width: size.width, height: height)
    }

    /// The home indicator's bar, in this orientation's points.
    public var homeIndicatorFrame: Rect? {
        homeIndicator.map { indicator in
            let width = isLandscape ? indicator.landscapeWidth : indicator.width
            return Rect(x: (size.width - width) / 2, y: size.height - indicator.bottomOffset - indicator.height,
                        width: width, height: indicator.height)
        }
    }
}
