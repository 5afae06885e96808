/// Separable two-pass resampling of one picture layer, composited over an RGBA8 premultiplied buffer.
///
/// For every source row the layer needs, the bytes it reads are first widened to premultiplied
/// `Float` pixels (once per pixel), then pass 1 (horizontal) filters them into a row of `SIMD4<Float>`
/// at the output width. Pass 2 (vertical) combines the rows each output row reads and composites the
/// result "over" the destination in the same loop. Filtered rows live in a ring buffer as tall as the
/// vertical filter, so every source row is filtered at most once per frame, and memory per call is a
/// few rows whatever the zoom.
///
/// Arithmetic is `Float`, one RGBA pixel per 4-lane vector (plain SSE2 / NEON: no fused multiply-add,
/// a fixed order of operations), so results are bit-identical on every machine. Output is rounded to
/// nearest, ties to even. The only allocations are the per-call scratch rows; nothing is shared, so any
/// number of threads may draw at once.
enum Resampler {
    typealias Pixel = SIMD4<Float>

    /// Draws `level` resampled by `columns` × `rows` over the premultiplied pixels of `destination`.
    ///
    /// - Parameters:
    ///   - level: The mipmap level the filters were built for, or a region of it.
    ///   - origin: Where `level`'s pixel (0, 0) lies on the level the filters were built for.
    ///     Nothing is drawn if the filters would read outside `level`.
    ///   - columns: Horizontal filter: output columns ← level columns.
    ///   - rows: Vertical filter: output rows ← level rows.
    ///   - destination: Premultiplied RGBA8, `destinationWidth` pixels per row; the filters' output
    ///     ranges must lie inside it.
    static func draw(
        _ level: MipmapLevel, origin: (x: Int, y: Int) = (0, 0), columns: AxisFilter, rows: AxisFilter,
        into destination: UnsafeMutablePointer<UInt8>, destinationWidth: Int
    ) {
        let width = columns.outputCount
        let ringRows = rows.maxTaps
        // The source columns any output column reads, and the rows.
        let (firstColumn, endColumn) = columns.readColumns
        let columnCount = endColumn - firstColumn
        let (firstRow, endRow) = rows.readRows
        guard firstColumn >= origin.x, endColumn - origin.x <= level.width,
              firstRow >= origin.y, endRow - origin.y <= level.height else { return }
        if columns.copies && rows.copies {
            return level.pixels.withUnsafeBytes { source in
                copy(level, from: source.baseAddress! + ((firstRow - origin.y) * level.width + firstColumn - origin.x) * 4, width: width,
                     rows: rows.outputCount, into: destination + (rows.outputStart * destinationWidth + columns.outputStart) * 4,
                     destinationWidth: destinationWidth)
            }
        }
        let taps = Taps(
            first: columns.paddedFirstTap.map { $0 - Int32(firstColumn) }, weights: columns.paddedWeights,
            count: columns.maxTaps)

        var widened = [Pixel](repeating: .zero, count: columnCount)
        var ring = [Pixel](repeating: .zero, count: ringRows * width)
        var slotRow = [Int](repeating: -1, count: ringRows)
        var rowPointers = [UnsafePointer<Pixel>?](repeating: nil, count: ringRows)
        let premultiply = !level.isPremultiplied

        level.pixels.withUnsafeBufferPointer { sourceBuffer in
        widened.withUnsafeMutableBufferPointer { widenedBuffer in
        ring.withUnsafeMutableBufferPointer { ringBuffer in
        taps.first.withUnsafeBufferPointer { tapFirst in
        taps.weights.withUnsafeBufferPointer { tapWeights in
        rows.firstTap.withUnsafeBufferPointer { rowFirst in
        rows.tapCount.withUnsafeBufferPointer { rowCount in
        rows.weights.withUnsafeBufferPointer { rowWeights in
            // Row r, column c of the filters' level is row r − origin.y, column c − origin.x here.
            let source = sourceBuffer.baseAddress! + (firstColumn - origin.x - origin.y * level.width) * 4
            let sourceStride = level.width * 4
            let scratch = widenedBuffer.baseAddress!
            let ringBase = ringBuffer.baseAddress!

            for outputRow in 0..<rows.outputCount {
                let first = Int(rowFirst[outputRow])
                let tapsHere = Int(rowCount[outputRow])

                // Pass 1: make sure every source row this output row reads is in the ring.
                for sourceRow in first..<(first + tapsHere) {
                    let slot = sourceRow % ringRows
                    if slotRow[slot] == sourceRow { continue }
                    slotRow[slot] = sourceRow
                    widen(source + sourceRow * sourceStride, into: scratch, count: columnCount, premultiply: premultiply)
                    filterRow(
                        scratch, into: ringBase + slot * width, width: width,
                        first: tapFirst.baseAddress!, weights: tapWeights.baseAddress!, taps: taps.count)
                }

                // Pass 2: weighted sum of those rows, composited over the destination row.
                let weights = rowWeights.baseAddress! + outputRow * rows.maxTaps
                let target = UnsafeMutableRawPointer(
                    destination + ((rows.outputStart + outputRow) * destinationWidth + columns.outputStart) * 4)
                let row0 = UnsafePointer(ringBase + (first % ringRows) * width)
                switch tapsHere {
                case 1:
                    let w0 = weights[0]
                    compositeRow(width, over: target) { x in w0 * row0[x] }
                case 2:
                    let row1 = UnsafePointer(ringBase + ((first + 1) % ringRows) * width)
                    let w0 = weights[0], w1 = weights[1]
                    compositeRow(width, over: target) { x in w0 * row0[x] + w1 * row1[x] }
                case 3:
                    let row1 = UnsafePointer(ringBase + ((first + 1) % ringRows) * width)
                    let row2 = UnsafePointer(ringBase + ((first + 2) % ringRows) * width)
                    let w0 = weights[0], w1 = weights[1], w2 = weights[2]
                    compositeRow(width, over: target) { x in w0 * row0[x] + w1 * row1[x] + w2 * row2[x] }
                case 4:
                    let row1 = UnsafePointer(ringBase + ((first + 1) % ringRows) * width)
                    let row2 = UnsafePointer(ringBase + ((first + 2) % ringRows) * width)
                    let row3 = UnsafePointer(ringBase + ((first + 3) % ringRows) * width)
                    let w0 = weights[0], w1 = weights[1], w2 = weights[2], w3 = weights[3]
                    compositeRow(width, over: target) { x in w0 * row0[x] + w1 * row1[x] + w2 * row2[x] + w3 * row3[x] }
                default:
                    for tap in 0..<tapsHere {
                        rowPointers[tap] = UnsafePointer(ringBase + ((first + tap) % ringRows) * width)
                    }
                    for x in 0..<width {
                        var sum = weights[0] * row0[x]
                        for tap in 1..<tapsHere {
                            sum += weights[tap] * rowPointers[tap].unsafelyUnwrapped[x]
                        }
                        composite(sum, over: target + 4 * x)
                    }
                }
            }
        }}}}}}}}
    }

