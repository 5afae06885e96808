import Foundation
import Geometry
import Raster
import _PixelShims

/// The comparison of an expected picture with an actual one, pixel by decoded pixel.
///
/// A pixel *differs* when one of its four channels (red, green, blue, alpha) differs by more than
/// the tolerance's ``DiffTolerance/channel`` — and, with a ``DiffTolerance/threshold``, when its
/// perceptual distance is over the threshold too. Pixels are counted, not bytes: a pixel whose red
/// and blue both changed counts once. Two pixels that are both fully transparent are equal whatever
/// colour they carry, since nothing of it can be seen. Pixels under a ``PixelMask`` are not compared.
///
/// Pictures of different sizes are not compared pixel by pixel: ``pixels`` is `nil` and
/// ``hasSizeMismatch`` says why, so a size change is never reported as "100 % different" (nor as
/// "0 % different", BackstopJS #1562).
public struct ImageComparison: Sendable, Hashable, Codable {
    public var expectedSize: PixelSize
    public var actualSize: PixelSize
    public var tolerance: DiffTolerance
    /// What differs, when the sizes match; `nil` when they do not.
    public var pixels: PixelDifference?

    /// Compares `actual` with `expected`, leaving out the boxes of `mask` (in pixels).
    public init(expected: RGBAImage, actual: RGBAImage, tolerance: DiffTolerance = .exact, mask: [ImageRegion] = []) {
        expectedSize = PixelSize(width: expected.width, height: expected.height)
        actualSize = PixelSize(width: actual.width, height: actual.height)
        self.tolerance = tolerance
        pixels = expectedSize == actualSize
            ? PixelDifference(expected: expected, actual: actual, tolerance: tolerance,
                              mask: PixelMask(boxes: mask, width: expected.width, height: expected.height))
            : nil
    }

    /// Builds a comparison from known parts (for reports and tests).
    public init(expectedSize: PixelSize, actualSize: PixelSize, tolerance: DiffTolerance, pixels: PixelDifference?) {
        (self.expectedSize, self.actualSize, self.tolerance, self.pixels) = (expectedSize, actualSize, tolerance, pixels)
    }

    /// The two pictures are not the same size, so their pixels were not compared.
    public var hasSizeMismatch: Bool { expectedSize != actualSize }

    /// The sizes match and the differing pixels are within the tolerance's limit.
    public var isWithinTolerance: Bool {
        guard let pixels else { return false }
        return tolerance.allows(differingPixels: pixels.differingPixelCount, of: pixels.pixelCount)
    }

    /// The sizes match and every channel of every pixel is equal.
    public var isIdentical: Bool { pixels?.largestChannelDifference == 0 }

    /// The largest difference in any channel of any pixel, 0–255, including differences within the
    /// tolerance, so that a user can see what tolerance would pass; `nil` when the sizes differ.
    public var largestChannelDifference: Int? { pixels?.largestChannelDifference }
    /// How many pixels differ by more than the tolerance; `nil` when the sizes differ.
    public var differingPixelCount: Int? { pixels?.differingPixelCount }
    /// ``differingPixelCount`` as a fraction (0…1) of the picture; `nil` when the sizes differ.
    public var differingPixelRatio: Double? { pixels?.differingPixelRatio }
    /// The smallest box holding every differing pixel; `nil` when none differs or the sizes differ.
    public var boundingBox: ImageRegion? { pixels?.boundingBox }
}

/// What differs between two pictures of the same size.
public struct PixelDifference: Sendable, Hashable, Codable {
    /// The largest difference of any channel of any pixel, 0–255, tolerated or not.
    public var largestChannelDifference: Int
    /// Pixels with a channel difference above the tolerance (and a perceptual distance above its
    /// threshold, when it has one).
    public var differingPixelCount: Int
    /// Pixels compared in each picture: all of them but the masked ones.
    public var pixelCount: Int
    /// The smallest box holding every differing pixel, or `nil` when none differs.
    public var boundingBox: ImageRegion?

    public init(largestChannelDifference: Int, differingPixelCount: Int, pixelCount: Int, boundingBox: ImageRegion?) {
        self.largestChannelDifference = largestChannelDifference
        self.differingPixelCount = differingPixelCount
        self.pixelCount = pixelCount
        self.boundingBox = boundingBox
    }

    /// ``differingPixelCount`` over ``pixelCount``, 0…1.
    public var differingPixelRatio: Double {
        pixelCount == 0 ? 0 : Double(differingPixelCount) / Double(pixelCount)
    }

