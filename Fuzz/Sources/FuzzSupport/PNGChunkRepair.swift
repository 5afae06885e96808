/// Rewrites the CRC of every whole chunk in a PNG, so that mutated chunks reach libpng's parsers
/// instead of failing its CRC check (which would otherwise reject nearly every mutation).
public enum PNGChunkRepair {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `bytes` with the signature put in front when missing and every chunk's CRC made correct.
    public static func repaired(_ input: [UInt8]) -> [UInt8] {
        var bytes = input.starts(with: signature) ? input : signature + input
        var offset = signature.count
        while bytes.count - offset >= 12 {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 12 else { break }
            let crc = crc32(bytes[(offset + 4)..<(offset + 8 + length)])
            for i in 0..<4 { bytes[offset + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            offset += 12 + length
        }
        return bytes
    }

    private static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(0xFFFF_FFFF) { c, byte in table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    }
}
