import ImageCodecs
import Raster
import Testing

/// libjpeg's DCT scaling gives smaller pictures that still look like the full decode.
@Suite struct JPEGScaleTests {
    static func meanColor(_ image: RGBAImage) -> [Double] {
        var sums = [0.0, 0.0, 0.0]
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            for channel in 0..<3 { sums[channel] += Double(image.pixels[index + channel]) }
        }
        return sums.map { $0 / Double(image.width * image.height) }
    }

    @Test(arguments: [JPEGScale.half, .quarter, .eighth])
    func scaledDecodeIsSmallerAndAlike(_ scale: JPEGScale) throws {
        let bytes = try TestSupport.fixture("testorig.jpg")
        let full = try ImageDecoder().decode(bytes).image
        let scaled = try ImageDecoder().decode(bytes, scale: scale).image
        let denominator = scale.rawValue
        #expect(scaled.width == (227 + denominator - 1) / denominator)
        #expect(scaled.height == (149 + denominator - 1) / denominator)
        for (a, b) in zip(Self.meanColor(full), Self.meanColor(scaled)) {
            #expect(abs(a - b) < 3, "mean colour moved by \(abs(a - b)) levels")
        }
    }

    @Test func pngIgnoresScale() throws {
        let image = try ImageDecoder().decode(TestSupport.fixture("basn6a08.png"), scale: .quarter).image
        #expect(image.width == 32)
    }
}
