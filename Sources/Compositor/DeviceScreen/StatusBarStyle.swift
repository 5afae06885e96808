#if canImport(Glibc)
import Glibc
#endif
import Raster

/// The colour of the status bar's glyphs (and of the home indicator), as `UIStatusBarStyle` names it:
/// dark content is black, for light backgrounds; light content is white, for dark ones.
public enum StatusBarStyle: String, Sendable, Hashable, CaseIterable {
    /// Whichever suits the frame under it (``suited(toLuminance:)``), decided on every frame.
    case automatic
    case darkContent
    case lightContent

    /// The glyphs' colour; black for ``automatic``, which is resolved before drawing.
    public var glyphColor: RGBA {
        self == .lightContent ? .white : .black
    }

    /// This style, or for ``automatic`` the one that suits `region` of `frame`.
    func resolved(on frame: ChromeTarget, region: (x: Range<Int>, y: Range<Int>)) -> StatusBarStyle {
        self == .automatic ? Self.suited(toLuminance: Self.meanLuminance(of: frame, in: region)) : self
    }

    /// Dark content where black glyphs contrast more than white ones with a background of relative
    /// luminance `luminance` (0...1, WCAG's definition): above 0.179, about sRGB grey 118.
    public static func suited(toLuminance luminance: Double) -> StatusBarStyle {
        // Equal contrast: (1 + 0.05) / (L + 0.05) = (L + 0.05) / (0 + 0.05).
        luminance > (1.05 * 0.05).squareRoot() - 0.05 ? .darkContent : .lightContent
    }

    /// The style that suits the pixels of `frame` in `region` (clipped to the frame).
    public static func suited(to frame: RGBAImage, in region: (x: Range<Int>, y: Range<Int>)) -> StatusBarStyle {
        frame.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return .darkContent }
            // Only read: the target's pointer is mutable because drawing shares the type.
            let target = ChromeTarget(base: UnsafeMutablePointer(mutating: base), stride: frame.width, originX: 0, originY: 0,
                                      width: frame.width, height: frame.height)
            return suited(toLuminance: meanLuminance(of: target, in: region))
        }
    }

    /// The mean relative luminance of every fourth pixel of every fourth row of `region`: enough to
    /// tell a light background from a dark one at a few microseconds a frame. Colours are read as
    /// stored, whatever their alpha.
    static func meanLuminance(of target: ChromeTarget, in region: (x: Range<Int>, y: Range<Int>)) -> Double {
        let xs = region.x.clamped(to: 0..<target.width), ys = region.y.clamped(to: 0..<target.height)
        guard !xs.isEmpty, !ys.isEmpty else { return 1 }
        let linear = linearLuminanceTable
        var sum = 0.0, count = 0
        for y in stride(from: ys.lowerBound, to: ys.upperBound, by: 4) {
            let row = target.row(y)
            for x in stride(from: xs.lowerBound, to: xs.upperBound, by: 4) {
                let pixel = row + x * 4
                sum += 0.2126 * linear[Int(pixel[0])] + 0.7152 * linear[Int(pixel[1])] + 0.0722 * linear[Int(pixel[2])]
                count += 1
            }
        }
        return sum / Double(count)
    }

    /// sRGB byte → linear light, 0...1.
    private static let linearLuminanceTable: [Double] = (0..<256).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}
