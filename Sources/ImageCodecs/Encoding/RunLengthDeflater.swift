/// A deflate encoder for filtered PNG rows that finds no matches but runs of zero bytes, in the
/// manner of fpnge: one dynamic-Huffman block whose code comes from a sample of the rows.
///
/// Filtered photographs have almost no repeats a general LZ77 search would find, so skipping the
/// search loses little size and most of the time. What remains is Huffman coding, done from a
/// table that holds the codes of two bytes at once, and runs of at least eight zero bytes (flat
/// areas) sent as a literal 0 followed by matches at distance 1.
///
/// Rows are tokenised the same way when counting and when encoding: the filter-type byte as a
/// literal, then the row 8 bytes at a time, a word of 8 zero bytes starting a run that extends
/// as far as the zeros go, and the last `count % 8` bytes (after the words) as literals.
struct RunLengthDeflater {
    /// The literal/length alphabet: bytes 0–255, end of block 256, lengths 257–285.
    static let literalLengthSymbolCount = 286
    static let endOfBlock = 256
    /// Codes at most this long make two literals fit in a 24-bit table entry.
    static let maximumCodeLength = 12

    /// Symbol counts of sampled rows, turned into a code by ``init(histogram:)``.
    struct Histogram {
        var counts = [Int](repeating: 0, count: RunLengthDeflater.literalLengthSymbolCount)
        /// Bytes counted, and how many of them ran in zero runs (sent as matches).
        var byteCount = 0
        var runByteCount = 0

        /// Adds `other`'s counts: a sample taken in parts.
        mutating func merge(_ other: Histogram) {
            for symbol in counts.indices { counts[symbol] += other.counts[symbol] }
            byteCount += other.byteCount
            runByteCount += other.runByteCount
        }

        /// Counts the symbols that ``RunLengthDeflater/encode(row:count:filterType:into:)`` would write.
        mutating func add(row: UnsafePointer<UInt8>, count: Int, filterType: UInt8) {
            byteCount += count
            counts.withUnsafeMutableBufferPointer { counts in
                counts[Int(filterType)] += 1
                RunLengthDeflater.tokenise(row: row, count: count) { literal in
                    counts[Int(literal)] += 1
                } run: { length in
                    runByteCount += length
                    counts[0] += 1
                    RunLengthDeflater.forEachMatch(inRunOf: length) { match in
                        counts[RunLengthDeflater.lengthSymbol(for: match).symbol] += 1
                    } literal: {
                        counts[0] += 1
                    }
                }
            }
        }
    }

    let literalLengthCode: HuffmanCode
    /// Entries of `bits | count << 24`: 65536 byte pairs (first byte low), then 256 single
    /// bytes, then lengths 0…258 of a match at distance 1 (length symbol, extra bits, distance code).
    private let table: [UInt32]
    private static let singleOffset = 65536
    private static let matchOffset = 65536 + 256

    /// A code fitted to `histogram`, with a code for every symbol so that any row can be encoded.
    init(histogram: Histogram) {
        // Every symbol stays encodable; sampled counts are scaled so that the +1 only matters for
        // symbols the sample never saw.
        let frequencies = histogram.counts.map { $0 * 16 + 1 }
        let code = HuffmanCode(frequencies: frequencies, maximumLength: Self.maximumCodeLength)
        literalLengthCode = code
        var table = [UInt32](repeating: 0, count: Self.matchOffset + 259)
        func entry(_ symbol: Int) -> UInt32 { UInt32(code.codes[symbol]) | UInt32(code.lengths[symbol]) << 24 }
        for second in 0..<256 {
            let high = entry(second)
            for first in 0..<256 {
                let low = entry(first)
                let lowCount = low >> 24
                table[second << 8 | first] = (low & 0xFFFF) | (high & 0xFFFF) << lowCount | (lowCount + high >> 24) << 24
            }
        }
        for byte in 0..<256 { table[Self.singleOffset + byte] = entry(byte) }
        for length in 3...258 {
            let (symbol, extraBits, extraCount) = Self.lengthSymbol(for: length)
            let symbolCount = UInt32(code.lengths[symbol])
            // The distance code is 1 bit long and 0 for distance 1 (code 0 of two 1-bit codes).
            let bits = UInt32(code.codes[symbol]) | UInt32(extraBits) << symbolCount
            table[Self.matchOffset + length] = bits | (symbolCount + UInt32(extraCount) + 1) << 24
        }
        self.table = table
    }

