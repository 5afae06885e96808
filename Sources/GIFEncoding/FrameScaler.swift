import Raster

/// Scales frames down to an export's size by area: each output pixel is the average of the source
/// pixels it covers, weighted by how much of each it covers — no ringing, no aliasing of a
/// picture's fine detail as it scrolls. The weights are worked out once for every frame.
public struct FrameScaler: Sendable {
    public let sourceWidth: Int, sourceHeight: Int, width: Int, height: Int
    private let columns: [[(index: Int, weight: Float)]]
    private let rows: [[(index: Int, weight: Float)]]

    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        (self.sourceWidth, self.sourceHeight, self.width, self.height) = (sourceWidth, sourceHeight, width, height)
        columns = Self.weights(from: sourceWidth, to: width)
        rows = Self.weights(from: sourceHeight, to: height)
    }

    /// For each of `count` output pixels, the source pixels it covers and by how much (summing to 1).
    static func weights(from source: Int, to count: Int) -> [[(index: Int, weight: Float)]] {
        let scale = Double(source) / Double(count)
        return (0..<count).map { output in
            let start = Double(output) * scale, end = start + scale
            var taps: [(Int, Float)] = []
            var position = start
            while position < end - 1e-9 {
                let pixel = min(source - 1, Int(position))
                let next = min(end, Double(pixel + 1))
                taps.append((pixel, Float((next - position) / scale)))
                position = next
            }
            return taps
        }
    }

    /// `image` at the export size (the same picture when the sizes match).
    public func scale(_ image: RGBAImage) -> RGBAImage {
        guard width != sourceWidth || height != sourceHeight else { return image }
        var output = RGBAImage(width: width, height: height)
        // Rows first, into a buffer of output rows at the source width, then columns.
        var band = [Float](repeating: 0, count: sourceWidth * 4)
        image.pixels.withUnsafeBufferPointer { source in
            output.pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<band.count { band[x] = 0 }
                    for (row, weight) in rows[y] {
                        let offset = row * sourceWidth * 4
                        for x in 0..<(sourceWidth * 4) { band[x] += Float(source[offset + x]) * weight }
                    }
                    for x in 0..<width {
                        var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for (column, weight) in columns[x] {
                            let at = column * 4
                            sum = (sum.0 + band[at] * weight, sum.1 + band[at + 1] * weight, sum.2 + band[at + 2] * weight, sum.3 + band[at + 3] * weight)
                        }
                        let at = (y * width + x) * 4
                        target[at] = UInt8(min(255, sum.0 + 0.5)); target[at + 1] = UInt8(min(255, sum.1 + 0.5))
                        target[at + 2] = UInt8(min(255, sum.2 + 0.5)); target[at + 3] = UInt8(min(255, sum.3 + 0.5))
                    }
                }
            }
        }
        return output
    }
}
