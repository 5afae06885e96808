import ImageCodecs
import Raster
import Testing

/// What the PNG writer writes decodes to the same pixels, whatever the level and filter.
@Suite struct PNGRoundTripTests {
    @Test(arguments: PNGEncoder.Filter.allCases, [0, 1, 6, 9])
    func rgbaSurvives(filter: PNGEncoder.Filter, level: Int) throws {
        let image = TestSupport.patternImage(width: 67, height: 41, opaque: false)
        let bytes = try PNGEncoder(compressionLevel: level, filter: filter, keepsAlpha: true).encode(image)
        let decoded = try ImageDecoder().decode(bytes)
        #expect(decoded.image == image)
        #expect(decoded.info.hasAlpha)
    }

    @Test func rgbDropsOnlyAlpha() throws {
        let image = TestSupport.patternImage(width: 50, height: 30, opaque: true)
        let bytes = try PNGEncoder().encode(image)
        let decoded = try ImageDecoder().decode(bytes)
        #expect(decoded.info.colorSpace == "RGB")
        #expect(decoded.image == image)
    }

    @Test func decodedJPEGSurvives() throws {
        let image = try ImageDecoder().decode(TestSupport.fixture("testimgp.jpg")).image
        let bytes = try PNGEncoder(keepsAlpha: true).encode(image)
        #expect(try ImageDecoder().decode(bytes).image == image)
    }

    @Test func refusesImpossibleSettings() {
        let image = RGBAImage(width: 2, height: 2, fill: .white)
        #expect(throws: ImageCodecError.self) { try PNGEncoder(compressionLevel: 10).encode(image) }
        #expect(throws: ImageCodecError.self) { try PNGEncoder().encode(RGBAImage(width: 0, height: 0)) }
    }
}
