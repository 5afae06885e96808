import ImageCodecs
import Raster
import Testing

/// The APNG writer: a file as the APNG specification lays it out — acTL before the first IDAT,
/// one fcTL a frame, sequence numbers counting fcTL and fdAT alike from 0 — whose every frame
/// libpng decodes (reframed as a PNG of its own) to the pixels it was given.
@Suite struct APNGEncoderTests {
    /// Three frames of a picture scrolled by 7 rows each, RGBA or RGB.
    static func frames(opaque: Bool) -> [RGBAImage] {
        let tall = FastEncoderTests.Picture.gradient(width: 61, height: 97, opaque: opaque)
        return (0..<3).map { step in
            RGBAImage(width: 61, height: 60, pixels: Array(tall.pixels[(step * 7 * 61 * 4)..<((step * 7 + 60) * 61 * 4)]))
        }
    }

    static func file(_ frames: [RGBAImage], fps: Double = 60, plays: Int = 0, keepsAlpha: Bool) throws -> [UInt8] {
        let encoder = try APNGEncoder(width: 61, height: 60, frameCount: frames.count, fps: fps, plays: plays, keepsAlpha: keepsAlpha)
        return try encoder.header() + frames.enumerated().flatMap { try encoder.frame($1, number: $0) } + encoder.trailer()
    }

    @Test(arguments: [true, false])
    func everyFrameDecodesToItsPixels(opaque: Bool) throws {
        let frames = Self.frames(opaque: opaque)
        let chunks = try PNGChunks(Self.file(frames, plays: 3, keepsAlpha: !opaque)).chunks
        #expect(chunks.allSatisfy { $0.crcMatches })
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        #expect(chunks[0].data[9] == (opaque ? 2 : 6))  // RGB or RGBA
        #expect(chunks[1].data == PNGChunks.be32(3) + PNGChunks.be32(3))  // frames, plays
        // fcTL and fdAT share one sequence: 0 (IDAT has none), 1, 2, 3, 4.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { PNGChunks.uint32($0.data, at: 0) }
        #expect(sequence == [0, 1, 2, 3, 4])
        // Each frame's data as the only IDAT of a PNG of its own: libpng reads the pixels given.
        let data = chunks.filter { $0.type == "IDAT" || $0.type == "fdAT" }.map { $0.type == "IDAT" ? $0.data : Array($0.data.dropFirst(4)) }
        for (frame, bytes) in zip(frames, data) {
            let png = PNGChunks.signature + PNGChunks.chunk("IHDR", chunks[0].data) + PNGChunks.chunk("IDAT", bytes) + PNGChunks.chunk("IEND", [])
            #expect(try ImageDecoder().decode(png).image == frame)
        }
    }

    @Test func eachFrameIsWholeAndShownForOneTickOfTheRate() throws {
        let chunks = try PNGChunks(Self.file(Self.frames(opaque: true), keepsAlpha: false)).chunks
        for control in chunks.filter({ $0.type == "fcTL" }) {
            // Size 61×60 at 0,0; 1/60 s; dispose none, blend source.
            #expect(Array(control.data[4...]) == PNGChunks.be32(61) + PNGChunks.be32(60) + PNGChunks.be32(0) + PNGChunks.be32(0) + [0, 1, 0, 60, 0, 0])
        }
    }

    /// 1/fps as two 16-bit numbers: exact for whole rates, the nearest fraction otherwise.
    @Test(arguments: [(60.0, 1, 60), (50.0, 1, 50), (24.0, 1, 24), (30000.0 / 1001, 1001, 30000), (0.5, 2, 1), (1e-9, 65535, 1), (1e9, 1, 65535)] as [(Double, Int, Int)])
    func theDelayIsTheRatesNearestFraction(fps: Double, numerator: Int, denominator: Int) throws {
        let encoder = try APNGEncoder(width: 1, height: 1, frameCount: 1, fps: fps)
        let chunks = try PNGChunks(encoder.header() + encoder.frame(RGBAImage(width: 1, height: 1), number: 0)).chunks
        let control = try #require(chunks.first { $0.type == "fcTL" }).data
        #expect(Int(control[20]) << 8 | Int(control[21]) == numerator && Int(control[22]) << 8 | Int(control[23]) == denominator)
    }

    @Test func impossibleFilesAndFramesAreRefused() throws {
        #expect(throws: ImageCodecError.self) { try APNGEncoder(width: 0, height: 5, frameCount: 1, fps: 60) }
        #expect(throws: ImageCodecError.self) { try APNGEncoder(width: 5, height: 5, frameCount: 0, fps: 60) }
        #expect(throws: ImageCodecError.self) { try APNGEncoder(width: 5, height: 5, frameCount: 1, fps: .nan) }
        let encoder = try APNGEncoder(width: 5, height: 5, frameCount: 2, fps: 60)
        #expect(throws: ImageCodecError.self) { try encoder.frame(RGBAImage(width: 4, height: 5), number: 0) }
        #expect(throws: ImageCodecError.self) { try encoder.frame(RGBAImage(width: 5, height: 5), number: 2) }
    }
}
