/// Builds PNG files of any colour type, bit depth and interlacing from a sample function, with
/// stored (uncompressed) deflate blocks: fixtures for region decoding that need no encoder.
struct TestPNGBuilder {
    var width: Int
    var height: Int
    /// PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    var colorType: Int
    var bitDepth: Int
    var interlaced: Bool
    /// An eXIf payload (a TIFF block), or none.
    var exif: [UInt8]? = nil

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }

    /// Sample `channel` of pixel (x, y): detail that differs between neighbours, reduced to the bit depth.
    func sample(_ x: Int, _ y: Int, _ channel: Int) -> Int {
        let value = ((x * 37 + y * 91 + channel * 53 + (x * y) % 17 * 29) &* 40503) >> 5
        return value & ((1 << bitDepth) - 1)
    }

    /// The file's bytes.
    func build() -> [UInt8] {
        var chunks = PNGChunks.signature
        chunks += PNGChunks.chunk("IHDR", PNGChunks.be32(width) + PNGChunks.be32(height)
            + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0])
        if colorType == 3 {
            let entries = 1 << bitDepth
            let palette: [UInt8] = (0..<entries).flatMap { (index: Int) -> [UInt8] in
                [UInt8(index * 7 & 255), UInt8(255 - index), UInt8(index * 31 & 255)]
            }
            chunks += PNGChunks.chunk("PLTE", palette)
            chunks += PNGChunks.chunk("tRNS", (0..<min(entries, 5)).map { UInt8($0 * 60) })
        }
        if let exif { chunks += PNGChunks.chunk("eXIf", exif) }
        chunks += PNGChunks.chunk("IDAT", Self.zlibStored(scanlines()))
        return chunks + PNGChunks.chunk("IEND", [])
    }

    /// Adam7's passes: first column, column step, first row, row step.
    static let passes = [(0, 8, 0, 8), (4, 8, 0, 8), (0, 4, 4, 8), (2, 4, 0, 4), (0, 2, 2, 4), (1, 2, 0, 2), (0, 1, 1, 2)]

    /// Filter byte 0 and packed samples for each row of each pass (one pass when not interlaced).
    func scanlines() -> [UInt8] {
        let passes = interlaced ? Self.passes : [(0, 1, 0, 1)]
        var bytes: [UInt8] = []
        for (x0, dx, y0, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx))
            guard !xs.isEmpty else { continue }
            for y in stride(from: y0, to: height, by: dy) {
                bytes.append(0)
                bytes += packedRow(xs, y)
            }
        }
        return bytes
    }

    private func packedRow(_ xs: [Int], _ y: Int) -> [UInt8] {
        var row: [UInt8] = []
        var accumulator = 0, bits = 0
        for x in xs {
            for channel in 0..<channels {
                let value = sample(x, y, channel)
                if bitDepth == 16 {
                    row += [UInt8(value >> 8), UInt8(value & 255)]
                } else {
                    accumulator = accumulator << bitDepth | value
                    bits += bitDepth
                    if bits == 8 { row.append(UInt8(accumulator)); accumulator = 0; bits = 0 }
                }
            }
        }
        if bits > 0 { row.append(UInt8(accumulator << (8 - bits) & 255)) }
        return row
    }

    /// A zlib stream of stored blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out += [final, UInt8(length & 255), UInt8(length >> 8), UInt8(~length & 255), UInt8(~length >> 8 & 255)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        return out + PNGChunks.be32(Int(PNGChunks.adler32(data)))
    }
}
