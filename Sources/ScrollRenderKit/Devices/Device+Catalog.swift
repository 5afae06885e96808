import Geometry

/// The devices `--device` knows.
///
/// Sizes and scales: Apple's Human Interface Guidelines, "Layout", Specifications › Device screen
/// sizes and orientations (https://developer.apple.com/design/human-interface-guidelines/layout),
/// and each model's Tech Specs page (https://support.apple.com/specs). Safe areas: what UIKit
/// reports for a full-screen app's root view (`view.safeAreaInsets`) with the status bar shown,
/// as listed per model at https://useyourloaf.com/blog/iphone-16-screen-sizes/ and
/// https://iosref.com/res; the sources are checked against each other in docs/DEVICES.md.
extension Device {
    public static let catalog: [Device] = [
        // Home button, no sensor housing: the status bar is the only inset, and it hides in landscape.
        iPhone("iPhone SE (3rd generation)", 375, 667, scale: 2, top: 20, bottom: 0, side: 0, landscapeBottom: 0),
        iPhone("iPhone 13 mini", 375, 812, scale: 3, top: 50, bottom: 34, side: 50, landscapeBottom: 21),
        iPhone("iPhone 15", 393, 852, scale: 3, top: 59, bottom: 34, side: 59, landscapeBottom: 21),
        iPhone("iPhone 16", 393, 852, scale: 3, top: 59, bottom: 34, side: 59, landscapeBottom: 21),
        iPhone("iPhone 16 Plus", 430, 932, scale: 3, top: 59, bottom: 34, side: 59, landscapeBottom: 21),
        iPhone("iPhone 16 Pro", 402, 874, scale: 3, top: 62, bottom: 34, side: 62, landscapeBottom: 21),
        iPhone("iPhone 16 Pro Max", 440, 956, scale: 3, top: 62, bottom: 34, side: 62, landscapeBottom: 21),
        iPhone("iPhone 17", 402, 874, scale: 3, top: 62, bottom: 34, side: 62, landscapeBottom: 21),
        iPhone("iPhone 17 Pro", 402, 874, scale: 3, top: 62, bottom: 34, side: 62, landscapeBottom: 21),
        iPhone("iPhone 17 Pro Max", 440, 956, scale: 3, top: 62, bottom: 34, side: 62, landscapeBottom: 21),
        iPhone("iPhone Air", 420, 912, scale: 3, top: 68, bottom: 34, side: 68, landscapeBottom: 21),
        // iPads keep the status bar in both orientations and have no sensor housing on the side.
        iPad("iPad (10th generation)", 820, 1180, top: 24, bottom: 20),
        iPad("iPad Air 11-inch (M2)", 820, 1180, top: 24, bottom: 20),
        iPad("iPad Air 13-inch (M2)", 1024, 1366, top: 24, bottom: 20),
        iPad("iPad Pro 11-inch (M4)", 834, 1210, top: 24, bottom: 20),
        iPad("iPad Pro 13-inch (M4)", 1032, 1376, top: 24, bottom: 20),
    ]

    /// An iPhone: in landscape the status bar hides, the sensor housing's side is inset on both
    /// sides (UIKit keeps the view symmetric) and the home indicator is shorter.
    private static func iPhone(_ name: String, _ width: Double, _ height: Double, scale: Double,
                               top: Double, bottom: Double, side: Double, landscapeBottom: Double) -> Device {
        Device(name: name, family: .iPhone, portraitSize: Size(width: width, height: height), scale: scale,
               portraitSafeArea: EdgeInsets(top: top, left: 0, bottom: bottom, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: side, bottom: landscapeBottom, right: side))
    }

    /// An iPad with a home indicator: status bar above, indicator below, in both orientations.
    private static func iPad(_ name: String, _ width: Double, _ height: Double, top: Double, bottom: Double) -> Device {
        let insets = EdgeInsets(top: top, left: 0, bottom: bottom, right: 0)
        return Device(name: name, family: .iPad, portraitSize: Size(width: width, height: height), scale: 2,
                      portraitSafeArea: insets, landscapeSafeArea: insets)
    }
}
