import Geometry
import Raster
import Testing
@testable import FrameDiff

@Suite struct ImageComparisonTests {
    @Test func identicalPicturesAreEqual() {
        let image = Fixtures.picture()
        let comparison = ImageComparison(expected: image, actual: image)
        #expect(comparison.isWithinTolerance)
        #expect(comparison.isIdentical)
        #expect(comparison.largestChannelDifference == 0)
        #expect(comparison.differingPixelCount == 0)
        #expect(comparison.differingPixelRatio == 0)
        #expect(comparison.boundingBox == nil)
        #expect(!comparison.hasSizeMismatch)
    }

    @Test func onePixelChangedByThreeDiffersAtToleranceZero() {
        // Given
        let expected = Fixtures.picture()
        let actual = Fixtures.changing(expected, x: 5, y: 7, red: 3)
        // When
        let comparison = ImageComparison(expected: expected, actual: actual)
        // Then
        #expect(!comparison.isWithinTolerance)
        #expect(comparison.largestChannelDifference == 3)
        #expect(comparison.differingPixelCount == 1)
        #expect(comparison.differingPixelRatio == 1.0 / Double(16 * 12))
        #expect(comparison.boundingBox == ImageRegion(x: 5, y: 7, width: 1, height: 1))
    }

    @Test func onePixelChangedByThreeIsEqualAtToleranceThree() {
        let expected = Fixtures.picture()
        let actual = Fixtures.changing(expected, x: 5, y: 7, red: 3)
        let atTwo = ImageComparison(expected: expected, actual: actual, tolerance: DiffTolerance(channel: 2))
        let atThree = ImageComparison(expected: expected, actual: actual, tolerance: DiffTolerance(channel: 3))
        #expect(!atTwo.isWithinTolerance)
        #expect(atThree.isWithinTolerance)
        #expect(!atThree.isIdentical)
        // The measured value is still reported, so a user can tune the tolerance.
        #expect(atThree.largestChannelDifference == 3)
        #expect(atThree.differingPixelCount == 0)
        #expect(atThree.boundingBox == nil)
    }

    @Test func pixelsAreCountedNotBytes() {
        let expected = RGBAImage(width: 4, height: 4, fill: .black)
        var actual = expected
        actual[1, 1] = RGBA(red: 9, green: 9, blue: 9, alpha: 200)  // four channels, one pixel
        let comparison = ImageComparison(expected: expected, actual: actual)
        #expect(comparison.differingPixelCount == 1)
        #expect(comparison.largestChannelDifference == 55)
    }

    @Test func alphaIsCompared() {
        let expected = RGBAImage(width: 2, height: 2, fill: .white)
        var actual = expected
        actual[0, 1] = RGBA(red: 255, green: 255, blue: 255, alpha: 254)
        #expect(ImageComparison(expected: expected, actual: actual).differingPixelCount == 1)
    }

    @Test func fullyTransparentPixelsAreEqualWhateverTheirColour() {
        let expected = RGBAImage(width: 3, height: 3, fill: .clear)
        let actual = RGBAImage(width: 3, height: 3, fill: RGBA(red: 200, green: 10, blue: 30, alpha: 0))
        let comparison = ImageComparison(expected: expected, actual: actual)
        #expect(comparison.isIdentical)
        #expect(comparison.isWithinTolerance)
    }

    @Test(arguments: [(0, false), (2, false), (3, true), (10, true)])
    func maxDiffPixels(limit: Int, passes: Bool) {
        // Three pixels differ by 40.
        let expected = Fixtures.picture()
        var actual = expected
        for (x, y) in [(0, 0), (8, 3), (15, 11)] { actual = Fixtures.changing(actual, x: x, y: y, red: 40) }
        let tolerance = DiffTolerance(channel: 0, differingPixels: .count(limit))
        let comparison = ImageComparison(expected: expected, actual: actual, tolerance: tolerance)
        #expect(comparison.differingPixelCount == 3)
        #expect(comparison.isWithinTolerance == passes)
    }

    @Test(arguments: [(0.0, false), (0.01, false), (3.0 / 192, true), (0.05, true)])
    func maxDiffRatio(ratio: Double, passes: Bool) {
        // 3 of 192 pixels (1.5625 %) differ.
        let expected = Fixtures.picture()
        var actual = expected
        for (x, y) in [(1, 1), (2, 2), (3, 3)] { actual = Fixtures.changing(actual, x: x, y: y, red: 9) }
        let comparison = ImageComparison(expected: expected, actual: actual,
                                         tolerance: DiffTolerance(differingPixels: .ratio(ratio)))
        #expect(comparison.differingPixelRatio == 3.0 / 192)
        #expect(comparison.isWithinTolerance == passes)
    }

    @Test func channelToleranceAndPixelLimitCombine() {
        // Two pixels differ by 2, one by 50: tolerance 2 leaves one differing pixel, which a limit of 1 allows.
        let expected = Fixtures.picture()
        var actual = Fixtures.changing(expected, x: 0, y: 0, red: 2)
        actual = Fixtures.changing(actual, x: 1, y: 0, red: 2)
        actual = Fixtures.changing(actual, x: 9, y: 9, red: 50)
        let comparison = ImageComparison(expected: expected, actual: actual,
                                         tolerance: DiffTolerance(channel: 2, differingPixels: .count(1)))
        #expect(comparison.differingPixelCount == 1)
        #expect(comparison.boundingBox == ImageRegion(x: 9, y: 9, width: 1, height: 1))
        #expect(comparison.largestChannelDifference == 50)
        #expect(comparison.isWithinTolerance)
    }

