@testable import Compositor
import Testing

/// Each smaller mipmap level averages the 2×2 pixels it covers (premultiplied), to nearest with
/// ties to even, and averages only the pixels that exist along an odd edge.
@Suite struct MipmapTests {
    @Test(arguments: [(7, 5, true), (8, 6, true), (9, 2, true), (1, 1, true), (2, 3, true), (7, 5, false), (6, 4, false)])
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
        for y in 0..<half.height {
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
                    #expect(Int(half.pixels[(y * half.width + x) * 4 + channel]) == expected, "(\(x), \(y)) channel \(channel)")
                }
            }
        }
    }
}