    /// The dynamic block's header (BFINAL set): the code lengths, themselves Huffman coded.
    func writeBlockHeader(into writer: inout BitWriter) {
        // Two 1-bit distance codes; only code 0 (distance 1) is used.
        let allLengths = literalLengthCode.lengths + [1, 1]
        var lengthFrequencies = [Int](repeating: 0, count: 19)
        for length in allLengths { lengthFrequencies[Int(length)] += 1 }
        // A code of one symbol is not complete; give it a partner so any inflater accepts it.
        if lengthFrequencies.filter({ $0 > 0 }).count < 2 { lengthFrequencies[lengthFrequencies[0] > 0 ? 1 : 0] = 1 }
        let lengthCode = HuffmanCode(frequencies: lengthFrequencies, maximumLength: 7)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var sentCount = order.count
        while sentCount > 4 && lengthCode.lengths[order[sentCount - 1]] == 0 { sentCount -= 1 }

        writer.write(1, count: 1)  // BFINAL
        writer.write(2, count: 2)  // BTYPE 10: dynamic Huffman codes
        writer.write(UInt64(literalLengthCode.lengths.count - 257), count: 5)
        writer.write(1, count: 5)  // HDIST: two distance codes
        writer.write(UInt64(sentCount - 4), count: 4)
        writer.flush()
        for index in 0..<sentCount {
            writer.write(UInt64(lengthCode.lengths[order[index]]), count: 3)
            writer.flush()
        }
        for length in allLengths {
            writer.write(UInt64(lengthCode.codes[Int(length)]), count: Int(lengthCode.lengths[Int(length)]))
            writer.flush()
        }
    }

    /// Writes one filtered row, preceded by its filter-type byte.
    func encode(row: UnsafePointer<UInt8>, count: Int, filterType: UInt8, into writer: inout BitWriter) {
        writeLiteral(filterType, into: &writer)
        encode(bytes: row, count: count, into: &writer)
    }

