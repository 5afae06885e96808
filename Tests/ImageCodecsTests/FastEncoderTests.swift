import Foundation
import ImageCodecs
import Raster
import Testing

/// The fast PNG writer: whatever the picture and filter, libpng decodes its files to the same
/// pixels, and the files are well-formed PNGs with valid chunk CRCs and a valid zlib stream.
@Suite struct FastEncoderTests {
    /// Pictures that exercise the tokeniser: sizes below one 8-byte word, rows that are not a
    /// multiple of 8 bytes, long zero runs (flat), no zero runs (noise), smooth gradients.
    enum Picture: String, CaseIterable, CustomTestStringConvertible {
        case single, threeByFive, wideRow, tallColumn, flat, noise, gradient, stripes, pattern

        var testDescription: String { rawValue }

        func image(opaque: Bool) -> RGBAImage {
            switch self {
            case .single: return RGBAImage(width: 1, height: 1, fill: RGBA(red: 200, green: 10, blue: 99, alpha: opaque ? 255 : 77))
            case .threeByFive: return TestSupport.patternImage(width: 3, height: 5, opaque: opaque)
            case .wideRow: return TestSupport.patternImage(width: 1000, height: 1, opaque: opaque)
            case .tallColumn: return TestSupport.patternImage(width: 1, height: 1000, opaque: opaque)
            case .flat: return RGBAImage(width: 301, height: 203, fill: RGBA(red: 30, green: 144, blue: 255, alpha: opaque ? 255 : 128))
            case .noise: return Self.noise(width: 257, height: 131, opaque: opaque)
            case .gradient: return Self.gradient(width: 640, height: 97, opaque: opaque)
            case .stripes: return Self.stripes(width: 333, height: 64, opaque: opaque)
            case .pattern: return TestSupport.patternImage(width: 67, height: 41, opaque: opaque)
            }
        }

        static func noise(width: Int, height: Int, opaque: Bool) -> RGBAImage {
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            let pixels = (0..<(width * height * 4)).map { index -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return opaque && index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 56)
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }

        static func gradient(width: Int, height: Int, opaque: Bool) -> RGBAImage {
            var image = RGBAImage(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    image[x, y] = RGBA(red: UInt8(x * 255 / (width - 1)), green: UInt8(y * 255 / (height - 1)),
                                       blue: UInt8((x + y) % 256), alpha: opaque ? 255 : UInt8(255 - x * 255 / (width - 1)))
                }
            }
            return image
        }

