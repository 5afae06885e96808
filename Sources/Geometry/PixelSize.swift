/// A picture's size in pixels.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
    }

    public var pixelCount: Int { width * height }

    /// "160×240".
    public var description: String { "\(width)×\(height)" }
}
