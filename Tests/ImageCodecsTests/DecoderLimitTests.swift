import ImageCodecs
import Testing

/// The limits that bound the time and memory a hostile file can cost besides its pixels (which
/// `SizeGuardTests` covers): progressive scans, corrupt-data warnings, and PNG chunks we never use.
/// The files are generated here, a few bytes a scan or chunk; see docs/RELIABILITY.md.
@Suite struct DecoderLimitTests {
    // MARK: - JPEG

    /// A greyscale JPEG whose first scan is repeated `scans` times with no entropy-coded data:
    /// a few bytes a scan, each still walking every block of the picture. `restartInterval` adds
    /// a DRI segment (every interval then misses its RST marker).
    static func emptyScansJPEG(width: Int, height: Int, progressive: Bool, scans: Int, restartInterval: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ body: [UInt8]) {
            bytes += [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        /// One Huffman table with a single 1-bit code for symbol 0.
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
        segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        // Comment segments long enough that the file could hold its blocks (a bit each), so that it
        // passes the decoder's length check and reaches libjpeg's limits.
        for _ in 0..<((width / 8) * (height / 8) / 8 / 65_000 + 1) { segment(0xFE, [UInt8](repeating: 0x20, count: 65_000)) }
        segment(progressive ? 0xC2 : 0xC0, [8] + be16(height) + be16(width) + [1, 1, 0x11, 0])
        segment(0xC4, [0x00] + oneCode + [0x10] + oneCode)
        if restartInterval > 0 { segment(0xDD, be16(restartInterval)) }
        for _ in 0..<scans { segment(0xDA, [1, 1, 0x00, 0, progressive ? 0 : 63, 0]) }
        return bytes + [0xFF, 0xD9]
    }

    /// Runs `body`, expecting it to throw a `.corruptData` error containing `text` within `limit`.
    static func expectRefusal(
        _ text: String, within limit: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws(ImageCodecError) -> Void
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        do throws(ImageCodecError) {
            try body()
            Issue.record("decoded instead of refusing (\(text))", sourceLocation: sourceLocation)
        } catch {
            guard case .corruptData(_, let message) = error, message.contains(text) else {
                Issue.record("expected \"\(text)\", got \(error)", sourceLocation: sourceLocation)
                return
            }
        }
        #expect(clock.now - start < limit, "took \(clock.now - start)", sourceLocation: sourceLocation)
    }

    @Test func theGeneratedProgressiveFileDecodesWithFewScans() throws {
        let decoded = try ImageDecoder().decode(Self.emptyScansJPEG(width: 16, height: 16, progressive: true, scans: 10))
        #expect(decoded.image.width == 16 && decoded.info.isProgressive)
    }

    /// SR_JPEG_MAX_SCANS: 2000 scans of a 16×16 picture (about 20 kB).
    @Test func progressiveJPEGWith2000ScansIsRefusedQuickly() {
        let bytes = Self.emptyScansJPEG(width: 16, height: 16, progressive: true, scans: 2000)
        Self.expectRefusal("too many progressive scans (over 1000)", within: .seconds(2)) { () throws(ImageCodecError) in
            _ = try ImageDecoder().decode(bytes)
        }
    }

    /// SR_JPEG_MAX_SCAN_PIXELS: 600 empty scans of a 4096×4096 picture (8 kB), under the 1000-scan
    /// limit but each walking 262144 blocks: refused at scan 513, 2^33 pixel-scans.
    @Test func manyScansOfALargePictureAreRefused() {
        let bytes = Self.emptyScansJPEG(width: 4096, height: 4096, progressive: true, scans: 600)
        Self.expectRefusal("too many progressive scans for the picture's size (513 scans of 16777216 pixels)") {
            () throws(ImageCodecError) in
            _ = try ImageDecoder().decode(bytes)
        }
    }

    /// SR_JPEG_MAX_WARNINGS: a 4096×4096 baseline file with a restart marker promised after every
    /// block and none present costs one warning per block (262144); refused after 10000.
    @Test func restartMarkerFloodIsRefused() {
        let bytes = Self.emptyScansJPEG(width: 4096, height: 4096, progressive: false, scans: 1, restartInterval: 1)
        Self.expectRefusal("too much corrupt data (over 10000 warnings)") { () throws(ImageCodecError) in
            _ = try ImageDecoder().decode(bytes)
        }
    }

    // MARK: - PNG

    /// A 1×1 grey PNG with `extra` chunks between IHDR and IDAT.
    static func onePixelPNG(_ extra: [UInt8]) -> [UInt8] {
        let row: [UInt8] = [0, 0x80]  // filter None, grey 128
        let adler = (1 + 0 + 0x80) | (1 + (1 + 0x80)) << 16  // Adler-32 of the row: a = 129, b = 1 + 129
        let zlib: [UInt8] = [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF] + row + PNGChunks.be32(adler)
        return PNGChunks.signature + PNGChunks.chunk("IHDR", PNGChunks.be32(1) + PNGChunks.be32(1) + [8, 0, 0, 0, 0]) + extra
            + PNGChunks.chunk("IDAT", zlib) + PNGChunks.chunk("IEND", [])
    }

    /// A zlib stream that inflates to `megabytes` MB of zeros in about 1/1000 of that: one fixed
    /// Huffman block of a literal 0 and repeated 258-byte copies at distance 1.
    static func zlibBomb(megabytes: Int) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var bits = 0, count = 0
        func put(_ value: Int, _ length: Int) {  // LSB first
            bits |= value << count
            count += length
            while count >= 8 { out.append(UInt8(bits & 0xFF)); bits >>= 8; count -= 8 }
        }
        func code(_ value: Int, _ length: Int) {  // Huffman codes go MSB first
            for i in stride(from: length - 1, through: 0, by: -1) { put((value >> i) & 1, 1) }
        }
        put(1, 1); put(1, 2)                       // final block, fixed Huffman
        code(0x30, 8)                              // literal 0
        for _ in 0..<(megabytes << 20) / 258 {
            code(0xC5, 8)                          // length 258 (symbol 285)
            code(0, 5)                             // distance 1
        }
        code(0, 7)                                 // end of block
        if count > 0 { put(0, 8 - count) }
        return out + PNGChunks.be32(1)                       // Adler-32 not checked: inflation stops first
    }

