import Compositor
import Geometry

/// The devices `--device` knows: every iPhone iOS 26 supports (the iPhone 11 and SE (2nd
/// generation) onward) and every iPad iPadOS 26 supports (Apple's "iOS 26 is compatible with these
/// devices" and "iPadOS 26 is compatible with these devices", support.apple.com), where each figure
/// comes from is said below, column by column; a figure that is an estimate says so.
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
/// Safe areas before the island: 44/34 on the iPhone 11 Pro and Pro Max, 48/34 on the iPhone 11,
/// 50/34 on the 12 and 13 mini, 47/34 on the 390- and 428-point models (12, 13, 14, 16e and their
/// Pro and Max or Plus), as the same tables give them; iPads with a home button have the 20-point
/// status bar alone, in both orientations.
///
/// Refresh rates: 120 Hz on the ProMotion screens (iPhone 13 Pro and later Pro models, every
/// iPhone 17 and the Air, iPad Pro), 60 Hz on the others, as Apple's Tech Specs pages list them.
///
/// Screen shape (what ``deviceScreen(landscape:)`` draws; no Apple artwork, only these numbers):
/// - Corner radius: what UIKit reports as `UIScreen._displayCornerRadius`, tabulated by
///   https://github.com/kylebshr/ScreenCorners and kylebshr/UIKitCorners up to the iPhone 14 (39 on
///   the 11 Pro and Pro Max, 41.5 on the 11, 44 on the 12/13 mini, 47.33 on the 390-point models,
///   53.33 on the 428-point ones; 18 on the iPads with a home indicator, 21.5 on the iPad mini;
///   0 on home-button models); for the island models, the arcs of
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
///   iPhone X's; the 6-pt curves joining it to the edge are an estimate. The other notches are
///   derived from it (estimates): the 13, 14 and 16e's the same 26.8 × 5.35 mm at 460 ppi,
///   162 × 32 pt; the iPhone 11 and 12 families' 20 % wider (Apple, iPhone 13 announcement, 2021:
///   "the TrueDepth camera system … 20 percent smaller"), 33.5 mm, at each one's ppi and scale
///   (201–215 × 30 pt, the iPhone X's 30-pt height of the iOS design templates).
/// - Home indicator: 134 × 5 pt, 8 pt above the bottom edge, the figures of the iOS design
///   templates since the iPhone X (in the 34-pt home-indicator area; some Figma kits draw it 144
///   long), for every Face ID iPhone. Estimates, for want of a public table: about 220 pt long in
///   landscape, and 320 × 5 pt, 8 pt up, on iPads.
/// - Status bar: the top safe area above (``deviceScreen(landscape:)``).
extension Device {
    public static let catalog: [Device] = iPhones + iPads

