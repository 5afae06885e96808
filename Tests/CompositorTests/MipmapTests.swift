@testable import Compositor
import Testing

/// Each smaller mipmap level averages the 2×2 pixels it covers (premultiplied), to nearest with
/// ties to even, and averages only the pixels that exist along an odd edge.
@Suite struct MipmapTests {
    /// Small levels, and levels of a megapixel or more (halved in row bands on several threads:
    /// the rows around each band's edges, and others, are checked).
    @Test(arguments: [(7, 5, true), (8, 6, true), (9, 2, true), (1, 1, true), (2, 3, true), (7, 5, false), (6, 4, false),
                      (2051, 2050, true)])
    func halvingAveragesEachBlockOfFour(width: Int, height: Int, opaque: Bool) {
        var state: UInt32 = 3
        let pixels = (0..<(width * height * 4)).map { index -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return opaque && index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 16)
        }
        let level = MipmapLevel(width: width, height: height, extentWidth: Double(width), extentHeight: Double(height),
                                pixels: pixels, isPremultiplied: opaque)
        let half = level.halved(isOpaque: opaque)
        #expect(half.width == (width + 1) / 2 && half.height == (height + 1) / 2)
        let bandEdges = (0...4).flatMap { band in [band * half.height / 4 - 1, band * half.height / 4] }
        let rows = half.height < 64 ? Array(0..<half.height)
            : (bandEdges + Array(stride(from: 0, to: half.height, by: 97))).filter { (0..<half.height).contains($0) }
        var wrong: [String] = []
        for y in rows {
            for x in 0..<half.width {
                // An edge block of one column or row counts its pixels twice: the average of those that exist.
                let columns = [2 * x, min(2 * x + 1, width - 1)], rows = [2 * y, min(2 * y + 1, height - 1)]
                for channel in 0..<4 {
                    var sum = 0
                    for row in rows {
                        for column in columns {
                            let pixel = (row * width + column) * 4
                            let value = Int(pixels[pixel + channel]), alpha = Int(pixels[pixel + 3])
                            sum += opaque || channel == 3 ? value : Blending.multiply(value, alpha)
                        }
                    }
                    let (quotient, remainder) = sum.quotientAndRemainder(dividingBy: 4)
                    let expected = remainder < 2 ? quotient : remainder > 2 ? quotient + 1 : quotient + quotient % 2
                    if Int(half.pixels[(y * half.width + x) * 4 + channel]) != expected { wrong.append("(\(x), \(y)) channel \(channel)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first \(wrong.prefix(3))")
    }
}