    /// ``draw(_:origin:columns:rows:into:destinationWidth:)`` when both filters copy: the same bytes
    /// with no arithmetic where the picture is opaque — four pixels stored at once where all four
    /// are, as ``compositeRow(_:over:_:)`` does, and any other pixel widened and composited as there
    /// (a weight of 1 changes nothing). A picture drawn at its own size, a screenshot at a
    /// device's, costs a copy.
    private static func copy(_ level: MipmapLevel, from source: UnsafeRawPointer, width: Int, rows: Int,
                             into destination: UnsafeMutablePointer<UInt8>, destinationWidth: Int) {
        let premultiply = !level.isPremultiplied
        let (sourceStride, targetStride) = (level.width * 4, destinationWidth * 4)
        for row in 0..<rows {
            let from = source + row * sourceStride, target = UnsafeMutableRawPointer(destination + row * targetStride)
            var x = 0
            while x < width {
                if x &+ 4 <= width {
                    let four = from.loadUnaligned(fromByteOffset: 4 &* x, as: SIMD16<UInt8>.self)
                    if four[3] & four[7] & four[11] & four[15] == 255 {
                        target.storeBytes(of: four, toByteOffset: 4 &* x, as: SIMD16<UInt8>.self)
                        x &+= 4
                        continue
                    }
                }
                let end = min(width, x &+ 4)
                while x < end {
                    var pixel = load(from + 4 &* x)
                    if premultiply {
                        let alpha = pixel.w
                        pixel *= alpha / 255
                        pixel.w = alpha
                    }
                    composite(pixel, over: target + 4 &* x)
                    x &+= 1
                }
            }
        }
    }

    /// The horizontal filter's padded tables, with tap indices relative to the widened row.
    private struct Taps {
        let first: [Int32]
        let weights: [Float]
        let count: Int
    }

    @inline(__always)
    private static func load(_ pointer: UnsafeRawPointer) -> Pixel {
        Pixel(SIMD4<Int32>(truncatingIfNeeded: pointer.loadUnaligned(as: SIMD4<UInt8>.self)))
    }