    /// Every iPhone iOS 26 runs on, oldest first.
    static let iPhones: [Device] = [
        // Home button, no sensor housing: the status bar is the only inset, and it hides in landscape.
        homeButtonPhone("iPhone SE (2nd generation)"),
        homeButtonPhone("iPhone SE (3rd generation)"),
        // The notch: the 11 series at 458 ppi (Pro) and 326 ppi (@2x).
        notched("iPhone 11", 414, 896, scale: 2, hz: 60, top: 48, corner: 41.5, notch: Size(width: 215, height: 30)),
        notched("iPhone 11 Pro", 375, 812, scale: 3, hz: 60, top: 44, corner: 39, notch: Size(width: 201, height: 30)),
        notched("iPhone 11 Pro Max", 414, 896, scale: 3, hz: 60, top: 44, corner: 39, notch: Size(width: 201, height: 30)),
        notched("iPhone 12 mini", 375, 812, scale: 3, hz: 60, top: 50, corner: 44, notch: Size(width: 210, height: 30)),
        notched("iPhone 12", 390, 844, scale: 3, hz: 60, top: 47, corner: 47.33, notch: Size(width: 202, height: 30)),
        notched("iPhone 12 Pro", 390, 844, scale: 3, hz: 60, top: 47, corner: 47.33, notch: Size(width: 202, height: 30)),
        notched("iPhone 12 Pro Max", 428, 926, scale: 3, hz: 60, top: 47, corner: 53.33, notch: Size(width: 201, height: 30)),
        notched("iPhone 13 mini", 375, 812, scale: 3, hz: 60, top: 50, corner: 44, notch: Size(width: 168, height: 33)),
        notched("iPhone 13", 390, 844, scale: 3, hz: 60, top: 47, corner: 47.33, notch: Size(width: 162, height: 32)),
        notched("iPhone 13 Pro", 390, 844, scale: 3, hz: 120, top: 47, corner: 47.33, notch: Size(width: 162, height: 32)),
        notched("iPhone 13 Pro Max", 428, 926, scale: 3, hz: 120, top: 47, corner: 53.33, notch: Size(width: 162, height: 32)),
        notched("iPhone 14", 390, 844, scale: 3, hz: 60, top: 47, corner: 47.33, notch: Size(width: 162, height: 32)),
        notched("iPhone 14 Plus", 428, 926, scale: 3, hz: 60, top: 47, corner: 53.33, notch: Size(width: 162, height: 32)),
        // The Dynamic Island.
        islanded("iPhone 14 Pro", 393, 852, hz: 120, top: 59, corner: 55, island: 11),
        islanded("iPhone 14 Pro Max", 430, 932, hz: 120, top: 59, corner: 55, island: 11),
        islanded("iPhone 15", 393, 852, hz: 60, top: 59, corner: 55, island: 11),
        islanded("iPhone 15 Plus", 430, 932, hz: 60, top: 59, corner: 55, island: 11),
        islanded("iPhone 15 Pro", 393, 852, hz: 120, top: 59, corner: 55, island: 11),
        islanded("iPhone 15 Pro Max", 430, 932, hz: 120, top: 59, corner: 55, island: 11),
        islanded("iPhone 16", 393, 852, hz: 60, top: 59, corner: 55, island: 11),
        islanded("iPhone 16 Plus", 430, 932, hz: 60, top: 59, corner: 55, island: 11),
        islanded("iPhone 16 Pro", 402, 874, hz: 120, top: 62, corner: 62, island: 14),
        islanded("iPhone 16 Pro Max", 440, 956, hz: 120, top: 62, corner: 62, island: 14),
        notched("iPhone 16e", 390, 844, scale: 3, hz: 60, top: 47, corner: 47.33, notch: Size(width: 162, height: 32)),
        islanded("iPhone 17", 402, 874, hz: 120, top: 62, corner: 62, island: 14),
        islanded("iPhone 17 Pro", 402, 874, hz: 120, top: 62, corner: 62, island: 14),
        islanded("iPhone 17 Pro Max", 440, 956, hz: 120, top: 62, corner: 62, island: 14),
        islanded("iPhone Air", 420, 912, hz: 120, top: 68, corner: 62, island: 20),
    ]

