/// The Adler-32 checksum that ends a zlib stream (RFC 1950 §8.2), summed 16 bytes at a time in
/// vector lanes; zlib's scalar `adler32_z` costs as much as the Huffman coding of a frame.
struct Adler32 {
    /// The checksum of the bytes so far (1 for none).
    private(set) var value: UInt32 = 1

    static let modulus: UInt64 = 65521
    /// 16-byte chunks summed before the lanes are folded and reduced; keeps every lane below 2³².
    private static let chunksPerBlock = 340

    init() {}

    /// What a run of bytes adds to any checksum: summed once, appended to many streams.
    struct Block: Sendable {
        /// The bytes' sum and their sum weighted by how many bytes follow each (itself included), both mod 65521.
        let sum: UInt32
        let weightedSum: UInt32
        let count: Int

        init(_ bytes: UnsafePointer<UInt8>, count: Int) {
            // Summed from zero, the two halves are exactly these sums.
            var sums = Adler32()
            sums.value = 0
            sums.update(bytes, count: count)
            sum = sums.value & 0xFFFF
            weightedSum = sums.value >> 16
            self.count = count
        }

        /// The block of a row's bytes from index `start` to `end`, from the row's prefix sums
        /// there: each byte weighted by the bytes from it to the end, Σ (end − i) × byte, is
        /// end × Σ byte − Σ i × byte.
        init(from start: (sums: PrefixSums, index: Int), to end: (sums: PrefixSums, index: Int)) {
            let m = Adler32.modulus
            let sum = (UInt64(end.sums.sum) + m - UInt64(start.sums.sum)) % m
            let indexed = (UInt64(end.sums.indexedSum) + m - UInt64(start.sums.indexedSum)) % m
            self.sum = UInt32(sum)
            weightedSum = UInt32((UInt64(end.index) % m * sum + m - indexed) % m)
            count = end.index - start.index
        }
    }

    /// The checksum of the bytes so far followed by `block`'s bytes: each byte adds to the first
    /// sum once and to the second once for every byte from it to the end.
    mutating func append(_ block: Block) {
        let s1 = UInt64(value & 0xFFFF), s2 = UInt64(value >> 16)
        let newS1 = (s1 + UInt64(block.sum)) % Self.modulus
        let newS2 = (s2 + UInt64(block.count) % Self.modulus * s1 + UInt64(block.weightedSum)) % Self.modulus
        value = UInt32(newS2) << 16 | UInt32(newS1)
    }

    mutating func update(_ bytes: UnsafePointer<UInt8>, count: Int) {
        var s1 = UInt64(value & 0xFFFF), s2 = UInt64(value >> 16)
        var index = 0
        while count - index >= 16 {
            let chunks = min((count - index) / 16, Self.chunksPerBlock)
            // Lane i of `sums` adds up byte i of each chunk; `prefixes` adds up `sums` as it
            // stood before each chunk, which weights every byte by the chunks that follow it.
            var sums = SIMD16<UInt32>(repeating: 0), prefixes = SIMD16<UInt32>(repeating: 0)
            let start = UnsafeRawPointer(bytes + index)
            for chunk in 0..<chunks {
                prefixes &+= sums
                sums &+= SIMD16<UInt32>(truncatingIfNeeded: start.loadUnaligned(fromByteOffset: chunk &* 16,
                                                                                as: SIMD16<UInt8>.self))
            }
            let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
            s2 += UInt64(chunks * 16) * s1 + 16 * UInt64(prefixes.wrappedSum()) + UInt64((sums &* weights).wrappedSum())
            s1 += UInt64(sums.wrappedSum())
            s1 %= Self.modulus
            s2 %= Self.modulus
            index += chunks * 16
        }
        while index < count {
            s1 += UInt64(bytes[index])
            s2 += s1
            index += 1
        }
        value = UInt32(s2 % Self.modulus) << 16 | UInt32(s1 % Self.modulus)
    }
}
