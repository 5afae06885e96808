import Compositor
import Geometry

/// The devices `--device` knows.
///
/// Sizes and scales: each model's pixel resolution from Apple's Tech Specs pages
/// (https://support.apple.com/specs) divided by its scale, as in the table of Apple's Human
/// Interface Guidelines, "Layout" › Device screen sizes and orientations
/// (https://developer.apple.com/design/human-interface-guidelines/layout).
///
/// Safe areas: what UIKit reports as a full-screen app's `view.safeAreaInsets` with the status bar
/// shown, on iOS 26, as measured per model in the iOS Simulator (portrait, and after rotating) by
/// https://github.com/aloisdeniel/flutter_device_preview (device_specs/apple-*.json), agreeing
/// with swift-snapshot-testing's and QMUI's tables where those list the model: 20/0 on home-button
/// iPhones; 50/34 on the notched 13 mini; 59/34 on the 393- and 430-point Dynamic Island models,
/// 62/34 on the 402- and 440-point ones, 68/34 on the Air; in landscape the top inset moves to both
/// sides and the home indicator takes 20 (21 before iOS 26). iPads with a home indicator: 24/20 in
/// both orientations, as QMUI and device_frame give them; simulator measurements differ (a bottom
/// of 25 on some runtimes), so treat the iPad insets as the least certain figures here and give
/// `--safe-area` where they matter.
///
/// Refresh rates: 120 Hz on the ProMotion screens (iPhone 13 Pro and later Pro models, every
/// iPhone 17 and the Air, iPad Pro), 60 Hz on the others, as Apple's Tech Specs pages list them.
///
/// Screen shape (what ``deviceScreen(landscape:)`` draws; no Apple artwork, only these numbers):
/// - Corner radius: what UIKit reports as `UIScreen._displayCornerRadius`, tabulated by
///   https://github.com/kylebshr/ScreenCorners and kylebshr/UIKitCorners up to the iPhone 12 (44 on
///   the 12/13 mini, 18 on the iPad Air and iPad Pro); for the island models, the arcs of
///   device_frame's screen outlines (https://github.com/aloisdeniel/flutter_device_preview): 54.7 pt
///   on its iPhone 16, so 55 on the 393- and 430-point models, and 62 on its iPhone 16 Pro, on the
///   402- and 440-point ones; the iPhone 17 models and the Air have the 16 Pro's corners by
///   screenlines.app's author's reading of the iOS 26 Simulator (artembolotov.github.io, 2025).
///   iOS draws them as continuous ("squircle") corners; we draw circular arcs of that radius.
/// - Dynamic Island: 126 × 37.33 pt, 11 pt below the top edge on the 393- and 430-point models
///   (https://github.com/theblixguy/DynamicIslandUtilities, read from the iOS Simulator;
///   device_frame's iPhone 16 outline: 125 × 36.7 at 11.3); 14 pt below it on the 402- and
///   440-point ones, whose status bar is 3 pt taller (device_frame's iPhone 16 Pro: 14.3), and 20
///   on the Air, 6 pt taller again (device_frame's iPhone Air: 19.4).
/// - Notch (13 mini): 26.8 × 5.35 mm as measured by Macotakara and reported by 9to5Mac and
///   BGR (2021), at the mini's 476 ppi and scale 3 (Apple Tech Specs): 167.4 × 33.4 pt, so
///   168 × 33. Its lower corners: 20 pt, as Espresso's UINotch (mitchtreece/Espresso) gives the
///   iPhone X's; the 6-pt curves joining it to the edge are an estimate.
/// - Home indicator: 134 × 5 pt, 8 pt above the bottom edge, the figures of the iOS design
///   templates since the iPhone X (in the 34-pt home-indicator area; some Figma kits draw it 144
///   long), for every Face ID iPhone. Estimates, for want of a public table: about 220 pt long in
///   landscape, and 320 × 5 pt, 8 pt up, on iPads.
/// - Status bar: the top safe area above (``deviceScreen(landscape:)``).
extension Device {
    public static let catalog: [Device] = [
        // Home button, no sensor housing: the status bar is the only inset, and it hides in landscape.
        iPhone("iPhone SE (3rd generation)", 375, 667, scale: 2, hz: 60, top: 20, bottom: 0, side: 0, landscapeBottom: 0,
               corner: 0, housing: nil),
        iPhone("iPhone 13 mini", 375, 812, scale: 3, hz: 60, top: 50, bottom: 34, side: 50, landscapeBottom: 20,
               corner: 44, housing: .notch(size: Size(width: 168, height: 33))),
        iPhone("iPhone 15", 393, 852, scale: 3, hz: 60, top: 59, bottom: 34, side: 59, landscapeBottom: 20, corner: 55, housing: island(11)),
        iPhone("iPhone 16", 393, 852, scale: 3, hz: 60, top: 59, bottom: 34, side: 59, landscapeBottom: 20, corner: 55, housing: island(11)),
        iPhone("iPhone 16 Plus", 430, 932, scale: 3, hz: 60, top: 59, bottom: 34, side: 59, landscapeBottom: 20, corner: 55, housing: island(11)),
        iPhone("iPhone 16 Pro", 402, 874, scale: 3, hz: 120, top: 62, bottom: 34, side: 62, landscapeBottom: 20, corner: 62, housing: island(14)),
        iPhone("iPhone 16 Pro Max", 440, 956, scale: 3, hz: 120, top: 62, bottom: 34, side: 62, landscapeBottom: 20, corner: 62, housing: island(14)),
        iPhone("iPhone 17", 402, 874, scale: 3, hz: 120, top: 62, bottom: 34, side: 62, landscapeBottom: 20, corner: 62, housing: island(14)),
        iPhone("iPhone 17 Pro", 402, 874, scale: 3, hz: 120, top: 62, bottom: 34, side: 62, landscapeBottom: 20, corner: 62, housing: island(14)),
        iPhone("iPhone 17 Pro Max", 440, 956, scale: 3, hz: 120, top: 62, bottom: 34, side: 62, landscapeBottom: 20, corner: 62, housing: island(14)),
        iPhone("iPhone Air", 420, 912, scale: 3, hz: 120, top: 68, bottom: 34, side: 68, landscapeBottom: 20, corner: 62, housing: island(20)),
        // iPads keep the status bar in both orientations and have no sensor housing on the side.
        iPad("iPad (10th generation)", 820, 1180, hz: 60, top: 24, bottom: 20),
        iPad("iPad Air 11-inch (M2)", 820, 1180, hz: 60, top: 24, bottom: 20),
        iPad("iPad Air 13-inch (M2)", 1024, 1366, hz: 60, top: 24, bottom: 20),
        iPad("iPad Pro 11-inch (M4)", 834, 1210, hz: 120, top: 24, bottom: 20),
        iPad("iPad Pro 13-inch (M4)", 1032, 1376, hz: 120, top: 24, bottom: 20),
    ]

