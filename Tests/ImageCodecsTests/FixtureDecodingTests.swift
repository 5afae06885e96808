import Foundation
import ImageCodecs
import Testing

/// Every decoder path on the suite's own small files: baseline, progressive, arithmetic, greyscale
/// and CMYK JPEG; PNG at 1, 8 and 16 bits, palette, interlaced, tRNS, alpha; damaged files.
@Suite struct FixtureDecodingTests {
    struct Expectation: Decodable, CustomTestStringConvertible, Sendable {
        var file: String
        var source: String
        var expected: String
        var width: Int?
        var height: Int?
        var rgbaSHA256: String?
        var testDescription: String { file }
    }

    static let expectations: [Expectation] = {
        guard let url = Bundle.module.url(forResource: "Fixtures/expectations", withExtension: "json"),
              let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode([Expectation].self, from: data)) ?? []
    }()

    @Test func expectationsAreLoaded() {
        #expect(Self.expectations.count >= 19)
    }

    @Test(arguments: expectations)
    func decodesToReferencePixels(_ expectation: Expectation) throws {
        let bytes = try TestSupport.fixture(expectation.file)
        let decoder = ImageDecoder()
        if expectation.expected == "decode" {
            let decoded = try decoder.decode(bytes)
            #expect(decoded.image.width == expectation.width)
            #expect(decoded.image.height == expectation.height)
            #expect(TestSupport.sha256(decoded.image.pixels) == expectation.rgbaSHA256)
        } else {
            #expect(throws: ImageCodecError.self) { try decoder.decode(bytes) }
        }
    }

    @Test func truncatedJPEGIsReportedAsTruncated() throws {
        let bytes = try TestSupport.fixture("truncated_jpeg.jpg")
        #expect(throws: ImageCodecError.truncated(.jpeg, "Premature end of JPEG file")) {
            try ImageDecoder().decode(bytes)
        }
    }

    @Test func corruptPNGNamesTheProblem() throws {
        let bytes = try TestSupport.fixture("xcrn0g04.png")
        do {
            _ = try ImageDecoder().decode(bytes)
            Issue.record("a PNG with a damaged signature decoded")
        } catch {
            #expect(error.description.contains("PNG"))
            #expect(error.description.count > 20)
        }
    }

    @Test func textIsNotAPicture() {
        #expect(throws: ImageCodecError.unsupportedFormat("unrecognised first bytes")) {
            try ImageDecoder().decode(Array("hello, world\n".utf8))
        }
        #expect(throws: ImageCodecError.unsupportedFormat("the file is empty")) {
            try ImageDecoder().decode([])
        }
    }

    @Test func headerInfoWithoutDecoding() throws {
        let info = try ImageDecoder().info(of: TestSupport.fixture("jpg-cmyk-1.jpg"))
        #expect(info.format == .jpeg)
        #expect(info.colorSpace == "CMYK" || info.colorSpace == "YCCK")
        let png = try ImageDecoder().info(of: TestSupport.fixture("basn2c16.png"))
        #expect(png.bitDepth == 16)
        #expect(png.colorSpace == "RGB")
        #expect(png.width == 32 && png.height == 32)
        let interlaced = try ImageDecoder().info(of: TestSupport.fixture("basi3p02.png"))
        #expect(interlaced.isProgressive)
        #expect(interlaced.colorSpace == "Palette")
    }

    @Test func jpegWarningsAreCollectedNotPrinted() throws {
        // Junk after the first segment (APP0): libjpeg warns about extraneous bytes and goes on.
        var bytes = try TestSupport.fixture("testorig.jpg")
        let firstSegmentEnd = 4 + Int(bytes[4]) << 8 + Int(bytes[5])
        bytes.insert(contentsOf: [0x12, 0x34, 0x56], at: firstSegmentEnd)
        let decoded = try ImageDecoder().decode(bytes)
        #expect(decoded.warnings.contains { $0.contains("extraneous bytes") })
    }
}
