import Foundation
@testable import ImageCodecs
import Raster
import Testing
import _ScrollRenderTestSupport

/// The PNG reader for frames (``FastPNGDecoder`` and the shim's inflater): it reads the files it
/// takes to exactly libpng's pixels, whatever wrote them, and leaves every other file — other
/// chunks, other formats, any damage — to libpng, so that what a user sees does not change.
@Suite struct FastPNGDecoderTests {
    static let libpng: ImageDecoder = {
        var decoder = ImageDecoder()
        decoder.readsSimplePNGsItself = false
        return decoder
    }()

    /// The writers of frames: scrollrender's own encoder (Huffman coding and zero runs) and libpng
    /// with zlib at levels that give stored, fixed-code and dynamic-code blocks with matches.
    enum Writer: CaseIterable, CustomTestStringConvertible {
        case fast, zlibStore, zlibFastest, zlibDefault, zlibBest

        var testDescription: String { "\(self)" }

        func encoder(filter: PNGEncoder.Filter, keepsAlpha: Bool) -> PNGEncoder {
            switch self {
            case .fast: PNGEncoder(method: .fast, filter: filter, keepsAlpha: keepsAlpha)
            case .zlibStore: PNGEncoder(method: .zlib, compressionLevel: 0, filter: filter, keepsAlpha: keepsAlpha)
            case .zlibFastest: PNGEncoder(method: .zlib, compressionLevel: 1, filter: filter, keepsAlpha: keepsAlpha)
            case .zlibDefault: PNGEncoder(method: .zlib, compressionLevel: 6, filter: filter, keepsAlpha: keepsAlpha)
            case .zlibBest: PNGEncoder(method: .zlib, compressionLevel: 9, filter: filter, keepsAlpha: keepsAlpha)
            }
        }
    }

    @Test(arguments: Writer.allCases, PNGEncoder.Filter.allCases)
    func readsWhatLibpngReads(writer: Writer, filter: PNGEncoder.Filter) throws {
        for picture in FastEncoderTests.Picture.allCases {
            for keepsAlpha in [false, true] {
                // Given a picture written as RGB or RGBA with this filter
                let image = picture.image(opaque: !keepsAlpha)
                let bytes = try writer.encoder(filter: filter, keepsAlpha: keepsAlpha).encode(image)
                // When it is read
                #expect(FastPNGDecoder(bytes) != nil, "\(picture) was left to libpng")
                let decoded = try ImageDecoder().decode(bytes)
                // Then the pixels are the picture's and libpng's, and so is what is said of the file
                let reference = try Self.libpng.decode(bytes)
                #expect(decoded.image == image, "\(picture), alpha \(keepsAlpha)")
                #expect(decoded.image == reference.image)
                #expect(decoded.info == reference.info)
                #expect(decoded.warnings == reference.warnings)
            }
        }
    }

    @Test func readsAStreamSplitOverManyChunks() throws {
        let image = FastEncoderTests.Picture.gradient.image(opaque: true)
        let bytes = try PNGEncoder.frames().encode(image)
        let chunks = try PNGChunks(bytes).chunks
        let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        for pieceSize in [1, 7, 4096] {
            // Given the same stream in IDAT chunks of `pieceSize` bytes
            var split = PNGChunks.signature + PNGChunks.chunk("IHDR", chunks[0].data)
            for start in stride(from: 0, to: stream.count, by: pieceSize) {
                split += PNGChunks.chunk("IDAT", Array(stream[start..<min(start + pieceSize, stream.count)]))
            }
            split += PNGChunks.chunk("IEND", [])
            // Then it reads the same pixels
            #expect(FastPNGDecoder(split) != nil)
            #expect(try ImageDecoder().decode(split).image == image, "IDATs of \(pieceSize) bytes")
        }
    }

