import ImageCodecs
import Raster
import Testing

/// EXIF orientation: the tag is read from the file and the picture turned upright as a phone shows it.
@Suite struct ExifOrientationTests {
    /// testorig.jpg with an APP1 Exif segment (big-endian TIFF, one IFD0 entry) inserted after SOI.
    static func jpeg(withOrientation value: UInt16) throws -> [UInt8] {
        let original = try TestSupport.fixture("testorig.jpg")
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,   // header, IFD0 at 8
                             0x00, 0x01,                                       // one entry
                             0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,   // Orientation, SHORT, count 1
                             UInt8(value >> 8), UInt8(value & 0xFF), 0x00, 0x00,
                             0x00, 0x00, 0x00, 0x00]                           // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(original[0..<2]) + segment + Array(original[2...])
    }

    @Test(arguments: ImageOrientation.allCases)
    func cornersLandWhereThePhoneShowsThem(_ orientation: ImageOrientation) throws {
        let stored = try ImageDecoder().decode(TestSupport.fixture("testorig.jpg")).image
        let decoded = try ImageDecoder().decode(Self.jpeg(withOrientation: UInt16(orientation.rawValue)))
        #expect(decoded.info.orientation == orientation)
        let upright = decoded.image
        let (w, h) = (stored.width, stored.height)
        #expect(upright.width == (orientation.swapsWidthAndHeight ? h : w))
        // Where the stored top-left, top-right and bottom-left pixels must appear once upright.
        let topLeft = stored[0, 0], topRight = stored[w - 1, 0], bottomLeft = stored[0, h - 1]
        let (uw, uh) = (upright.width, upright.height)
        switch orientation {
        case .up: #expect(upright[0, 0] == topLeft && upright[uw - 1, 0] == topRight)
        case .upMirrored: #expect(upright[uw - 1, 0] == topLeft && upright[0, 0] == topRight)
        case .down: #expect(upright[uw - 1, uh - 1] == topLeft && upright[uw - 1, 0] == bottomLeft)
        case .downMirrored: #expect(upright[0, uh - 1] == topLeft && upright[0, 0] == bottomLeft)
        case .leftMirrored: #expect(upright[0, 0] == topLeft && upright[0, uh - 1] == topRight)
        case .right: #expect(upright[uw - 1, 0] == topLeft && upright[0, 0] == bottomLeft)
        case .rightMirrored: #expect(upright[uw - 1, uh - 1] == topLeft && upright[0, uh - 1] == bottomLeft)
        case .left: #expect(upright[0, uh - 1] == topLeft && upright[0, 0] == topRight)
        }
    }

    @Test func invalidValuesMeanUp() throws {
        for value: UInt16 in [0, 9, 300] {
            #expect(try ImageDecoder().decode(Self.jpeg(withOrientation: value)).info.orientation == .up)
        }
    }

    @Test func pngExifChunkIsRead() throws {
        let info = try ImageDecoder().info(of: TestSupport.fixture("exif2c08.png"))
        #expect(info.orientation == .up)
    }
}
