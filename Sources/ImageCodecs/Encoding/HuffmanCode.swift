/// A canonical Huffman code with a length limit, in the form deflate transmits (RFC 1951 §3.2.2).
///
/// Built from symbol frequencies: symbols with frequency 0 get no code. The code is complete
/// (Kraft sum exactly 1) whenever two or more symbols are used, as zlib's inflate requires of a
/// literal/length code. Ties are broken by symbol number, so equal frequencies give equal codes.
struct HuffmanCode {
    /// Each symbol's code length in bits; 0 for a symbol without a code.
    let lengths: [UInt8]
    /// Each symbol's code, bit-reversed so that it can be written least significant bit first.
    let codes: [UInt16]

    /// The optimal code for `frequencies` whose lengths do not exceed `maximumLength` (1…15).
    init(frequencies: [Int], maximumLength: Int) {
        self.init(lengths: Self.lengths(for: frequencies, maximumLength: maximumLength))
    }

    /// The canonical code for the given lengths (RFC 1951 §3.2.2: shorter codes first, then by symbol).
    init(lengths: [UInt8]) {
        var lengthCounts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { lengthCounts[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + lengthCounts[bits - 1]) << 1
            nextCode[bits] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = Self.reversed(UInt16(nextCode[Int(length)]), bits: Int(length))
            nextCode[Int(length)] += 1
        }
        (self.lengths, self.codes) = (lengths, codes)
    }

    /// Code lengths by the two-queue Huffman construction, then limited as libjpeg's
    /// `jpeg_gen_optimal_table` does, which keeps the code complete.
    static func lengths(for frequencies: [Int], maximumLength: Int) -> [UInt8] {
        precondition((1...15).contains(maximumLength), "deflate codes are 1 to 15 bits long")
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        // Symbols in use, least frequent first; the stable sort breaks ties by symbol number.
        let used = frequencies.indices.filter { frequencies[$0] > 0 }.sorted { frequencies[$0] < frequencies[$1] }
        precondition(used.count <= 1 << maximumLength, "too many symbols for \(maximumLength)-bit codes")
        guard used.count > 1 else {
            if let only = used.first { lengths[only] = 1 }
            return lengths
        }
        // Leaves are nodes 0..<n in ascending weight; internal nodes n..<2n-1 are made in
        // ascending weight too, so the two lightest are always at the front of one of the queues.
        let leafCount = used.count
        var weights = used.map { frequencies[$0] } + [Int](repeating: 0, count: leafCount - 1)
        var parents = [Int](repeating: 0, count: 2 * leafCount - 1)
        var nextLeaf = 0, nextInternal = leafCount, created = leafCount
        func takeLightest() -> Int {
            if nextLeaf < leafCount && (nextInternal == created || weights[nextLeaf] <= weights[nextInternal]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInternal += 1
            return nextInternal - 1
        }
        while created < 2 * leafCount - 1 {
            let first = takeLightest(), second = takeLightest()
            weights[created] = weights[first] + weights[second]
            parents[first] = created
            parents[second] = created
            created += 1
        }
        // Parents come after their children, so depths can be filled from the root down.
        var depths = [Int](repeating: 0, count: 2 * leafCount - 1)
        for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) { depths[node] = depths[parents[node]] + 1 }
        var lengthCounts = [Int](repeating: 0, count: leafCount + 1)
        for leaf in 0..<leafCount { lengthCounts[depths[leaf]] += 1 }
        // Move pairs of the deepest leaves up until none is longer than the limit.
        var length = lengthCounts.count - 1
        while length > maximumLength {
            while lengthCounts[length] > 0 {
                var shorter = length - 2
                while lengthCounts[shorter] == 0 { shorter -= 1 }
                lengthCounts[length] -= 2
                lengthCounts[length - 1] += 1
                lengthCounts[shorter + 1] += 2
                lengthCounts[shorter] -= 1
            }
            length -= 1
        }
        // The most frequent symbols take the shortest lengths.
        var leaf = leafCount - 1
        for bits in 1...min(maximumLength, lengthCounts.count - 1) {
            for _ in 0..<lengthCounts[bits] {
                lengths[used[leaf]] = UInt8(bits)
                leaf -= 1
            }
        }
        return lengths
    }

    static func reversed(_ code: UInt16, bits: Int) -> UInt16 {
        var result: UInt16 = 0
        for bit in 0..<bits where code & (1 << bit) != 0 { result |= 1 << (bits - 1 - bit) }
        return result
    }
}