    @Test func leavesOtherPNGsToLibpng() throws {
        // Other colour types, depths, interlacing, and chunks that change the pixels or their
        // orientation, or that libpng may warn about
        var files: [(String, [UInt8])] = []
        for (colorType, depth) in [(0, 8), (2, 16), (3, 4), (4, 8), (6, 16)] {
            files.append(("type \(colorType), depth \(depth)",
                          TestPNGBuilder(width: 9, height: 7, colorType: colorType, bitDepth: depth, interlaced: false).build()))
        }
        files.append(("interlaced", TestPNGBuilder(width: 9, height: 7, colorType: 2, bitDepth: 8, interlaced: true).build()))
        files.append(("eXIf", TestPNGBuilder(width: 9, height: 7, colorType: 2, bitDepth: 8, interlaced: false,
                                             exif: RegionDecodingTests.tiff(orientation: 6)).build()))
        let plain = TestPNGBuilder(width: 9, height: 7, colorType: 2, bitDepth: 8, interlaced: false).build()
        #expect(FastPNGDecoder(plain) != nil)
        for (type, data) in [("tRNS", [0, 1, 0, 2, 0, 3] as [UInt8]), ("gAMA", [0, 0, 0xB1, 0x8F]), ("tEXt", Array("a\0b".utf8))] {
            files.append((type, Array(plain[..<33]) + PNGChunks.chunk(type, data) + Array(plain[33...])))
        }
        files.append(("bytes after IEND", plain + [0]))
        for (name, bytes) in files {
            // Then they are not taken, and decode as libpng decodes them
            #expect(FastPNGDecoder(bytes) == nil, "\(name) was taken")
            let decoded = try ImageDecoder().decode(bytes)
            let reference = try Self.libpng.decode(bytes)
            #expect(decoded.image == reference.image && decoded.info == reference.info, "\(name)")
        }
    }

    /// Every damage a frame can have, its CRCs repaired so that the stream itself is read: either
    /// both readers fail with libpng's words, or both give the same pixels.
    @Test func damageEndsAsLibpngEndsIt() throws {
        let image = FastEncoderTests.Picture.pattern.image(opaque: true)
        for writer in [Writer.fast, .zlibDefault] {
            let bytes = try writer.encoder(filter: .paeth, keepsAlpha: false).encode(image)
            let chunks = try PNGChunks(bytes).chunks
            let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
            var state: UInt64 = 0x2545_F491_4F6C_DD1D
            func random(_ bound: Int) -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(state >> 33) % bound
            }
            for trial in 0..<400 {
                var damaged = stream
                switch trial % 4 {
                case 0: damaged[random(damaged.count)] ^= UInt8(1 + random(255))
                case 1: damaged[random(damaged.count)] = UInt8(random(256))
                case 2: damaged.removeLast(1 + random(min(40, damaged.count - 1)))
                default: damaged.insert(UInt8(random(256)), at: random(damaged.count))
                }
                let file = PNGChunks.signature + PNGChunks.chunk("IHDR", chunks[0].data)
                    + PNGChunks.chunk("IDAT", damaged) + PNGChunks.chunk("IEND", [])
                let ours = Result { () throws(ImageCodecError) in try ImageDecoder().decode(file).image }
                let theirs = Result { () throws(ImageCodecError) in try Self.libpng.decode(file).image }
                switch (ours, theirs) {
                case (.success(let a), .success(let b)): #expect(a == b, "\(writer), trial \(trial)")
                case (.failure(let a), .failure(let b)): #expect(a == b, "\(writer), trial \(trial)")
                default: Issue.record("\(writer), trial \(trial): \(ours) against libpng's \(theirs)")
                }
            }
        }
    }
}

/// Issue 35: frames are inflated by libdeflate, and streams built to reach the corners of a deflate
/// decoder (`Scripts/make-png-seeds.py`, the frame reader's fuzz seeds) are read by the frame
/// reader itself to libpng's pixels. The crafted frame sends a dynamic block's 19 code-length
/// codes where the hand-written inflater before it had refilled 56 of their 57 bits: that inflater
/// refused the valid stream, and crashed `diff` on a sibling of it.
@Suite struct CraftedFrameTests {
    static let seeds = TestFiles.packageRoot.appendingPathComponent("Fuzz/seeds/png")

    @Test func theCraftedFrameIsReadToLibpngsPixels() throws {
        let bytes = try TestSupport.fixture("crafted-frame.png")
        // When the frame reader reads it
        let decoder = try #require(FastPNGDecoder(bytes), "the crafted frame was left to libpng")
        let image = try #require(decoder.decode(bytes), "a valid stream was refused")
        // Then its pixels are libpng's
        #expect(image == (try FastPNGDecoderTests.libpng.decode(bytes).image))
    }

    @Test func everySeedIsReadAsLibpngReadsIt() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(names.count >= 20)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.seeds.appendingPathComponent(name)))
            let decoder = try #require(FastPNGDecoder(bytes), "\(name) was left to libpng")
            #expect(decoder.decode(bytes) == (try FastPNGDecoderTests.libpng.decode(bytes).image), "\(name)")
        }
    }
}