    /// Converts `count` RGBA8 pixels to `Float`, premultiplying straight alpha when asked.
    @inline(__always)
    private static func widen(
        _ source: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<Pixel>, count: Int, premultiply: Bool
    ) {
        let bytes = UnsafeRawPointer(source)
        if premultiply {
            for x in 0..<count {
                let value = load(bytes + 4 * x)
                var premultiplied = value * (value.w / 255)
                premultiplied.w = value.w
                output[x] = premultiplied
            }
        } else {
            for x in 0..<count {
                output[x] = load(bytes + 4 * x)
            }
        }
    }

    /// Horizontal pass for one widened row: every output pixel reads `taps` consecutive pixels.
    @inline(__always)
    private static func filterRow(
        _ source: UnsafePointer<Pixel>, into output: UnsafeMutablePointer<Pixel>, width: Int,
        first: UnsafePointer<Int32>, weights: UnsafePointer<Float>, taps: Int
    ) {
        switch taps {
        case 1:
            for x in 0..<width {
                output[x] = weights[x] * source[Int(first[x])]
            }
        case 2:
            for x in 0..<width {
                let pixel = source + Int(first[x])
                let w = weights + 2 * x
                output[x] = w[0] * pixel[0] + w[1] * pixel[1]
            }
        case 3:
            for x in 0..<width {
                let pixel = source + Int(first[x])
                let w = weights + 3 * x
                output[x] = w[0] * pixel[0] + w[1] * pixel[1] + w[2] * pixel[2]
            }
        case 4:
            for x in 0..<width {
                let pixel = source + Int(first[x])
                let w = weights + 4 * x
                output[x] = w[0] * pixel[0] + w[1] * pixel[1] + w[2] * pixel[2] + w[3] * pixel[3]
            }
        default:
            for x in 0..<width {
                let pixel = source + Int(first[x])
                let w = weights + taps * x
                var sum = w[0] * pixel[0]
                for tap in 1..<taps {
                    sum += w[tap] * pixel[tap]
                }
                output[x] = sum
            }
        }
    }

    /// Composites `width` pixels, pixel `x` being `pixel(x)`, over the row at `target`, as
    /// ``composite(_:over:)`` does each: four at a time, stored at once when all four are opaque
    /// (the picture's inside), which then need no read of the row below and no branch a pixel.
    @inline(__always)
    private static func compositeRow(_ width: Int, over target: UnsafeMutableRawPointer, _ pixel: (Int) -> Pixel) {
        var x = 0
        while x &+ 4 <= width {
            let p0 = pixel(x), p1 = pixel(x &+ 1), p2 = pixel(x &+ 2), p3 = pixel(x &+ 3)
            if min(min(p0.w, p1.w), min(p2.w, p3.w)) >= opaque {
                let four = SIMD16(lowHalf: SIMD8(lowHalf: p0, highHalf: p1), highHalf: SIMD8(lowHalf: p2, highHalf: p3))
                let bits = unsafeBitCast(four + SIMD16(repeating: 12_582_912), to: SIMD16<UInt32>.self)
                target.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: bits), toByteOffset: 4 &* x, as: SIMD16<UInt8>.self)
            } else {
                composite(p0, over: target + 4 &* x)
                composite(p1, over: target + 4 &* (x &+ 1))
                composite(p2, over: target + 4 &* (x &+ 2))
                composite(p3, over: target + 4 &* (x &+ 3))
            }
            x &+= 4
        }
        while x < width {
            composite(pixel(x), over: target + 4 &* x)
            x &+= 1
        }
    }

    /// Alpha from which a pixel covers what is below: what shows through is under 0.01 of a level.
    private static let opaque: Float = 254.99

    /// Composites premultiplied `source` (0…255 per lane) over the 4 bytes at `target`.
    ///
    /// Rounds to nearest, ties to even, by adding 1.5 × 2^23 (which leaves the integer in the low
    /// mantissa bits). No clamping is needed: weights are non-negative and sum to at most 1 plus a few
    /// ulps, so every lane stays below 255.5.
    @inline(__always)
    private static func composite(_ source: Pixel, over target: UnsafeMutableRawPointer) {
        let alpha = source.w
        if alpha < 0.5 { return }  // rounds to nothing, and premultiplied colour is no larger
        var result = source
        if alpha < opaque {
            let below = load(UnsafeRawPointer(target))
            result += below * ((255 - alpha) / 255)
        }
        let bits = unsafeBitCast(result + Pixel(repeating: 12_582_912), to: SIMD4<UInt32>.self)
        target.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: bits), as: SIMD4<UInt8>.self)
    }
}
