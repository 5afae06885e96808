import Raster
import _PixelShims

/// A picture that shows where two frames differ: changed pixels in a loud colour over a faded,
/// lightened greyscale copy of the expected frame, so the eye finds them at once and still sees
/// what they belong to.
///
/// - A pixel whose largest channel difference is above the tolerance is drawn in ``highlight``,
///   moving towards ``strongHighlight`` as the difference grows (by default magenta for the
///   smallest change, red for a change of 255).
/// - Every other pixel is the expected pixel's luma (Rec. 601, composited over white by its alpha)
///   at ``contrast`` of its contrast, lightened towards white: with the default 0.3 a black pixel
///   becomes light grey (179) and white stays white.
/// - When the sizes differ, the picture covers both; pixels only one frame has are highlighted at
///   full strength.
/// - Masked pixels (left out of the comparison) are hatched in ``hatch``: diagonal stripes over the
///   faded frame, never highlighted.
public struct DifferenceImage: Sendable {
    /// The colour of the smallest difference above the tolerance.
    public var highlight: RGBA
    /// The colour of a difference of 255.
    public var strongHighlight: RGBA
    /// How much of the expected frame's contrast the background keeps, 0…1.
    public var contrast: Double
    /// The stripes over masked pixels.
    public var hatch: RGBA

    public init(highlight: RGBA = RGBA(red: 255, green: 0, blue: 255),
                strongHighlight: RGBA = RGBA(red: 255, green: 0, blue: 0),
                contrast: Double = 0.3, hatch: RGBA = RGBA(red: 96, green: 125, blue: 139)) {
        (self.highlight, self.strongHighlight, self.contrast, self.hatch) = (highlight, strongHighlight, contrast, hatch)
    }

    /// Whether pixel (`x`, `y`) of a masked region lies on a stripe: 3 pixels of every 8, running
    /// down to the left.
    static func isStripe(x: Int, y: Int) -> Bool { (x + y) % 8 < 3 }

    /// The difference picture of `actual` against `expected`; the boxes of `mask` (in pixels) are
    /// hatched and never highlighted. A pixel is highlighted when the comparison counts it.
    public func render(expected: RGBAImage, actual: RGBAImage, tolerance: DiffTolerance = .exact, mask: [ImageRegion] = []) -> RGBAImage {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        let commonWidth = min(expected.width, actual.width), commonHeight = min(expected.height, actual.height)
        let channelTolerance = tolerance.channel
        let largestUnchanged = tolerance.largestUnchangedDistance
        let mask = PixelMask(boxes: mask, width: width, height: height)
        let hatch = [self.hatch.red, self.hatch.green, self.hatch.blue, self.hatch.alpha]
        let contrastScale = self.contrastScale
        // The colour of each difference magnitude, worked out once.
        var palette = [UInt8](repeating: 0, count: 256 * 4)
        for magnitude in 0..<256 {
            let t = Double(magnitude) / 255
            for (channel, (from, to)) in zip(
                [highlight.red, highlight.green, highlight.blue, highlight.alpha],
                [strongHighlight.red, strongHighlight.green, strongHighlight.blue, strongHighlight.alpha]
            ).enumerated() {
                palette[magnitude * 4 + channel] = UInt8((Double(from) + (Double(to) - Double(from)) * t).rounded())
            }
        }
        var output = [UInt8](repeating: 0, count: width * height * 4)
        output.withUnsafeMutableBytes { out in
            expected.pixels.withUnsafeBytes { e in
                actual.pixels.withUnsafeBytes { a in
                    palette.withUnsafeBufferPointer { palette in
                        var y = 0
                        while y < height {
                            // Each row's masked columns, as a flag a pixel.
                            var masked = [Bool](repeating: false, count: mask.masks(row: y) ? width : 0)
                            if !masked.isEmpty {
                                masked = [Bool](repeating: true, count: width)
                                for run in mask.comparedRuns(row: y) { for x in run { masked[x] = false } }
                            }
                            var x = 0
                            while x < width {
                                let o = (y * width + x) * 4
                                let inExpected = x < expected.width && y < expected.height
                                if !masked.isEmpty && masked[x] && Self.isStripe(x: x, y: y) {
                                    out[o] = hatch[0]; out[o + 1] = hatch[1]; out[o + 2] = hatch[2]; out[o + 3] = hatch[3]
                                    x += 1
                                    continue
                                }
                                var magnitude = 255
                                var counted = true
                                if x < commonWidth && y < commonHeight {
                                    let ei = (y * expected.width + x) * 4, ai = (y * actual.width + x) * 4
                                    let ew = UInt32(littleEndian: e.loadUnaligned(fromByteOffset: ei, as: UInt32.self))
                                    let aw = UInt32(littleEndian: a.loadUnaligned(fromByteOffset: ai, as: UInt32.self))
                                    magnitude = ew == aw ? 0 : PixelDifference.largestChannelDifference(ew, aw)
                                    counted = magnitude > channelTolerance && (masked.isEmpty || !masked[x])
                                    if counted, let largestUnchanged {
                                        counted = sr_yiq_distance(e.baseAddress!.assumingMemoryBound(to: UInt8.self) + ei,
                                                                  a.baseAddress!.assumingMemoryBound(to: UInt8.self) + ai) > largestUnchanged
                                    }
                                }
                                if counted {
                                    let p = magnitude * 4
                                    out[o] = palette[p]; out[o + 1] = palette[p + 1]
                                    out[o + 2] = palette[p + 2]; out[o + 3] = palette[p + 3]
                                } else {
                                    let grey: UInt8
                                    if inExpected {
                                        let ei = (y * expected.width + x) * 4
                                        grey = Self.fade(e[ei], e[ei + 1], e[ei + 2], e[ei + 3], contrastScale: contrastScale)
                                    } else {
                                        grey = 255
                                    }
                                    out[o] = grey; out[o + 1] = grey; out[o + 2] = grey; out[o + 3] = 255
                                }
                                x += 1
                            }
                            y += 1
                        }
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: output)
    }

    /// The grey an unchanged pixel of colour `color` becomes.
    public func fadedGrey(of color: RGBA) -> UInt8 {
        Self.fade(color.red, color.green, color.blue, color.alpha, contrastScale: contrastScale)
    }

    /// ``contrast`` in 1/256ths.
    private var contrastScale: Int { Int((max(0, min(1, contrast)) * 256).rounded()) }

    /// Luma (Rec. 601) over white, then `contrastScale`/256 of its distance from white.
    @inline(__always)
    private static func fade(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8, contrastScale: Int) -> UInt8 {
        let luma = (77 * Int(red) + 150 * Int(green) + 29 * Int(blue) + 128) >> 8
        let opacity = Int(alpha)
        let overWhite = (luma * opacity + 255 * (255 - opacity) + 127) / 255
        return UInt8(255 - (((255 - overWhite) * contrastScale + 128) >> 8))
    }
}
