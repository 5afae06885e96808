/// A PNG file split into its chunks, with each chunk's stored CRC checked against one computed
/// here, independently of zlib: a structural check that does not trust the encoder's framing.
/// Also builds chunks, for tests that hand-make hostile or absurd files.
struct PNGChunks {
    struct Chunk {
        var type: String
        var data: [UInt8]
        var crcMatches: Bool
    }

    enum Failure: Error, Equatable {
        case badSignature
        case truncated(at: Int)
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var chunks: [Chunk] = []

    init(_ bytes: [UInt8]) throws(Failure) {
        guard bytes.starts(with: Self.signature) else { throw .badSignature }
        var offset = Self.signature.count
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else { throw .truncated(at: offset) }
            let length = Int(Self.uint32(bytes, at: offset))
            guard bytes.count - offset - 12 >= length else { throw .truncated(at: offset) }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let stored = Self.uint32(bytes, at: offset + 8 + length)
            chunks.append(Chunk(type: String(decoding: typeAndData.prefix(4), as: UTF8.self),
                                data: Array(typeAndData.dropFirst(4)),
                                crcMatches: Self.crc32(typeAndData) == stored))
            offset += 12 + length
        }
    }

    /// A chunk: length, type, data and CRC (deliberately wrong when `validCRC` is false).
    static func chunk(_ type: String, _ data: [UInt8], validCRC: Bool = true) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body) ^ (validCRC ? 0 : 1)))
    }

    /// Four bytes, most significant first, as PNG stores every integer.
    static func be32(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// CRC-32 as PNG defines it (ISO 3309, reflected polynomial 0xEDB88320), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32 (RFC 1950), byte by byte.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
