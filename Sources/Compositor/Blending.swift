import Raster

/// 8-bit helpers around the resampler: premultiplication, background fill, and the final conversion
/// back to straight alpha.
enum Blending {
    /// `round(a * b / 255)` for `a`, `b` in 0...255, exact.
    @inline(__always)
    static func multiply(_ a: Int, _ b: Int) -> Int {
        divideBy255(a * b)
    }

    /// `round(t / 255)` for `t` in 0...255 × 255, exact, by shifts.
    @inline(__always)
    static func divideBy255(_ t: Int) -> Int {
        let u = t &+ 128
        return (u &+ (u >> 8)) >> 8
    }

    /// The colour premultiplied by its own alpha, as 4 bytes.
    static func premultiplied(_ color: RGBA) -> (UInt8, UInt8, UInt8, UInt8) {
        let a = Int(color.alpha)
        return (
            UInt8(multiply(Int(color.red), a)), UInt8(multiply(Int(color.green), a)),
            UInt8(multiply(Int(color.blue), a)), color.alpha
        )
    }

    /// Fills the pixels of `pixels` (RGBA8, `width` per row) with the premultiplied form of `color`,
    /// except those inside `excluded`.
    static func fill(
        _ pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, with color: RGBA,
        except excluded: (x: Range<Int>, y: Range<Int>)? = nil
    ) {
        let (r, g, b, a) = premultiplied(color)
        // Build the 32-bit pattern from bytes so that it is R, G, B, A in memory on any byte order.
        var pattern: UInt32 = 0
        withUnsafeMutableBytes(of: &pattern) { bytes in
            bytes[0] = r; bytes[1] = g; bytes[2] = b; bytes[3] = a
        }
        let count = pixels.count / 4
        guard count > 0, width > 0, let base = pixels.baseAddress else { return }
        let height = count / width
        UnsafeMutableRawPointer(base).withMemoryRebound(to: UInt32.self, capacity: count) { words in
            guard let excluded, !excluded.x.isEmpty, !excluded.y.isEmpty else {
                words.update(repeating: pattern, count: count)
                return
            }
            let top = min(max(excluded.y.lowerBound, 0), height)
            let bottom = min(max(excluded.y.upperBound, top), height)
            let left = min(max(excluded.x.lowerBound, 0), width)
            let right = min(max(excluded.x.upperBound, left), width)
            words.update(repeating: pattern, count: top * width)
            for y in top..<bottom {
                let row = words + y * width
                row.update(repeating: pattern, count: left)
                (row + right).update(repeating: pattern, count: width - right)
            }
            (words + bottom * width).update(repeating: pattern, count: (height - bottom) * width)
        }
    }

    /// Converts premultiplied RGBA8 to straight alpha in place (`round(c * 255 / a)`).
    static func unpremultiply(_ pixels: UnsafeMutableBufferPointer<UInt8>) {
        var index = 0
        while index + 3 < pixels.count {
            let a = Int(pixels[index + 3])
            if a != 255 {
                if a == 0 {
                    pixels[index] = 0; pixels[index + 1] = 0; pixels[index + 2] = 0
                } else {
                    for channel in 0..<3 {
                        let value = (Int(pixels[index + channel]) * 255 + a / 2) / a
                        pixels[index + channel] = UInt8(min(value, 255))
                    }
                }
            }
            index += 4
        }
    }
}