    /// Every Dynamic Island is 126 × 37.33 pt; only its distance from the top edge changes.
    private static func island(_ topOffset: Double) -> DeviceScreen.SensorHousing {
        .dynamicIsland(size: Size(width: 126, height: 37.33), topOffset: topOffset)
    }

    private static let iPhoneHomeIndicator = DeviceScreen.HomeIndicator(width: 134, landscapeWidth: 220, height: 5, bottomOffset: 8)
    private static let iPadHomeIndicator = DeviceScreen.HomeIndicator(width: 320, landscapeWidth: 320, height: 5, bottomOffset: 8)
    private static let iPadCornerRadius = 18.0

    /// An iPhone: in landscape the status bar hides, the sensor housing's side is inset on both
    /// sides (UIKit keeps the view symmetric) and the home indicator is shorter. A home indicator
    /// comes with the bottom inset: Face ID iPhones have both, the SE neither.
    private static func iPhone(_ name: String, _ width: Double, _ height: Double, scale: Double, hz: Double,
                               top: Double, bottom: Double, side: Double, landscapeBottom: Double,
                               corner: Double, housing: DeviceScreen.SensorHousing?) -> Device {
        Device(name: name, family: .iPhone, portraitSize: Size(width: width, height: height), scale: scale,
               portraitSafeArea: EdgeInsets(top: top, left: 0, bottom: bottom, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: side, bottom: landscapeBottom, right: side), displayRate: hz,
               cornerRadius: corner, sensorHousing: housing, homeIndicator: bottom > 0 ? iPhoneHomeIndicator : nil)
    }

    /// An iPad with a home indicator: status bar above, indicator below, in both orientations.
    private static func iPad(_ name: String, _ width: Double, _ height: Double, hz: Double, top: Double, bottom: Double) -> Device {
        let insets = EdgeInsets(top: top, left: 0, bottom: bottom, right: 0)
        return Device(name: name, family: .iPad, portraitSize: Size(width: width, height: height), scale: 2,
                      portraitSafeArea: insets, landscapeSafeArea: insets, displayRate: hz,
                      cornerRadius: iPadCornerRadius, sensorHousing: nil, homeIndicator: iPadHomeIndicator)
    }
}
