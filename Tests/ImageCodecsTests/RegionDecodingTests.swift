import Foundation
@testable import ImageCodecs
import Raster
import Testing
import _ScrollRenderTestSupport

/// Region decoding gives exactly the pixels of the full decode cropped to the region, whatever the
/// format, scale, orientation and position, and refuses what it cannot honour with typed errors.
@Suite struct RegionDecodingTests {
    static func crop(_ image: RGBAImage, _ region: ImageRegion) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(region.pixelCount * 4)
        for y in region.y..<(region.y + region.height) {
            let start = (y * image.width + region.x) * 4
            pixels += image.pixels[start..<(start + region.width * 4)]
        }
        return RGBAImage(width: region.width, height: region.height, pixels: pixels)
    }

    /// Where two pictures first differ (x, y and the two bytes), or nil when they are equal.
    static func firstDifference(_ a: RGBAImage, _ b: RGBAImage) -> String? {
        if a == b { return nil }
        guard a.width == b.width, a.height == b.height else { return "size \(a.width)×\(a.height) vs \(b.width)×\(b.height)" }
        guard let index = a.pixels.indices.first(where: { a.pixels[$0] != b.pixels[$0] }) else { return nil }
        return "(\(index / 4 % a.width), \(index / 4 / a.width)): \(a.pixels[index]) vs \(b.pixels[index])"
    }

    /// Regions that stress alignment: the whole picture, 1×1 at the corners and the middle, one
    /// row, one column, a one-pixel inset, and for larger pictures odd sizes at odd places and
    /// spans touching the right and bottom edges.
    static func regions(width w: Int, height h: Int) -> [ImageRegion] {
        var regions = [ImageRegion(width: w, height: h),
                       ImageRegion(x: 0, y: 0, width: 1, height: 1),
                       ImageRegion(x: w - 1, y: h - 1, width: 1, height: 1),
                       ImageRegion(x: w / 2, y: h / 2, width: 1, height: 1),
                       ImageRegion(x: 0, y: h / 2, width: w, height: 1),
                       ImageRegion(x: w / 2, y: 0, width: 1, height: h)]
        if w > 2 && h > 2 { regions.append(ImageRegion(x: 1, y: 1, width: w - 2, height: h - 2)) }
        if w >= 24 && h >= 24 {
            regions += [ImageRegion(x: 3, y: 5, width: w / 3 + 1, height: h / 3 + 2),
                        ImageRegion(x: w - w / 2 - 1, y: h - h / 3 - 1, width: w / 2 + 1, height: h / 3 + 1),
                        ImageRegion(x: 7, y: 9, width: w - 15, height: h - 17),
                        ImageRegion(x: w / 3, y: 1, width: 5, height: h - 1)]
        }
        return regions
    }

    /// A decoder that decodes every baseline JPEG region of two rows or more in two bands at once.
    static var banded: ImageDecoder {
        var decoder = ImageDecoder()
        decoder.minimumBandedHeight = 2
        return decoder
    }

    /// Decodes every region of `bytes` at `scale`, by one decoder and (for a baseline JPEG) in two
    /// row bands, and compares it with the full decode's crop.
    static func expectRegionsMatch(_ bytes: [UInt8], scale: JPEGScale = .full, _ name: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let full = try ImageDecoder().decode(bytes, scale: scale).image
        for region in regions(width: full.width, height: full.height) {
            for (decoder, bands) in [(ImageDecoder(), "one band"), (banded, "two bands")] {
                let decoded = try decoder.decode(bytes, region: region, scale: scale)
                let difference = firstDifference(decoded.image, crop(full, region))
                #expect(difference == nil, "\(name) at 1/\(scale.rawValue), \(bands): region \(region) differs at \(difference ?? "")",
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// Tall regions at least half as wide as a baseline JPEG take two decoders (and their working
    /// memory); progressive files, short or narrow regions one.
    @Test func tallBaselineRegionsTakeTwoDecoders() throws {
        let baseline = try TestSupport.fixture("testorig.jpg"), progressive = try TestSupport.fixture("testimgp.jpg")
        let tall = ImageRegion(x: 3, y: 5, width: 120, height: 120), short = ImageRegion(x: 3, y: 5, width: 120, height: 1)
        let narrow = ImageRegion(x: 3, y: 5, width: 100, height: 120)
        var decoder = ImageDecoder()
        decoder.minimumBandedHeight = 100
        let plan = try decoder.regionPlan(of: baseline, region: tall)
        #expect(plan.decoders == 2)
        #expect(plan.estimatedBytes == plan.pixelBytes + 2 * plan.workingBytes)
        #expect(try decoder.regionPlan(of: baseline, region: short).decoders == 1)
        #expect(try decoder.regionPlan(of: baseline, region: narrow).decoders == 1)
        #expect(try decoder.regionPlan(of: progressive, region: tall).decoders == 1)
        #expect(try ImageDecoder().regionPlan(of: baseline, region: tall).decoders == 1)
        // Held to the estimate, the two decoders fit.
        let decoded = try decoder.decode(baseline, region: tall, maximumBytes: plan.estimatedBytes)
        #expect(decoded.image == Self.crop(try ImageDecoder().decode(baseline).image, tall))
    }

    /// A file cut short in the lower band fails as truncated, in two bands as in one.
    @Test func truncatedTallRegionsFailInBands() throws {
        let bytes = try TestSupport.fixture("testorig.jpg")
        let cut = Array(bytes.prefix(bytes.count * 3 / 4))
        let region = ImageRegion(x: 0, y: 0, width: 227, height: 149)
        for decoder in [ImageDecoder(), Self.banded] {
            #expect {
                _ = try decoder.decode(cut, region: region)
            } throws: { error in
                guard case .truncated = error as? ImageCodecError else { return false }
                return true
            }
        }
    }

    static let jpegFixtures = ["testorig.jpg", "testimgp.jpg", "testimgint.jpg", "testimgari.jpg",
                               "testimggray.jpg", "jpg-cmyk-1.jpg", "jpg-size-17x17.jpg"]

    @Test(arguments: jpegFixtures, JPEGScale.allCases)
    func jpegRegionsMatchTheFullDecode(_ fixture: String, _ scale: JPEGScale) throws {
        try Self.expectRegionsMatch(TestSupport.fixture(fixture), scale: scale, fixture)
    }

    /// A larger 4:2:0 photo, where regions span many iMCU rows and columns.
    @Test(arguments: JPEGScale.allCases)
    func sampleHeaderRegionsMatchTheFullDecode(_ scale: JPEGScale) throws {
        let bytes = try [UInt8](Data(contentsOf: TestFiles.packageRoot.appendingPathComponent("Examples/header.jpg")))
        try Self.expectRegionsMatch(bytes, scale: scale, "header.jpg")
    }

    @Test(arguments: ImageOrientation.allCases, ["testorig.jpg", "testimgp.jpg"])
    func jpegRegionsAreUprightForEveryOrientation(_ orientation: ImageOrientation, _ fixture: String) throws {
        let bytes = try Self.withExif(orientation, TestSupport.fixture(fixture))
        for scale in JPEGScale.allCases {
            let decoded = try ImageDecoder().decode(bytes, region: ImageRegion(x: 0, y: 0, width: 1, height: 1), scale: scale)
            #expect(decoded.info.orientation == orientation)
            try Self.expectRegionsMatch(bytes, scale: scale, "\(fixture) oriented \(orientation)")
        }
    }

    /// Every PNG colour type and awkward bit depth, plain and interlaced.
    @Test(arguments: [(0, 1), (0, 16), (2, 8), (2, 16), (3, 2), (3, 8), (4, 8), (6, 16)], [false, true])
    func pngRegionsMatchTheFullDecode(_ format: (colorType: Int, bitDepth: Int), _ interlaced: Bool) throws {
        let png = TestPNGBuilder(width: 37, height: 29, colorType: format.colorType, bitDepth: format.bitDepth,
                                 interlaced: interlaced)
        let bytes = png.build()
        #expect(try ImageDecoder().info(of: bytes).isProgressive == interlaced)
        try Self.expectRegionsMatch(bytes, "PNG type \(format.colorType) depth \(format.bitDepth)")
    }

    @Test(arguments: ["basi3p02.png", "basn0g01.png", "basn0g16.png", "basn2c16.png", "basn4a08.png",
                      "basn6a08.png", "exif2c08.png", "tbrn2c08.png"])
    func pngFixtureRegionsMatchTheFullDecode(_ fixture: String) throws {
        try Self.expectRegionsMatch(TestSupport.fixture(fixture), fixture)
    }

    @Test(arguments: ImageOrientation.allCases, [false, true])
    func pngRegionsAreUprightForEveryOrientation(_ orientation: ImageOrientation, _ interlaced: Bool) throws {
        let png = TestPNGBuilder(width: 23, height: 14, colorType: 6, bitDepth: 8, interlaced: interlaced,
                                 exif: Self.tiff(orientation: UInt16(orientation.rawValue)))
        let bytes = png.build()
        #expect(try ImageDecoder().info(of: bytes).orientation == orientation)
        try Self.expectRegionsMatch(bytes, "PNG oriented \(orientation)")
    }

    // MARK: - Refusals

    @Test func regionsOutsideThePictureAreRefused() throws {
        let bytes = try TestSupport.fixture("testorig.jpg")   // 227×149
        let outside = [ImageRegion(x: -1, y: 0, width: 10, height: 10), ImageRegion(x: 0, y: -5, width: 10, height: 10),
                       ImageRegion(x: 220, y: 0, width: 8, height: 10), ImageRegion(x: 0, y: 140, width: 10, height: 10),
                       ImageRegion(x: 0, y: 0, width: 0, height: 10), ImageRegion(x: 0, y: 0, width: 10, height: -1),
                       ImageRegion(x: 227, y: 149, width: 1, height: 1),
                       ImageRegion(x: Int.max, y: 0, width: Int.max, height: 1),
                       ImageRegion(x: 1, y: 1, width: Int.max, height: Int.max),
                       ImageRegion(x: Int.min, y: Int.min, width: Int.max, height: Int.max)]
        for region in outside {
            #expect(throws: ImageCodecError.regionOutsidePicture(region, width: 227, height: 149)) {
                try ImageDecoder().decode(bytes, region: region)
            }
            #expect(throws: ImageCodecError.regionOutsidePicture(region, width: 227, height: 149)) {
                try ImageDecoder().regionPlan(of: bytes, region: region)
            }
        }
        // At 1/8 the picture is 29×19.
        let scaled = ImageRegion(x: 20, y: 0, width: 10, height: 5)
        #expect(throws: ImageCodecError.regionOutsidePicture(scaled, width: 29, height: 19)) {
            try ImageDecoder().decode(bytes, region: scaled, scale: .eighth)
        }
        let png = TestPNGBuilder(width: 37, height: 29, colorType: 2, bitDepth: 8, interlaced: false).build()
        let pngRegion = ImageRegion(x: 30, y: 20, width: 8, height: 9)
        #expect(throws: ImageCodecError.regionOutsidePicture(pngRegion, width: 37, height: 29)) {
            try ImageDecoder().decode(png, region: pngRegion)
        }
    }

    /// The bounds are those of the upright picture: 149 wide once turned, not 227.
    @Test func boundsFollowTheOrientation() throws {
        let bytes = try Self.withExif(.right, TestSupport.fixture("testorig.jpg"))
        let region = ImageRegion(x: 0, y: 0, width: 200, height: 10)
        #expect(throws: ImageCodecError.regionOutsidePicture(region, width: 149, height: 227)) {
            try ImageDecoder().decode(bytes, region: region)
        }
        #expect(try ImageDecoder().decode(bytes, region: ImageRegion(x: 0, y: 0, width: 10, height: 200)).image.height == 200)
    }

    /// The pixel limit bounds the region, not the picture.
    @Test func pixelLimitAppliesToTheRegion() throws {
        let bytes = try TestSupport.fixture("testorig.jpg")
        let decoder = ImageDecoder(maximumPixelCount: 1000)
        #expect(throws: ImageCodecError.tooLarge(width: 227, height: 149, limit: 1000)) { try decoder.decode(bytes) }
        #expect(try decoder.decode(bytes, region: ImageRegion(x: 100, y: 50, width: 40, height: 25)).image.width == 40)
        #expect(throws: ImageCodecError.tooLarge(width: 40, height: 26, limit: 1000)) {
            try decoder.decode(bytes, region: ImageRegion(x: 100, y: 50, width: 40, height: 26))
        }
    }

    // MARK: - Memory

    /// A progressive file costs its whole-image coefficient arrays, at every scale: for 227×149 in
    /// 4:2:0, 30×20 luma blocks and 15×10 of each chroma, 128 bytes a block.
    @Test(arguments: JPEGScale.allCases)
    func progressivePlanCountsTheCoefficientArrays(_ scale: JPEGScale) throws {
        let region = ImageRegion(x: 1, y: 2, width: 3, height: 4)
        let baseline = try ImageDecoder().regionPlan(of: TestSupport.fixture("testorig.jpg"), region: region, scale: scale)
        let progressive = try ImageDecoder().regionPlan(of: TestSupport.fixture("testimgp.jpg"), region: region, scale: scale)
        #expect(progressive.workingBytes - baseline.workingBytes == (30 * 20 + 2 * 15 * 10) * 128)
        #expect(progressive.pixelBytes == 3 * 4 * 4)
        #expect(progressive.storedRegion == region && progressive.scale == scale)
    }

    /// The estimate is honest: libjpeg, held to the estimate, decodes; a ceiling one byte lower is
    /// refused before decoding.
    @Test(arguments: ["testimgp.jpg", "testorig.jpg", "testimgint.jpg"])
    func estimateCoversWhatLibjpegAllocates(_ fixture: String) throws {
        let bytes = try TestSupport.fixture(fixture)
        let region = ImageRegion(x: 10, y: 20, width: 100, height: 50)
        let plan = try ImageDecoder().regionPlan(of: bytes, region: region)
        let decoded = try ImageDecoder().decode(bytes, region: region, maximumBytes: plan.estimatedBytes)
        #expect(Self.firstDifference(decoded.image, Self.crop(try ImageDecoder().decode(bytes).image, region)) == nil)
        #expect(throws: ImageCodecError.regionTooLarge(region, bytes: plan.estimatedBytes, limit: plan.estimatedBytes - 1)) {
            try ImageDecoder().decode(bytes, region: region, maximumBytes: plan.estimatedBytes - 1)
        }
    }

    /// The ceiling reaches libjpeg itself: below the coefficient arrays, a progressive decode stops cleanly.
    @Test func libjpegHonoursTheMemoryCeiling() throws {
        let bytes = try TestSupport.fixture("testimgp.jpg")
        try bytes.withUnsafeBufferPointer { buffer in
            let decoder = try JPEGDecoder(bytes: buffer, scale: .full, memoryLimit: 0)
            _ = try decoder.readHeader()
            var pixels = [UInt8](repeating: 0, count: 16)
            let region = ImageRegion(x: 0, y: 0, width: 2, height: 2)
            #expect(throws: ImageCodecError.regionTooLarge(region, bytes: 50_001, limit: 50_000)) {
                try decoder.decode(region, into: &pixels, stride: 8, libraryMemoryLimit: 50_000)
            }
        }
    }

    /// An interlaced PNG keeps the region's rows at full width while its passes fill them.
    @Test func interlacedPlanCountsTheRegionsRows() throws {
        let region = ImageRegion(x: 5, y: 3, width: 7, height: 11)
        func plan(_ interlaced: Bool) throws -> RegionDecodePlan {
            try ImageDecoder().regionPlan(
                of: TestPNGBuilder(width: 37, height: 29, colorType: 6, bitDepth: 16, interlaced: interlaced).build(),
                region: region)
        }
        #expect(try plan(true).workingBytes - plan(false).workingBytes == 37 * 4 * 11)
        #expect(try plan(false).pixelBytes == 7 * 11 * 4)
    }

    /// A turned picture holds the stored and the upright copy of the region at once.
    @Test func orientedPlanCountsBothCopies() throws {
        let bytes = try Self.withExif(.left, TestSupport.fixture("testorig.jpg"))
        let plan = try ImageDecoder().regionPlan(of: bytes, region: ImageRegion(x: 3, y: 4, width: 5, height: 6))
        #expect(plan.pixelBytes == 2 * 5 * 6 * 4)
        #expect(plan.width == 149 && plan.height == 227)
        #expect(plan.storedRegion == ImageRegion(x: 227 - 4 - 6, y: 3, width: 6, height: 5))
    }

    // MARK: - Fixtures

    /// A TIFF block with one IFD0 entry: Orientation = `value`.
    static func tiff(orientation value: UInt16) -> [UInt8] {
        [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01,
         0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, UInt8(value >> 8), UInt8(value & 0xFF), 0x00, 0x00,
         0x00, 0x00, 0x00, 0x00]
    }

    /// `jpeg` with an APP1 Exif segment carrying `orientation`, right after SOI.
    static func withExif(_ orientation: ImageOrientation, _ jpeg: [UInt8]) throws -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff(orientation: UInt16(orientation.rawValue))
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }
}

