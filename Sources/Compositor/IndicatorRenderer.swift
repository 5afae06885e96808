#if canImport(Glibc)
import Glibc
#endif
import Raster

/// Draws scroll indicators: anti-aliased rounded rectangles, composited "over" the frame.
///
/// Each pixel gets the indicator colour with opacity `color.alpha / 255 × alpha × coverage`, where
/// coverage is the exact area of the pixel inside the shape (``RoundedRect``). With black at 0x59 over
/// white, an interior pixel becomes 255 × (1 − 89/255) = 166.
enum IndicatorRenderer {
    /// Composites `indicator` over the premultiplied RGBA8 `pixels` (`width × height`).
    /// `scale` converts the indicator's frame from points to device pixels.
    static func draw(
        _ indicator: Compositor.Indicator, scale: Double,
        into pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int
    ) {
        guard let placement = Placement(indicator, scale: scale, width: width, height: height) else { return }
        let shape = placement.shape, opacity = placement.opacity
        let red = Double(indicator.color.red)
        let green = Double(indicator.color.green)
        let blue = Double(indicator.color.blue)
        for y in placement.rows {
            for x in placement.columns {
                let coverage = shape.coverage(x: x, y: y)
                if coverage <= 0 { continue }
                let a = opacity * coverage
                let keep = 1 - a
                let index = (y * width + x) * 4
                pixels[index] = channel(red * a + Double(pixels[index]) * keep)
                pixels[index + 1] = channel(green * a + Double(pixels[index + 1]) * keep)
                pixels[index + 2] = channel(blue * a + Double(pixels[index + 2]) * keep)
                pixels[index + 3] = channel(255 * a + Double(pixels[index + 3]) * keep)
            }
        }
    }

    /// The rows and columns of a `width × height` frame that drawing `indicator` may change
    /// (`nil` when it draws nothing).
    static func pixels(touchedBy indicator: Compositor.Indicator, scale: Double, width: Int, height: Int)
        -> (rows: Range<Int>, columns: Range<Int>)? {
        Placement(indicator, scale: scale, width: width, height: height).map { ($0.rows, $0.columns) }
    }

    /// An indicator's shape in device pixels, the pixels it may cover, and its opacity.
    private struct Placement {
        let shape: RoundedRect
        let columns: Range<Int>
        let rows: Range<Int>
        let opacity: Double

        /// `nil` when the indicator draws nothing: transparent, empty, off the frame or not finite.
        init?(_ indicator: Compositor.Indicator, scale: Double, width: Int, height: Int) {
            opacity = Double(indicator.color.alpha) / 255 * min(max(indicator.alpha, 0), 1)
            let frame = indicator.frame
            guard opacity > 0, frame.width > 0, frame.height > 0, frame.minX.isFinite, frame.minY.isFinite,
                  frame.maxX.isFinite, frame.maxY.isFinite, indicator.cornerRadius.isFinite else { return nil }
            shape = RoundedRect(
                minX: frame.minX * scale, minY: frame.minY * scale,
                maxX: frame.maxX * scale, maxY: frame.maxY * scale,
                radius: indicator.cornerRadius * scale)
            let x0 = max(0, Int(floor(shape.minX))), x1 = min(width, Int(ceil(shape.maxX)))
            let y0 = max(0, Int(floor(shape.minY))), y1 = min(height, Int(ceil(shape.maxY)))
            guard x1 > x0, y1 > y0 else { return nil }
            columns = x0..<x1
            rows = y0..<y1
        }
    }

    @inline(__always)
    private static func channel(_ value: Double) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}
