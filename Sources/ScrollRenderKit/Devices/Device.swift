import Compositor
import Foundation
import Geometry

/// A real iPhone or iPad: its screen in points, its scale, the safe area UIKit gives a
/// full-screen app's view in each orientation (status bar and sensor housing, home indicator), and
/// the shape of its screen as a recording of it shows (corners, island or notch, home indicator).
public struct Device: Sendable, Hashable {
    public enum Family: String, Sendable, Hashable, Codable {
        case iPhone, iPad
    }

    /// What the view is in one orientation.
    public struct Screen: Sendable, Hashable {
        public var size: Size
        public var safeArea: EdgeInsets
    }

    public let name: String
    public let family: Family
    /// The screen in portrait, in points.
    public let portraitSize: Size
    /// Device pixels per point.
    public let scale: Double
    public let portraitSafeArea: EdgeInsets
    public let landscapeSafeArea: EdgeInsets
    /// The screen's refresh rate (Hz): 120 on ProMotion screens, 60 on others.
    public let displayRate: Double
    /// The radius of the display's rounded corners, in points (0: square).
    public let cornerRadius: Double
    /// The Dynamic Island or notch, in portrait; `nil` without one.
    public let sensorHousing: DeviceScreen.SensorHousing?
    /// `nil` on devices with a home button.
    public let homeIndicator: DeviceScreen.HomeIndicator?

    /// The screen's width in device pixels in portrait: what a full-screen screenshot of it measures.
    public var pixelWidth: Int { Int((portraitSize.width * scale).rounded()) }

    /// The view in portrait, or in landscape (width and height swapped; the safe area is the
    /// landscape one, with the sensor housing on the left).
    public func screen(landscape: Bool) -> Screen {
        landscape
            ? Screen(size: Size(width: portraitSize.height, height: portraitSize.width), safeArea: landscapeSafeArea)
            : Screen(size: portraitSize, safeArea: portraitSafeArea)
    }

    /// The screen's chrome in one orientation: the status bar fills the top safe area (hidden on
    /// iPhones in landscape, where UIKit hides it), beside the sensor housing on Face ID iPhones.
    public func deviceScreen(landscape: Bool) -> DeviceScreen {
        let layout: DeviceScreen.StatusBar.Layout = family == .iPad ? .leadingTime : sensorHousing == nil ? .centeredTime : .besideSensorHousing
        let statusBar = DeviceScreen.StatusBar(height: portraitSafeArea.top, landscapeHeight: family == .iPad ? landscapeSafeArea.top : nil,
                                               layout: layout)
        return DeviceScreen(portraitSize: portraitSize, isLandscape: landscape, cornerRadius: cornerRadius, sensorHousing: sensorHousing,
                            statusBar: statusBar, homeIndicator: homeIndicator)
    }

    /// The device named `name`, ignoring case, spaces and punctuation ("iphone16pro" works).
    public static func named(_ name: String) -> Device? {
        let key = searchKey(name)
        return catalog.first { searchKey($0.name) == key }
    }

    /// Names like `name`, for an unknown name's message: those that contain what was typed, or
    /// share its model number, else the nearest by edit distance.
    public static func suggestions(for name: String) -> [String] {
        let key = searchKey(name)
        guard !key.isEmpty else { return [] }
        let containing = catalog.filter { searchKey($0.name).contains(key) || key.contains(searchKey($0.name)) }
        if !containing.isEmpty {
            return containing.sorted { editDistance(searchKey($0.name), key) < editDistance(searchKey($1.name), key) }.prefix(4).map(\.name)
        }
        let ranked = catalog.map { ($0.name, editDistance(searchKey($0.name), key)) }.sorted { $0.1 < $1.1 }
        let best = ranked.first?.1 ?? 0
        return ranked.filter { $0.1 <= best + 1 && $0.1 <= max(3, key.count / 2) }.prefix(4).map(\.0)
    }

    static func searchKey(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// Levenshtein distance, for suggestions among a few dozen short names.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