/// Every picture of `../shared/corpus` that decodes cleanly (real camera orientations, every PNG
/// colour type and interlacing, odd JPEG samplings): its regions at every scale match the full decode.
@Suite(.enabled(if: TestSupport.corpusIsAvailable, "../shared/corpus is absent: corpus region sweep skipped"))
struct CorpusRegionTests {
    static var files: [String] {
        let folders = ["exif-orientation", "imagetestsuite", "jpeg-decoder", "libjpeg-turbo", "libpng-testpngs", "pillow", "pngsuite"]
        return folders.flatMap { folder in
            let names = (try? FileManager.default.contentsOfDirectory(
                atPath: TestSupport.corpus.appendingPathComponent(folder).path)) ?? []
            return names.filter { name in [".jpg", ".jpeg", ".png"].contains { name.lowercased().hasSuffix($0) } }
                .map { "\(folder)/\($0)" }
        }.sorted()
    }

    @Test func regionsMatchTheFullDecode() throws {
        var checked = 0
        for path in Self.files {
            let bytes = [UInt8](try Data(contentsOf: TestSupport.corpus.appendingPathComponent(path)))
            // Two scales keep the sweep short; the fixtures above cover all four.
            let scales: [JPEGScale] = ImageFormat(sniffing: bytes) == .jpeg ? [.full, .quarter] : [.full]
            for scale in scales {
                guard let full = try? ImageDecoder().decode(bytes, scale: scale), full.warnings.isEmpty else { continue }
                let (w, h) = (full.image.width, full.image.height)
                let regions = [ImageRegion(width: w, height: h),
                               ImageRegion(x: w / 3, y: h / 3, width: (w + 2) / 3, height: (h + 2) / 3),
                               ImageRegion(x: w - 1, y: h / 2, width: 1, height: h - h / 2)]
                for region in regions {
                    let decoded = try ImageDecoder().decode(bytes, region: region, scale: scale)
                    let difference = RegionDecodingTests.firstDifference(decoded.image, RegionDecodingTests.crop(full.image, region))
                    #expect(difference == nil, "\(path) at 1/\(scale.rawValue), region \(region): \(difference ?? "")")
                }
                checked += 1
            }
        }
        #expect(checked > 300, "only \(checked) pictures decoded")
    }
}
