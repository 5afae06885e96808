import ImageCodecs
import Testing

/// Pictures whose headers claim absurd sizes are refused after the header, before any allocation.
@Suite struct SizeGuardTests {
    /// A PNG signature, an IHDR claiming `width`×`height` with a correct CRC, an empty IDAT, IEND.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        PNGChunks.signature + PNGChunks.chunk("IHDR", PNGChunks.be32(width) + PNGChunks.be32(height) + [8, 6, 0, 0, 0])
            + PNGChunks.chunk("IDAT", []) + PNGChunks.chunk("IEND", [])
    }

    /// testorig.jpg with its SOF0 frame size patched; libjpeg caps a claim at 65500×65500.
    static func jpegHeader(width: UInt16, height: UInt16) throws -> [UInt8] {
        var bytes = try TestSupport.fixture("testorig.jpg")
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        return bytes
    }

    @Test func pngClaiming100000Squared() {
        let limit = ImageDecoder.defaultMaximumPixelCount
        #expect(throws: ImageCodecError.tooLarge(width: 100_000, height: 100_000, limit: limit)) {
            try ImageDecoder().decode(Self.pngHeader(width: 100_000, height: 100_000))
        }
    }

    @Test func jpegClaimingTheLargestSize() throws {
        let limit = ImageDecoder.defaultMaximumPixelCount
        let bytes = try Self.jpegHeader(width: 65500, height: 65500)
        #expect(throws: ImageCodecError.tooLarge(width: 65500, height: 65500, limit: limit)) {
            try ImageDecoder().decode(bytes)
        }
    }

    @Test func limitIsSettable() throws {
        let bytes = try TestSupport.fixture("testorig.jpg")   // 227×149 = 33,823 pixels
        #expect(throws: ImageCodecError.tooLarge(width: 227, height: 149, limit: 30_000)) {
            try ImageDecoder(maximumPixelCount: 30_000).decode(bytes)
        }
        #expect(try ImageDecoder(maximumPixelCount: 33_823).decode(bytes).image.width == 227)
    }

    @Test func headerOnlyInfoStillReportsTheClaim() throws {
        let info = try ImageDecoder().info(of: Self.pngHeader(width: 100_000, height: 100_000))
        #expect(info.storedWidth == 100_000 && info.storedHeight == 100_000)
    }
}