    /// Writes filtered bytes: a row, or a stretch of one.
    func encode(bytes row: UnsafePointer<UInt8>, count: Int, into writer: inout BitWriter) {
        table.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            let singles = table + Self.singleOffset, matches = table + Self.matchOffset
            var index = 0
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(row + index).loadUnaligned(as: UInt64.self))
                if word == 0 {
                    let end = Self.endOfZeros(row: row, from: index &+ 8, count: count)
                    writer.write(entry: singles[0])
                    writer.flush()
                    Self.forEachMatch(inRunOf: end &- index) { length in
                        writer.write(entry: matches[length])
                        writer.flush()
                    } literal: {
                        writer.write(entry: singles[0])
                        writer.flush()
                    }
                    index = end
                    continue
                }
                Self.writeLiterals(of: word, table: table, into: &writer)
                index &+= 8
            }
            while index < count {
                writer.write(entry: singles[Int(row[index])])
                writer.flush()
                index &+= 1
            }
        }
    }

    /// Writes `count` bytes as literals only, no runs, so that any window of them can be cut out;
    /// `offsets[i]` gets the bit at which byte `i × offsetSpacing` starts, counted from the first
    /// byte's, for `i` up to `count / offsetSpacing` (`count / offsetSpacing + 1` entries).
    func encodeLiterals(row: UnsafePointer<UInt8>, count: Int, into writer: inout BitWriter,
                        offsets: UnsafeMutablePointer<UInt32>) {
        table.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            var bits = 0, index = 0
            while index &+ 8 <= count {
                if index & (Self.offsetSpacing &- 1) == 0 { offsets[index / Self.offsetSpacing] = UInt32(truncatingIfNeeded: bits) }
                let word = UInt64(littleEndian: UnsafeRawPointer(row + index).loadUnaligned(as: UInt64.self))
                bits &+= Self.writeLiterals(of: word, table: table, into: &writer)
                index &+= 8
            }
            // The bytes after the whole words, one at a time, and the row's end when it falls on an offset.
            while index < count {
                if index & (Self.offsetSpacing &- 1) == 0 { offsets[index / Self.offsetSpacing] = UInt32(truncatingIfNeeded: bits) }
                let entry = table[Self.singleOffset &+ Int(row[index])]
                writer.write(entry: entry)
                writer.flush()
                bits &+= Int(entry &>> 24)
                index &+= 1
            }
            if count & (Self.offsetSpacing &- 1) == 0 { offsets[count / Self.offsetSpacing] = UInt32(truncatingIfNeeded: bits) }
        }
    }

    /// Bytes between the bit offsets ``encodeLiterals(row:count:into:offsets:)`` records: a
    /// window's ends are found from the offset before them and the code lengths after it.
    static let offsetSpacing = 64

    /// The lengths in bits of the literals' codes, by byte.
    var literalLengths: ArraySlice<UInt8> { literalLengthCode.lengths[0..<256] }

    /// Writes `byte` as a literal.
    @inline(__always)
    func writeLiteral(_ byte: UInt8, into writer: inout BitWriter) {
        writer.write(UInt64(literalLengthCode.codes[Int(byte)]), count: Int(literalLengthCode.lengths[Int(byte)]))
        writer.flush()
    }

    /// Writes the end-of-block code.
    func writeEndOfBlock(into writer: inout BitWriter) {
        writer.write(UInt64(literalLengthCode.codes[Self.endOfBlock]),
                     count: Int(literalLengthCode.lengths[Self.endOfBlock]))
        writer.flush()
    }

    /// Writes the 8 bytes of `word` (first byte lowest) as literals from the pair table; returns
    /// how many bits that took. Two pairs are joined before touching the writer: one dependent
    /// update per 4 bytes.
    @inline(__always) @discardableResult
    private static func writeLiterals(of word: UInt64, table: UnsafePointer<UInt32>, into writer: inout BitWriter) -> Int {
        let first = table[Int(truncatingIfNeeded: word & 0xFFFF)]
        let second = table[Int(truncatingIfNeeded: (word &>> 16) & 0xFFFF)]
        let third = table[Int(truncatingIfNeeded: (word &>> 32) & 0xFFFF)]
        let fourth = table[Int(truncatingIfNeeded: word &>> 48)]
        let low = Int((first &>> 24) &+ (second &>> 24)), high = Int((third &>> 24) &+ (fourth &>> 24))
        writer.write(join(first, second), count: low)
        writer.flush()
        writer.write(join(third, fourth), count: high)
        writer.flush()
        return low &+ high
    }

    /// The bits of two table entries, the first's first.
    @inline(__always)
    private static func join(_ first: UInt32, _ second: UInt32) -> UInt64 {
        UInt64(first & 0xFF_FFFF) | UInt64(second & 0xFF_FFFF) &<< UInt64(first &>> 24)
    }

    // MARK: - Tokenising

    /// Calls `literal` for each byte sent as a literal and `run` for each run of zeros (≥ 8 bytes).
    @inline(__always)
    static func tokenise(row: UnsafePointer<UInt8>, count: Int, literal: (UInt8) -> Void, run: (Int) -> Void) {
        var index = 0
        while index &+ 8 <= count {
            let word = UnsafeRawPointer(row + index).loadUnaligned(as: UInt64.self)
            if word == 0 {
                let end = endOfZeros(row: row, from: index &+ 8, count: count)
                run(end &- index)
                index = end
                continue
            }
            for offset in 0..<8 { literal(row[index &+ offset]) }
            index &+= 8
        }
        while index < count {
            literal(row[index])
            index &+= 1
        }
    }

    /// The index of the first non-zero byte at or after `start`, or `count`. Within the row, the
    /// word that ends the run tells where by its trailing zeros: no loop over its bytes, whose
    /// exit the branch predictor could not guess.
    @inline(__always)
    static func endOfZeros(row: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var end = start
        while end &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(row + end).loadUnaligned(as: UInt64.self))
            if word != 0 { return end &+ word.trailingZeroBitCount &>> 3 }
            end &+= 8
        }
        while end < count && row[end] == 0 { end &+= 1 }
        return end
    }

    /// Splits the `length - 1` zeros after a run's first (literal) zero into matches of 3–258
    /// bytes at distance 1, and at most two literal zeros when fewer than 3 remain.
    @inline(__always)
    static func forEachMatch(inRunOf length: Int, match: (Int) -> Void, literal: () -> Void) {
        var remaining = length &- 1
        while remaining >= 3 {
            // Never leave 1 or 2 behind a full-length match: take 3 fewer instead.
            let length = remaining <= 258 ? remaining : (remaining &- 258 < 3 ? remaining &- 3 : 258)
            match(length)
            remaining &-= length
        }
        while remaining > 0 {
            literal()
            remaining &-= 1
        }
    }

    /// Deflate's length symbol for a match length of 3–258, with its extra bits (RFC 1951 §3.2.5).
    static func lengthSymbol(for length: Int) -> (symbol: Int, extraBits: Int, extraCount: Int) {
        if length == 258 { return (285, 0, 0) }
        if length < 11 { return (254 + length, 0, 0) }
        // Lengths 11–257 come in groups of four codes per extra bit: 11–18 (1 bit), 19–34 (2), …
        var extraCount = 1
        while length - 3 >= 8 << extraCount { extraCount += 1 }
        let groupStart = 3 + (4 << extraCount)
        let offset = length - groupStart
        let symbol = 265 + (extraCount - 1) * 4 + offset >> extraCount
        return (symbol, offset & ((1 << extraCount) - 1), extraCount)
    }
}
