import Geometry

/// The devices `--device` knows.
///
/// Sizes and scales: each model's pixel resolution from Apple's Tech Specs pages
/// (https://support.apple.com/specs) divided by its scale, as in the table of Apple's Human
/// Interface Guidelines, "Layout" › Device screen sizes and orientations
/// (https://developer.apple.com/design/human-interface-guidelines/layout).
///
/// Safe areas: what UIKit reports as a full-screen app's `view.safeAreaInsets` with the status bar
/// shown, as measured per model in the iOS Simulator and published by the community (e.g.
/// https://useyourloaf.com/blog/iphone-16-screen-sizes/): 20/0 on home-button iPhones; 50/34 on
/// the notched 13 mini; 59/34 on the 393- and 430-point Dynamic Island models, 62/34 on the 402-
/// and 440-point ones; 21 at the bottom and the top inset on each side in landscape; 24/20 on iPads
/// with a home indicator. The iPhone 17 models share the 16 Pro's and 16 Pro Max's displays and
/// are given the same insets; the iPhone Air's 68-point top inset is inferred from its taller
/// status area, not measured: correct it here, with `--safe-area` meanwhile, if a device says otherwise.
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
