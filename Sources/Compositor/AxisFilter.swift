#if canImport(Glibc)
import Glibc
#endif

/// The weight table for one axis of a separable resample: for every output pixel along the axis,
/// which source pixels it reads and with what 14-bit fixed-point weights.
///
/// Output pixel `i` covers `[i, i+1)` in output pixels. Its centre maps to the source coordinate
/// `c = (i + 0.5 − destinationOrigin) × scale` (in pixels of the chosen mipmap level, pixel `p`
/// covering `[p, p+1)`), and it reads a box of width `max(scale, 1)` centred there, weighing each
/// source pixel by the length of its overlap with the box:
///
/// - magnifying (`scale ≤ 1`) the box is one source pixel wide, and the overlaps are exactly the
///   bilinear weights between the two nearest pixel centres;
/// - minifying it is the output pixel's own footprint, so the result is its area average,
///   fractional edge pixels included.
///
/// The box is clipped to the picture (`[0, extent)`) and renormalised, so edge pixels are never
/// smeared beyond the picture and never darkened by an outside colour. How much of the output pixel
/// the layer covers (the picture and the clip rectangle, intersected) is a separate factor folded into
/// the weights: they sum to `coverage`, so filtering yields colour × coverage in one pass.
///
/// Weights are `Float`, computed in `Double` and rounded once, so they are identical on every machine;
/// exact mappings get exact weights (1, or ½ and ½).
struct AxisFilter {
    /// The first output pixel the layer touches.
    let outputStart: Int
    /// How many consecutive output pixels from ``outputStart`` the layer touches.
    let outputCount: Int
    /// Row length of ``weights``: the largest tap count of any output pixel.
    let maxTaps: Int
    /// The first source pixel read by each output pixel.
    let firstTap: [Int32]
    /// How many source pixels each output pixel reads.
    let tapCount: [Int32]
    /// `outputCount × maxTaps` weights, unused slots zero.
    let weights: [Float]
    /// The same filter with exactly ``maxTaps`` taps per output pixel (zero weights added, the first tap
    /// moved left where the picture ends), so that fixed-length inner loops never read past a row.
    let paddedFirstTap: [Int32]
    /// `outputCount × maxTaps` weights matching ``paddedFirstTap``.
    let paddedWeights: [Float]
    /// Every output pixel is one source pixel, whole, each the one after the last: the filter
    /// copies (a picture drawn at its own pixel size, at a whole-pixel offset). Settable so that a
    /// test can draw the same filter the general way.
    var copies: Bool

    /// - Parameters:
    ///   - destinationOrigin: Where source coordinate 0 lies, in output pixels.
    ///   - scale: Source pixels (of the level sampled) per output pixel.
    ///   - extent: The picture's extent in source pixels (may end mid-pixel on a mipmap level).
    ///   - pixelCount: How many source pixels exist along the axis (`ceil(extent)`).
    ///   - visible: The output interval where the layer shows: picture ∩ clip ∩ output, in output pixels.
    /// - Returns: `nil` when the layer covers no output pixel.
    init?(destinationOrigin: Double, scale: Double, extent: Double, pixelCount: Int,
          visible: (lower: Double, upper: Double)) {
        guard pixelCount > 0, scale > 0, scale.isFinite, visible.upper > visible.lower else { return nil }
        let start = Int(floor(visible.lower))
        let end = Int(ceil(visible.upper))
        guard end > start else { return nil }
        let count = end - start
        let halfWidth = max(scale, 1) / 2
        let maxPossibleTaps = Int(ceil(2 * halfWidth)) + 2

        var firstTap = [Int32](repeating: 0, count: count)
        var tapCount = [Int32](repeating: 0, count: count)
        var scratch = [Double](repeating: 0, count: maxPossibleTaps)
        var wide = [Float](repeating: 0, count: count * maxPossibleTaps)
        var maxTaps = 1

        for index in 0..<count {
            let i = Double(start + index)
            let coverage = min(i + 1, visible.upper) - max(i, visible.lower)
            let total = max(0, min(1, coverage))
            let centre = (i + 0.5 - destinationOrigin) * scale
            let lower = max(centre - halfWidth, 0)
            let upper = min(centre + halfWidth, extent)

            var first: Int
            var taps: Int
            if upper > lower {
                first = max(0, Int(floor(lower)))
                let last = min(pixelCount, Int(ceil(upper)))  // exclusive
                taps = 0
                for p in first..<max(first, last) {
                    let overlap = min(Double(p + 1), upper) - max(Double(p), lower)
                    scratch[taps] = max(0, overlap)
                    taps += 1
                }
                // Drop slivers that only rounding produced, so exact mappings read exactly one pixel.
                let epsilon = 1e-9
                while taps > 1, scratch[taps - 1] < epsilon { taps -= 1 }
                var leading = 0
                while taps - leading > 1, scratch[leading] < epsilon { leading += 1 }
                if leading > 0 {
                    for t in 0..<(taps - leading) { scratch[t] = scratch[t + leading] }
                    first += leading
                    taps -= leading
                }
            } else {
                // Floating-point noise at the very edge: read the nearest pixel.
                first = min(max(Int(floor(centre)), 0), pixelCount - 1)
                taps = 1
                scratch[0] = 1
            }
            if taps == 0 {
                first = min(max(first, 0), pixelCount - 1)
                taps = 1
                scratch[0] = 1
            }

            var sum = 0.0
            for t in 0..<taps { sum += scratch[t] }
            let row = index * maxPossibleTaps
            for t in 0..<taps {
                wide[row + t] = Float(scratch[t] / sum * total)
            }

            firstTap[index] = Int32(first)
            tapCount[index] = Int32(taps)
            maxTaps = max(maxTaps, taps)
        }

        var weights = [Float](repeating: 0, count: count * maxTaps)
        var paddedFirstTap = firstTap
        var paddedWeights = [Float](repeating: 0, count: count * maxTaps)
        for index in 0..<count {
            let shift = max(0, Int(firstTap[index]) + maxTaps - pixelCount)
            paddedFirstTap[index] -= Int32(shift)
            for t in 0..<maxTaps {
                weights[index * maxTaps + t] = wide[index * maxPossibleTaps + t]
            }
            for t in 0..<Int(tapCount[index]) {
                paddedWeights[index * maxTaps + shift + t] = wide[index * maxPossibleTaps + t]
            }
        }
        self.outputStart = start
        self.outputCount = count
        self.maxTaps = maxTaps
        self.firstTap = firstTap
        self.tapCount = tapCount
        self.weights = weights
        self.paddedFirstTap = paddedFirstTap
        self.paddedWeights = paddedWeights
        copies = maxTaps == 1 && weights.allSatisfy { $0 == 1 } && firstTap.indices.allSatisfy { firstTap[$0] == firstTap[0] + Int32($0) }
    }
}

extension AxisFilter {
    /// The source columns a horizontal pass reads (it reads the padded taps): first and end.
    var readColumns: (Int, Int) {
        (Int(paddedFirstTap.min() ?? 0), Int(paddedFirstTap.max() ?? 0) + maxTaps)
    }

    /// The source rows a vertical pass reads (the exact taps): first and end.
    var readRows: (Int, Int) {
        let ends = zip(firstTap, tapCount).map { Int($0) + Int($1) }
        return (Int(firstTap.min() ?? 0), ends.max() ?? 0)
    }
}
