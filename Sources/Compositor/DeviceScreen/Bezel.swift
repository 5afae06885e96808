import Raster

/// A plain device outline around the screen: a band of one colour whose outer corners follow the
/// screen's, a few points wide. Not any real device's frame, only enough to read as a phone.
public struct Bezel: Sendable, Hashable {
    /// The band's width in points (rounded to whole pixels when drawn).
    public var thickness: Double
    public var color: RGBA

    /// Dark grey, the colour of a phone's edge in shadow.
    public static let defaultColor = RGBA(red: 44, green: 44, blue: 46)

    public init(thickness: Double = 8, color: RGBA = Bezel.defaultColor) {
        (self.thickness, self.color) = (thickness, color)
    }

    /// The band's width in pixels at `scale` pixels per point.
    public func pixels(atScale scale: Double) -> Int {
        max(0, Int((thickness * scale).rounded()))
    }
}