    /// iCCP, zTXt and iTXt are skipped unread, so a zlib bomb in one is never inflated: no
    /// warning about its size (libpng would inflate 8 MB of it and then warn) and no time spent.
    @Test(arguments: ["iCCP", "zTXt", "iTXt"])
    func compressedAncillaryChunksAreNotInflated(_ type: String) throws {
        let header: [UInt8] = type == "iTXt" ? Array("Comment".utf8) + [0, 1, 0, 0, 0] : Array("name".utf8) + [0, 0]
        let bytes = Self.onePixelPNG(PNGChunks.chunk(type, header + Self.zlibBomb(megabytes: 64)))
        let clock = ContinuousClock()
        let start = clock.now
        let decoded = try ImageDecoder().decode(bytes)
        #expect(clock.now - start < .seconds(2))
        #expect(decoded.image.pixels == [128, 128, 128, 255])
        #expect(decoded.warnings == [])
    }

    /// SR_PNG_MAX_CHUNK_BYTES: an ancillary chunk over 8 MB is reported and skipped.
    @Test func oversizedAncillaryChunkIsSkippedWithAWarning() throws {
        let bytes = Self.onePixelPNG(PNGChunks.chunk("biGg", [UInt8](repeating: 7, count: 8_000_001)))
        let decoded = try ImageDecoder().decode(bytes)
        #expect(decoded.image.pixels == [128, 128, 128, 255])
        #expect(decoded.warnings.contains { $0.contains("too large") || $0.contains("memory") }, "\(decoded.warnings)")
    }

    /// SR_PNG_MAX_WARNINGS: 10001 empty ancillary chunks with bad CRCs (12 bytes each).
    @Test func warningFloodIsRefused() {
        let flood = (0..<10_001).flatMap { _ in PNGChunks.chunk("flOd", [], validCRC: false) }
        let bytes = Self.onePixelPNG(flood)
        Self.expectRefusal("too much corrupt data (over 10000 warnings)") { () throws(ImageCodecError) in
            _ = try ImageDecoder().decode(bytes)
        }
    }
}