    @Test func boundingBoxIsExact() {
        let expected = RGBAImage(width: 40, height: 30, fill: .white)
        var actual = expected
        for (x, y) in [(7, 12), (31, 4), (20, 25), (8, 13)] { actual[x, y] = .black }
        let comparison = ImageComparison(expected: expected, actual: actual)
        #expect(comparison.boundingBox == ImageRegion(x: 7, y: 4, width: 25, height: 22))
        #expect(comparison.boundingBox == ImageRegion(minX: 7, minY: 4, maxX: 31, maxY: 25))
        #expect(comparison.differingPixelCount == 4)
    }

    @Test func boundingBoxAtTheCorners() {
        let expected = RGBAImage(width: 5, height: 3, fill: .white)
        var actual = expected
        actual[4, 0] = .black
        actual[0, 2] = .black
        #expect(ImageComparison(expected: expected, actual: actual).boundingBox == ImageRegion(x: 0, y: 0, width: 5, height: 3))
    }

    @Test func sizeMismatchIsReportedAsSuch() {
        let expected = Fixtures.picture(width: 16, height: 12)
        let actual = Fixtures.picture(width: 16, height: 13)
        let comparison = ImageComparison(expected: expected, actual: actual,
                                         tolerance: DiffTolerance(channel: 255, differingPixels: .ratio(1)))
        #expect(comparison.hasSizeMismatch)
        #expect(!comparison.isWithinTolerance)  // no tolerance excuses a size change
        #expect(comparison.pixels == nil)
        #expect(comparison.differingPixelCount == nil)
        #expect(comparison.expectedSize == PixelSize(width: 16, height: 12))
        #expect(comparison.actualSize == PixelSize(width: 16, height: 13))
        let report = DiffReport(comparison, expected: "a.png", actual: "b.png")
        #expect(report.frames.first?.status == .sizeMismatch)
        #expect(report.text.contains("size differs: expected 16×12, actual 16×13"))
        #expect(report.frames.first?.message.contains("%") == false)  // never "100 %" (nor "0 %") different
        #expect(report.resultSentence == "DIFFERENT: the sizes differ")
    }

    @Test func emptyPicturesAreEqual() {
        let empty = RGBAImage(width: 0, height: 0)
        #expect(ImageComparison(expected: empty, actual: empty).isWithinTolerance)
    }

    /// The row comparison runs four pixels at a time and the rest one by one: for widths on both
    /// sides of every multiple of four, sparse and dense changes, transparent pixels and any
    /// tolerance, it counts what a plain pixel-by-pixel loop counts.
    @Test(arguments: [1, 3, 4, 5, 8, 13, 64, 67])
    func pixelDifferenceMatchesAPlainCount(width: Int) {
        var numbers = SeededNumbers(seed: UInt64(width) &* 0x9E37_79B9_7F4A_7C15)
        for trial in 0..<40 {
            // A quarter of pixels transparent on one side or both; changes of any size, sparse or dense.
            let (expected, actual) = numbers.picturePair(width: width) { numbers, isAlpha in
                let byte: UInt8 = isAlpha && numbers.next(below: 4) == 0 ? 0 : UInt8(numbers.next(below: 256))
                let changed = numbers.next(below: trial % 2 == 0 ? 30 : 2) == 0
                return (byte, changed ? UInt8(numbers.next(below: 256)) : isAlpha && numbers.next(below: 8) == 0 ? 0 : byte)
            }
            let tolerance = [0, 1, 40, 254, 255, 1000][trial % 6]
            let measured = PixelDifference(expected: expected, actual: actual, channelTolerance: tolerance)
            #expect(measured == Self.plainDifference(expected, actual, tolerance: tolerance), "\(width)×\(expected.height), trial \(trial)")
        }
    }

    /// What ``PixelDifference`` must find, pixel by pixel.
    static func plainDifference(_ expected: RGBAImage, _ actual: RGBAImage, tolerance: Int) -> PixelDifference {
        var largest = 0, count = 0, xs: [Int] = [], ys: [Int] = []
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let (e, a) = (expected[x, y], actual[x, y])
                let channels = [(e.red, a.red), (e.green, a.green), (e.blue, a.blue), (e.alpha, a.alpha)]
                let difference = e.alpha == 0 && a.alpha == 0 ? 0 : channels.map { abs(Int($0.0) - Int($0.1)) }.max()!
                largest = max(largest, difference)
                if difference > tolerance {
                    count += 1
                    xs.append(x)
                    ys.append(y)
                }
            }
        }
        let box = xs.isEmpty ? nil : ImageRegion(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
        return PixelDifference(largestChannelDifference: largest, differingPixelCount: count,
                               pixelCount: expected.width * expected.height, boundingBox: box)
    }
}
