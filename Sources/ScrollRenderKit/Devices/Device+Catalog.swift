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
extension Device {
    public static let catalog: [Device] = [
        // Home button, no sensor housing: the status bar is the only inset, and it hides in landscape.
        iPhone("iPhone SE (3rd generation)", 375, 667, scale: 2, hz: 60, top: 20, bottom: 0, side: 0, landscapeBottom: 0),
        iPhone("iPhone 13 mini", 375, 812, scale: 3, hz: 60, top: 50, bottom: 34, side: 50, landscapeBottom: 20),
        iPhone("iPhone 15", 393, 852, scale: 3, hz: 60, top: 59, bottom: 34, side: 59, landscapeBottom: 20),
        iPhone("iPhone 16", 393, 852, scale: 3, hz: 60, top: 59, bottom: 34, side: 59, landscapeBottom: 20),
        iPhone("iPhone 16 Plus", 430, 932, scale: 3, hz: 60, top: 59, bottom: 34, side: 59, landscapeBottom: 20),
        iPhone("iPhone 16 Pro", 402, 874, scale: 3, hz: 120, top: 62, bottom: 34, side: 62, landscapeBottom: 20),
        iPhone("iPhone 16 Pro Max", 440, 956, scale: 3, hz: 120, top: 62, bottom: 34, side: 62, landscapeBottom: 20),
        iPhone("iPhone 17", 402, 874, scale: 3, hz: 120, top: 62, bottom: 34, side: 62, landscapeBottom: 20),
        iPhone("iPhone 17 Pro", 402, 874, scale: 3, hz: 120, top: 62, bottom: 34, side: 62, landscapeBottom: 20),
        iPhone("iPhone 17 Pro Max", 440, 956, scale: 3, hz: 120, top: 62, bottom: 34, side: 62, landscapeBottom: 20),
        iPhone("iPhone Air", 420, 912, scale: 3, hz: 120, top: 68, bottom: 34, side: 68, landscapeBottom: 20),
        // iPads keep the status bar in both orientations and have no sensor housing on the side.
        iPad("iPad (10th generation)", 820, 1180, hz: 60, top: 24, bottom: 20),
        iPad("iPad Air 11-inch (M2)", 820, 1180, hz: 60, top: 24, bottom: 20),
        iPad("iPad Air 13-inch (M2)", 1024, 1366, hz: 60, top: 24, bottom: 20),
        iPad("iPad Pro 11-inch (M4)", 834, 1210, hz: 120, top: 24, bottom: 20),
        iPad("iPad Pro 13-inch (M4)", 1032, 1376, hz: 120, top: 24, bottom: 20),
    ]

    /// An iPhone: in landscape the status bar hides, the sensor housing's side is inset on both
    /// sides (UIKit keeps the view symmetric) and the home indicator is shorter.
    private static func iPhone(_ name: String, _ width: Double, _ height: Double, scale: Double, hz: Double,
                               top: Double, bottom: Double, side: Double, landscapeBottom: Double) -> Device {
        Device(name: name, family: .iPhone, portraitSize: Size(width: width, height: height), scale: scale,
               portraitSafeArea: EdgeInsets(top: top, left: 0, bottom: bottom, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: side, bottom: landscapeBottom, right: side), displayRate: hz)
    }

    /// An iPad with a home indicator: status bar above, indicator below, in both orientations.
    private static func iPad(_ name: String, _ width: Double, _ height: Double, hz: Double, top: Double, bottom: Double) -> Device {
        let insets = EdgeInsets(top: top, left: 0, bottom: bottom, right: 0)
        return Device(name: name, family: .iPad, portraitSize: Size(width: width, height: height), scale: 2,
                      portraitSafeArea: insets, landscapeSafeArea: insets, displayRate: hz)
    }
}