    /// Every iPad iPadOS 26 runs on, by line, oldest first. All are @2x.
    static let iPads: [Device] = [
        homeButtonPad("iPad (8th generation)", 810, 1080),
        homeButtonPad("iPad (9th generation)", 810, 1080),
        iPad("iPad (10th generation)", 820, 1180, hz: 60),
        iPad("iPad (A16)", 820, 1180, hz: 60),
        homeButtonPad("iPad mini (5th generation)", 768, 1024),
        iPad("iPad mini (6th generation)", 744, 1133, hz: 60, corner: 21.5),
        iPad("iPad mini (A17 Pro)", 744, 1133, hz: 60, corner: 21.5),
        homeButtonPad("iPad Air (3rd generation)", 834, 1112),
        iPad("iPad Air (4th generation)", 820, 1180, hz: 60),
        iPad("iPad Air (5th generation)", 820, 1180, hz: 60),
        iPad("iPad Air 11-inch (M2)", 820, 1180, hz: 60),
        iPad("iPad Air 13-inch (M2)", 1024, 1366, hz: 60),
        iPad("iPad Air 11-inch (M3)", 820, 1180, hz: 60),
        iPad("iPad Air 13-inch (M3)", 1024, 1366, hz: 60),
        iPad("iPad Pro 11-inch (1st generation)", 834, 1194, hz: 120),
        iPad("iPad Pro 11-inch (2nd generation)", 834, 1194, hz: 120),
        iPad("iPad Pro 11-inch (3rd generation)", 834, 1194, hz: 120),
        iPad("iPad Pro 11-inch (4th generation)", 834, 1194, hz: 120),
        iPad("iPad Pro 12.9-inch (3rd generation)", 1024, 1366, hz: 120),
        iPad("iPad Pro 12.9-inch (4th generation)", 1024, 1366, hz: 120),
        iPad("iPad Pro 12.9-inch (5th generation)", 1024, 1366, hz: 120),
        iPad("iPad Pro 12.9-inch (6th generation)", 1024, 1366, hz: 120),
        iPad("iPad Pro 11-inch (M4)", 834, 1210, hz: 120),
        iPad("iPad Pro 13-inch (M4)", 1032, 1376, hz: 120),
        iPad("iPad Pro 11-inch (M5)", 834, 1210, hz: 120),
        iPad("iPad Pro 13-inch (M5)", 1032, 1376, hz: 120),
    ]

    /// Every Dynamic Island is 126 × 37.33 pt; only its distance from the top edge changes.
    private static func island(_ topOffset: Double) -> DeviceScreen.SensorHousing {
        .dynamicIsland(size: Size(width: 126, height: 37.33), topOffset: topOffset)
    }

    private static let iPhoneHomeIndicator = DeviceScreen.HomeIndicator(width: 134, landscapeWidth: 220, height: 5, bottomOffset: 8)
    private static let iPadHomeIndicator = DeviceScreen.HomeIndicator(width: 320, landscapeWidth: 320, height: 5, bottomOffset: 8)

    /// A home-button iPhone (375 × 667 @2x, 60 Hz): the 20-pt status bar, square corners.
    private static func homeButtonPhone(_ name: String) -> Device {
        iPhone(name, 375, 667, scale: 2, hz: 60, top: 20, bottom: 0, side: 0, landscapeBottom: 0, corner: 0, housing: nil)
    }

    private static func notched(_ name: String, _ width: Double, _ height: Double, scale: Double, hz: Double, top: Double,
                                corner: Double, notch: Size) -> Device {
        iPhone(name, width, height, scale: scale, hz: hz, top: top, bottom: 34, side: top, landscapeBottom: 20, corner: corner,
               housing: .notch(size: notch))
    }

    private static func islanded(_ name: String, _ width: Double, _ height: Double, hz: Double, top: Double, corner: Double,
                                 island offset: Double) -> Device {
        iPhone(name, width, height, scale: 3, hz: hz, top: top, bottom: 34, side: top, landscapeBottom: 20, corner: corner,
               housing: island(offset))
    }

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

    /// An iPad with a home indicator: status bar above (24 pt), indicator below (20 pt), in both
    /// orientations; corners of 18 pt unless given.
    private static func iPad(_ name: String, _ width: Double, _ height: Double, hz: Double, corner: Double = 18) -> Device {
        let insets = EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
        return Device(name: name, family: .iPad, portraitSize: Size(width: width, height: height), scale: 2,
                      portraitSafeArea: insets, landscapeSafeArea: insets, displayRate: hz,
                      cornerRadius: corner, sensorHousing: nil, homeIndicator: iPadHomeIndicator)
    }

    /// An iPad with a home button (60 Hz): the 20-pt status bar alone, square corners.
    private static func homeButtonPad(_ name: String, _ width: Double, _ height: Double) -> Device {
        let insets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        return Device(name: name, family: .iPad, portraitSize: Size(width: width, height: height), scale: 2,
                      portraitSafeArea: insets, landscapeSafeArea: insets, displayRate: 60,
                      cornerRadius: 0, sensorHousing: nil, homeIndicator: nil)
    }
}