        /// Flat runs broken by single changes: zero runs that end inside and at the end of words.
        static func stripes(width: Int, height: Int, opaque: Bool) -> RGBAImage {
            var image = RGBAImage(width: width, height: height, fill: .white)
            for y in 0..<height {
                for x in 0..<width where (x * 7 + y * 3) % (11 + y % 17) == 0 {
                    image[x, y] = RGBA(red: UInt8(y * 4), green: 0, blue: UInt8(x % 256), alpha: opaque ? 255 : 0)
                }
            }
            return image
        }
    }

    @Test(arguments: Picture.allCases, PNGEncoder.Filter.allCases)
    func rgbRoundTrips(picture: Picture, filter: PNGEncoder.Filter) throws {
        // An opaque picture written as RGB by the fast encoder reads back unchanged through libpng.
        try Self.roundTrip(picture.image(opaque: true), filter: filter, keepsAlpha: false)
    }

    @Test(arguments: Picture.allCases, PNGEncoder.Filter.allCases)
    func rgbaRoundTrips(picture: Picture, filter: PNGEncoder.Filter) throws {
        try Self.roundTrip(picture.image(opaque: false), filter: filter, keepsAlpha: true)
    }

    /// Writes `image` with the fast encoder, reads it back with libpng: the same pixels, no
    /// warnings, and the chunks a PNG of that colour type holds.
    static func roundTrip(_ image: RGBAImage, filter: PNGEncoder.Filter, keepsAlpha: Bool) throws {
        let bytes = try PNGEncoder(method: .fast, filter: filter, keepsAlpha: keepsAlpha).encode(image)
        let decoded = try FastPNGDecoderTests.libpng.decode(bytes)
        #expect(decoded.info.colorSpace == (keepsAlpha ? "RGBA" : "RGB"))
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.image == image)
        try checkStructure(bytes, width: image.width, height: image.height, colorType: keepsAlpha ? 6 : 2)
    }

    @Test func rgbDropsOnlyAlpha() throws {
        // Given a picture whose alpha is not opaque, written as RGB
        let image = Picture.pattern.image(opaque: false)
        let decoded = try ImageDecoder().decode(PNGEncoder.frames().encode(image)).image
        // Then colour survives and alpha becomes opaque
        var expected = image
        for index in stride(from: 3, to: expected.pixels.count, by: 4) { expected.pixels[index] = 255 }
        #expect(decoded == expected)
    }

    @Test func decodedJPEGSurvives() throws {
        let image = try ImageDecoder().decode(TestSupport.fixture("testimgp.jpg")).image
        for filter in PNGEncoder.Filter.allCases {
            let bytes = try PNGEncoder(method: .fast, filter: filter).encode(image)
            #expect(try ImageDecoder().decode(bytes).image == image, "filter \(filter)")
        }
    }

    @Test func sameInputGivesSameBytesOnAnyThread() async throws {
        // Given one encoder shared by concurrent tasks
        let image = Picture.gradient.image(opaque: true)
        let encoder = PNGEncoder.frames()
        let reference = try encoder.encode(image)
        // When several tasks encode the same picture at once
        let outputs = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { try encoder.encode(image) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Then every result is byte for byte the same
        #expect(outputs.count == 8)
        let allEqual = outputs.allSatisfy { $0 == reference }
        #expect(allEqual)
    }

    @Test func flatPicturesBecomeRuns() throws {
        // A flat 1170×2532 frame is 8.9 MB of pixels; runs of zeros must make it tiny.
        let image = RGBAImage(width: 1170, height: 2532, fill: RGBA(red: 12, green: 34, blue: 56))
        let bytes = try PNGEncoder.frames().encode(image)
        #expect(bytes.count < 100_000)
        #expect(try ImageDecoder().decode(bytes).image == image)
    }

    @Test func ignoresCompressionLevel() throws {
        // The fast method has no levels; --compression selects zlib instead.
        let image = Picture.pattern.image(opaque: true)
        let fast = try PNGEncoder(method: .fast, compressionLevel: 42).encode(image)
        #expect(fast == (try PNGEncoder(method: .fast, compressionLevel: 1).encode(image)))
        #expect(throws: ImageCodecError.self) { try PNGEncoder(method: .zlib, compressionLevel: 42).encode(image) }
        #expect(throws: ImageCodecError.self) { try PNGEncoder(method: .fast).encode(RGBAImage(width: 0, height: 0)) }
    }

    @Test func corruptedChecksumIsNoticed() throws {
        // Given a file whose zlib Adler-32 is wrong but whose chunk CRCs are right
        let image = Picture.gradient.image(opaque: true)
        var bytes = try PNGEncoder.frames().encode(image)
        let iendStart = bytes.count - 12
        var idatStart = PNGChunks.signature.count
        while Array(bytes[(idatStart + 4)..<(idatStart + 8)]) != Array("IDAT".utf8) {
            idatStart += 12 + Int(PNGChunks.uint32(bytes, at: idatStart))
        }
        let crcStart = iendStart - 4
        bytes[crcStart - 1] ^= 0xFF  // the Adler-32's last byte ends the IDAT data
        let crc = PNGChunks.crc32(Array(bytes[(idatStart + 4)..<crcStart]))
        bytes.replaceSubrange(crcStart..<iendStart, with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) })
        let crcsMatch = try PNGChunks(bytes).chunks.allSatisfy { $0.crcMatches }
        #expect(crcsMatch)
        // Then neither libpng nor our reader passes it silently: so the round trips prove the checksum
        for decoder in [FastPNGDecoderTests.libpng, ImageDecoder()] {
            switch Result(catching: { () throws(ImageCodecError) in try decoder.decode(bytes) }) {
            case .failure: break
            case .success(let decoded): #expect(!decoded.warnings.isEmpty, "a wrong Adler-32 was ignored")
            }
        }
    }

    /// Signature, IHDR first with the right fields, IDATs together, IEND last and empty, every CRC
    /// right, and a zlib header that says deflate with a 32 KB window and no dictionary.
    static func checkStructure(_ bytes: [UInt8], width: Int, height: Int, colorType: UInt8,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let chunks = try PNGChunks(bytes).chunks
        let crcsMatch = chunks.allSatisfy { $0.crcMatches }
        #expect(crcsMatch, sourceLocation: sourceLocation)
        #expect(chunks.first?.type == "IHDR", sourceLocation: sourceLocation)
        #expect(chunks.last?.type == "IEND" && chunks.last?.data.isEmpty == true, sourceLocation: sourceLocation)
        let ihdr = try #require(chunks.first?.data, sourceLocation: sourceLocation)
        #expect(ihdr.count == 13, sourceLocation: sourceLocation)
        #expect(PNGChunks.uint32(ihdr, at: 0) == UInt32(width), sourceLocation: sourceLocation)
        #expect(PNGChunks.uint32(ihdr, at: 4) == UInt32(height), sourceLocation: sourceLocation)
        #expect(Array(ihdr[8...]) == [8, colorType, 0, 0, 0], sourceLocation: sourceLocation)
        let types = chunks.map(\.type)
        let idats = types.indices.filter { types[$0] == "IDAT" }
        #expect(!idats.isEmpty && idats == Array(idats.first!...idats.last!), sourceLocation: sourceLocation)
        let stream = idats.flatMap { chunks[$0].data }
        try #require(stream.count >= 6, sourceLocation: sourceLocation)
        #expect(stream[0] == 0x78 && (UInt16(stream[0]) << 8 | UInt16(stream[1])) % 31 == 0 && stream[1] & 0x20 == 0,
                sourceLocation: sourceLocation)
    }
}