    /// Measures two pictures of the same size; a pixel differs when a channel differs by more
    /// than `channelTolerance`.
    public init(expected: RGBAImage, actual: RGBAImage, channelTolerance: Int) {
        self.init(expected: expected, actual: actual, tolerance: DiffTolerance(channel: channelTolerance),
                  mask: PixelMask(boxes: [], width: expected.width, height: expected.height))
    }

    /// Measures two pictures of the same size under `tolerance`, the pixels of `mask` left out.
    ///
    /// Equal rows, the common case, cost one `memcmp`; a row that differs is measured by the
    /// shim's `sr_compare_rgba_row` (or `sr_compare_rgba_row_perceptual` with a threshold), which
    /// runs in vector lanes (a scrolled frame differs in every row, and a branch per pixel in Swift
    /// cost as much as decoding the frame). A masked row is measured run by run between its masks.
    public init(expected: RGBAImage, actual: RGBAImage, tolerance: DiffTolerance, mask: PixelMask) {
        precondition(expected.width == actual.width && expected.height == actual.height,
                     "PixelDifference: \(expected.width)×\(expected.height) and \(actual.width)×\(actual.height) differ in size")
        let width = expected.width, height = expected.height
        let channelTolerance = UInt32(clamping: tolerance.channel)
        let largestUnchanged = tolerance.largestUnchangedDistance
        var largest = 0, count = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        expected.pixels.withUnsafeBytes { expectedBytes in
            actual.pixels.withUnsafeBytes { actualBytes in
                guard let e = expectedBytes.baseAddress, let a = actualBytes.baseAddress else { return }
                let rowBytes = width * 4
                var row = sr_row_difference()
                for y in 0..<height {
                    let (expectedRow, actualRow) = (e + y * rowBytes, a + y * rowBytes)
                    // Equal rows, the common case, cost one comparison of their bytes.
                    if memcmp(expectedRow, actualRow, rowBytes) == 0 { continue }
                    let runs = mask.isEmpty || !mask.masks(row: y) ? [0..<width] : mask.comparedRuns(row: y)
                    for run in runs {
                        let (expectedRun, actualRun) = ((expectedRow + 4 * run.lowerBound).assumingMemoryBound(to: UInt8.self),
                                                        (actualRow + 4 * run.lowerBound).assumingMemoryBound(to: UInt8.self))
                        if let largestUnchanged {
                            sr_compare_rgba_row_perceptual(expectedRun, actualRun, run.count, channelTolerance, largestUnchanged, &row)
                        } else {
                            sr_compare_rgba_row(expectedRun, actualRun, run.count, channelTolerance, &row)
                        }
                        largest = max(largest, Int(row.largest))
                        count += row.count
                        guard row.first >= 0 else { continue }
                        minX = min(minX, run.lowerBound + row.first)
                        maxX = max(maxX, run.lowerBound + row.last)
                        minY = min(minY, y)
                        maxY = y
                    }
                }
            }
        }
        self.init(largestChannelDifference: largest, differingPixelCount: count, pixelCount: mask.comparedPixelCount,
                  boundingBox: maxX >= 0 ? ImageRegion(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil)
    }

    /// The largest channel difference of two pixels loaded as 32-bit words in little-endian
    /// order (memory byte `k`, channel `k`, in bits `8k ..< 8k + 8`). Two fully transparent
    /// pixels are equal.
    @inline(__always)
    static func largestChannelDifference(_ e: UInt32, _ a: UInt32) -> Int {
        if (e | a) >> 24 == 0 { return 0 }
        var largest = 0
        var shift: UInt32 = 0
        while shift < 32 {
            let d = Int((e >> shift) & 0xFF) - Int((a >> shift) & 0xFF)
            let magnitude = d < 0 ? -d : d
            if magnitude > largest { largest = magnitude }
            shift += 8
        }
        return largest
    }

    /// pixelmatch's perceptual distance of two pixels (at most 35215): both blended over white by their
    /// alpha, then 0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ² in YIQ (Kotsarenko and Ramos).
    public static func perceptualDistance(_ expected: RGBA, _ actual: RGBA) -> Double {
        let e = [expected.red, expected.green, expected.blue, expected.alpha]
        let a = [actual.red, actual.green, actual.blue, actual.alpha]
        return e.withUnsafeBufferPointer { e in a.withUnsafeBufferPointer { a in sr_yiq_distance(e.baseAddress!, a.baseAddress!) } }
    }
}
