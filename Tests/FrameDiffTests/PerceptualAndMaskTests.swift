import Foundation
import Geometry
import Raster
import Testing
import _ScrollRenderTestSupport
@testable import FrameDiff

/// Issue 37: masks (regions left out of the comparison, given in points) and a perceptual threshold
/// (pixelmatch's YIQ distance) beside the channel tolerance.
@Suite struct PerceptualAndMaskTests {
    /// pixelmatch's `colorDelta` as its JavaScript computes it (doubles, left to right), without
    /// the sign: the plain reference the shim's vector lanes must match to the last bit.
    static func pixelmatchDelta(_ e: RGBA, _ a: RGBA) -> Double {
        if e == a { return 0 }
        var (r1, g1, b1, a1) = (Double(e.red), Double(e.green), Double(e.blue), Double(e.alpha))
        var (r2, g2, b2, a2) = (Double(a.red), Double(a.green), Double(a.blue), Double(a.alpha))
        func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }
        if a1 < 255 { a1 /= 255; r1 = blend(r1, a1); g1 = blend(g1, a1); b1 = blend(b1, a1) }
        if a2 < 255 { a2 /= 255; r2 = blend(r2, a2); g2 = blend(g2, a2); b2 = blend(b2, a2) }
        func y(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
        func i(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
        func q(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }
        let dy = y(r1, g1, b1) - y(r2, g2, b2), di = i(r1, g1, b1) - i(r2, g2, b2), dq = q(r1, g1, b1) - q(r2, g2, b2)
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// What a comparison must find, pixel by pixel: a pixel outside every mask differs when its
    /// largest channel difference is over `channel` and, with a threshold, its distance is over
    /// 35215 · threshold².
    static func plainDifference(_ expected: RGBAImage, _ actual: RGBAImage, channel: Int, threshold: Double?,
                                mask: [ImageRegion]) -> PixelDifference {
        var largest = 0, count = 0, compared = 0, xs: [Int] = [], ys: [Int] = []
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                if mask.contains(where: { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }) { continue }
                compared += 1
                let (e, a) = (expected[x, y], actual[x, y])
                let channels = [(e.red, a.red), (e.green, a.green), (e.blue, a.blue), (e.alpha, a.alpha)]
                let difference = e.alpha == 0 && a.alpha == 0 ? 0 : channels.map { abs(Int($0.0) - Int($0.1)) }.max()!
                largest = max(largest, difference)
                let perceptible = threshold.map { pixelmatchDelta(e, a) > 35215 * $0 * $0 } ?? true
                if difference > channel && perceptible {
                    count += 1
                    xs.append(x)
                    ys.append(y)
                }
            }
        }
        let box = xs.isEmpty ? nil : ImageRegion(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
        return PixelDifference(largestChannelDifference: largest, differingPixelCount: count, pixelCount: compared, boundingBox: box)
    }

    /// For widths on both sides of every multiple of four (two and four lanes, and the scalar
    /// tail), translucent and transparent pixels, small and large changes, any threshold and
    /// channel tolerance, with and without masks: the shim counts, measures and boxes what the
    /// plain reference does.
    @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 13, 64, 67])
    func perceptualComparisonMatchesPlainPixelmatch(width: Int) {
        // Many trials, some with the threshold at a pixel's own distance.
        var generator = SeededNumbers(seed: UInt64(width) &* 0xD1B5_4A32_D192_ED03)
        func random(_ bound: Int) -> Int { generator.next(below: bound) }
        for trial in 0..<60 {
            // Mostly opaque; some translucent, some transparent; changes small (near the
            // threshold) or of any size.
            let (expected, actual) = generator.picturePair(width: width) { numbers, isAlpha in
                let byte = isAlpha ? [255, 255, 255, UInt8(numbers.next(below: 256)), 0][numbers.next(below: 5)] : UInt8(numbers.next(below: 256))
                let step = numbers.next(below: 4) == 0 ? numbers.next(below: 256) : numbers.next(below: 12) - 6
                return (byte, numbers.next(below: trial % 2 == 0 ? 3 : 12) == 0 ? UInt8(clamping: Int(byte) + step) : byte)
            }
            let height = expected.height
            var threshold = [0, 0.01, 0.05, 0.1, 0.2, 0.5, 1][trial % 7]
            if trial % 5 == 4 {
                // The threshold right at one pixel's distance: the vector lanes' single-precision
                // screen must hand the pixels near it to the exact distance.
                let index = random(width * height)
                let distance = Self.pixelmatchDelta(expected[index % width, index / width], actual[index % width, index / width])
                threshold = (distance / 35215).squareRoot()
            }
            let channel = [0, 0, 3, 40][trial % 4]
            let mask = trial % 3 == 0 ? [] : [ImageRegion(x: random(width), y: random(height), width: 1 + random(width), height: 1 + random(3)),
                                              ImageRegion(x: random(width), y: 0, width: 2, height: height)]
            let tolerance = DiffTolerance(channel: channel, threshold: threshold)
            let measured = PixelDifference(expected: expected, actual: actual, tolerance: tolerance,
                                           mask: PixelMask(boxes: mask, width: width, height: height))
            let plain = Self.plainDifference(expected, actual, channel: channel, threshold: threshold, mask: mask)
            #expect(measured == plain, "\(width)×\(height), trial \(trial), threshold \(threshold), channel \(channel), mask \(mask)")
            // Without a threshold the masked exact mode is the plain exact count.
            let exact = PixelDifference(expected: expected, actual: actual, tolerance: DiffTolerance(channel: channel),
                                        mask: PixelMask(boxes: mask, width: width, height: height))
            #expect(exact == Self.plainDifference(expected, actual, channel: channel, threshold: nil, mask: mask), "trial \(trial)")
        }
    }

    @Test func theDistanceIsPixelmatchs() {
        // Black against white: 0.5053 · 255² (pixelmatch's 35215 bounds every pair).
        #expect(abs(PixelDifference.perceptualDistance(.black, .white) - 0.5053 * 255 * 255) < 1)
        // A fully transparent pixel is white, whatever colour it carries.
        #expect(PixelDifference.perceptualDistance(RGBA(red: 0, green: 0, blue: 0, alpha: 0), .white) == 0)
        for (e, a) in [(RGBA(red: 10, green: 200, blue: 30, alpha: 128), RGBA(red: 90, green: 20, blue: 230, alpha: 40)),
                       (RGBA(red: 128, green: 128, blue: 128), RGBA(red: 131, green: 128, blue: 128))] {
            #expect(PixelDifference.perceptualDistance(e, a) == Self.pixelmatchDelta(e, a))
        }
    }

    /// A grey shifted by 3 in red is 3 apart on a channel but hardly visible (a distance of 1.4): the
    /// channel test counts it, pixelmatch's default threshold does not, a strict one does.
    @Test func aFaintChangePassesThePerceptualThreshold() {
        let expected = RGBAImage(width: 4, height: 4, fill: RGBA(red: 128, green: 128, blue: 128))
        var actual = expected
        actual[1, 2] = RGBA(red: 131, green: 128, blue: 128)
        actual[3, 3] = .black
        #expect(ImageComparison(expected: expected, actual: actual).differingPixelCount == 2)
        let perceptual = ImageComparison(expected: expected, actual: actual, tolerance: DiffTolerance(threshold: 0.1))
        #expect(perceptual.differingPixelCount == 1 && perceptual.boundingBox == ImageRegion(x: 3, y: 3, width: 1, height: 1))
        #expect(perceptual.largestChannelDifference == 128)
        #expect(ImageComparison(expected: expected, actual: actual, tolerance: DiffTolerance(threshold: 0.005)).differingPixelCount == 2)
        #expect(DiffTolerance(threshold: 0.1).description == "channel difference ≤ 0, perceptual threshold 0.1 (YIQ), at most 0 differing pixels per frame")
        // The difference picture highlights what is counted, and only that.
        let picture = DifferenceImage().render(expected: expected, actual: actual, tolerance: DiffTolerance(threshold: 0.1))
        #expect(picture[3, 3].red == 255 && picture[3, 3].green == 0)
        #expect(picture[1, 2].red == picture[1, 2].green)
    }

    /// Masks in points cover every pixel they touch at the frame's scale, are clipped to the
    /// frame, and a change under one is neither counted, measured nor boxed.
    @Test func masksInPointsCoverThePixelsTheyTouch() {
        let mask = PixelMask(points: [Rect(x: 1, y: 0.5, width: 2, height: 1), Rect(x: 9, y: 9, width: 5, height: 5)], scale: 3, width: 30, height: 30)
        #expect(mask.boxes == [ImageRegion(x: 3, y: 1, width: 6, height: 4), ImageRegion(x: 27, y: 27, width: 3, height: 3)])
        #expect(PixelMask(points: [Rect(x: 0.1, y: 0, width: 0.2, height: 1)], scale: 10, width: 30, height: 30).boxes == [ImageRegion(x: 1, y: 0, width: 2, height: 10)])
        #expect(PixelMask(points: [Rect(x: 40, y: 0, width: 5, height: 5)], scale: 1, width: 30, height: 30).isEmpty)
        // Overlapping masks count once.
        let overlapping = PixelMask(boxes: [ImageRegion(x: 0, y: 0, width: 4, height: 4), ImageRegion(x: 2, y: 2, width: 4, height: 4)], width: 10, height: 10)
        #expect(overlapping.comparedPixelCount == 100 - 28)

        let expected = Fixtures.picture(width: 20, height: 10)
        var actual = Fixtures.changing(expected, x: 4, y: 2, red: 90)
        actual = Fixtures.changing(actual, x: 15, y: 8, red: 9)
        let box = ImageRegion(x: 3, y: 1, width: 6, height: 4)
        let comparison = ImageComparison(expected: expected, actual: actual, mask: [box])
        #expect(comparison.differingPixelCount == 1 && comparison.largestChannelDifference == 9)
        #expect(comparison.boundingBox == ImageRegion(x: 15, y: 8, width: 1, height: 1))
        #expect(comparison.pixels?.pixelCount == 200 - 24)
        // Hatched in the difference picture, never highlighted.
        let picture = DifferenceImage().render(expected: expected, actual: actual, mask: [box])
        let stripes = (1..<5).flatMap { y in (3..<9).map { x in (x, y) } }.filter { DifferenceImage.isStripe(x: $0.0, y: $0.1) }
        #expect(!stripes.isEmpty && stripes.allSatisfy { picture[$0.0, $0.1] == DifferenceImage().hatch })
        #expect(picture[4, 2] != RGBA(red: 255, green: 0, blue: 255) && picture[4, 2].red != 255)
        #expect(picture[15, 8].red == 255 && picture[15, 8].green == 0)
    }

    /// A sequence's masks are in points, at its manifest's display scale; the report lists them.
    @Test func aSequenceIsMaskedAtItsDisplayScale() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let frames = [Fixtures.picture(width: 12, height: 9), Fixtures.picture(width: 12, height: 9, seed: 4)]
        var changed = frames
        changed[1] = Fixtures.changing(changed[1], x: 10, y: 7, red: 50)   // under the mask: (3, 2) pt at scale 3
        for (name, pictures) in [("expected", frames), ("actual", changed)] {
            try Fixtures.sequence(pictures, in: "\(root)/\(name)")
            var manifest = Fixtures.minimalManifest(fps: 60, width: 12, height: 9, frameCount: 2)
            manifest["settings"] = ["scale": 3, "size": [4, 3]]
            try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: "\(root)/\(name)/manifest.json"))
        }
        let plain = try FrameDiffer.compare(expected: "\(root)/expected", actual: "\(root)/actual")
        #expect(!plain.passed)
        let masked = try FrameDiffer.compare(expected: "\(root)/expected", actual: "\(root)/actual", masks: [Rect(x: 3, y: 2, width: 1, height: 1)])
        #expect(masked.passed, "\(masked.text)")
        #expect(masked.mask == [ImageRegion(x: 9, y: 6, width: 3, height: 3)])
        #expect(masked.text.contains("masked: 1 region (3×3 at (9, 6)) left out of every frame"))
        // A mask elsewhere leaves the change counted.
        let elsewhere = try FrameDiffer.compare(expected: "\(root)/expected", actual: "\(root)/actual", masks: [Rect(x: 0, y: 0, width: 1, height: 1)])
        #expect(!elsewhere.passed && elsewhere.frames.first?.differingPixels == 1)
    }

    /// Masks over the whole frame compare no pixel: the motion decides, and says so; with no
    /// motion to compare, nothing was compared and nothing passes.
    @Test func masksOverEveryPixelLeaveTheMotionToDecide() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let golden = try PartialComparisonTests.folder(PartialComparisonTests.manifest(offsets: [0, 1, 4]), at: "\(root)/golden")
        let parted = try PartialComparisonTests.folder(PartialComparisonTests.manifest(offsets: [0, 2, 4]), at: "\(root)/parted")
        let everything = [Rect(x: 0, y: 0, width: 8, height: 6)]
        let same = try FrameDiffer.compare(expected: golden, actual: golden, masks: everything)
        #expect(same.passed && same.notes.contains("note: the masks cover every pixel: no pixel was compared, so the motion decides"))
        let moved = try FrameDiffer.compare(expected: golden, actual: parted, masks: everything)
        #expect(!moved.passed && moved.differences?.hasPrefix("motion parts at frame 1") == true, "\(moved.differences ?? "")")
        // Two pictures have no motion: nothing compared, and it fails.
        let a = "\(root)/a.png"
        try RenderFixtures.writePNG(Fixtures.picture(width: 8, height: 6, seed: 1), to: a, keepsAlpha: true)
        let pictures = try FrameDiffer.compare(expected: a, actual: a, masks: everything)
        #expect(!pictures.passed && pictures.differences == "nothing compared")
    }
}
