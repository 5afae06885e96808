@testable import ImageCodecs
import Testing
import _CodecShims

/// The pieces of the fast encoder's deflate coding, checked against RFC 1950/1951 directly.
@Suite struct DeflateCodingTests {
    /// Kraft sum of the lengths, in units of 2^-15; 32768 means a complete code.
    static func kraftSum(_ lengths: [UInt8]) -> Int {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (15 - Int($1))) }
    }

    @Test(arguments: [7, 12, 15])
    func skewedFrequenciesGiveCompleteLimitedCodes(limit: Int) {
        // Given Fibonacci frequencies, which make an unlimited Huffman code as deep as possible
        var fibonacci = [1, 1]
        while fibonacci.count < 19 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let code = HuffmanCode(frequencies: fibonacci, maximumLength: limit)
        // Then no code is longer than the limit and the code is complete
        let withinLimit = code.lengths.allSatisfy { $0 >= 1 && $0 <= limit }
        #expect(withinLimit)
        #expect(Self.kraftSum(code.lengths) == 32768)
    }

    @Test func literalCodeIsCompleteAndPrefixFree() {
        var frequencies = (0..<286).map { symbol in symbol < 256 ? 1 + 100_000 / (1 + min(symbol, 256 - symbol)) : 1 }
        frequencies[256] = 1
        let code = HuffmanCode(frequencies: frequencies, maximumLength: 12)
        let withinLimit = code.lengths.allSatisfy { $0 >= 1 && $0 <= 12 }
        #expect(withinLimit)
        #expect(Self.kraftSum(code.lengths) == 32768)
        // No code is a prefix of another (codes are stored bit-reversed: compare low bits).
        let symbols = code.lengths.indices
        for a in symbols {
            for b in symbols where a != b && code.lengths[a] <= code.lengths[b] {
                let mask = UInt16((1 << Int(code.lengths[a])) - 1)
                #expect(code.codes[b] & mask != code.codes[a], "code \(a) is a prefix of \(b)")
            }
        }
        // More frequent symbols never get longer codes.
        #expect(code.lengths[0] <= code.lengths[128])
    }

    @Test func unusedSymbolsGetNoCode() {
        let code = HuffmanCode(frequencies: [0, 5, 0, 3, 0], maximumLength: 7)
        #expect(code.lengths == [0, 1, 0, 1, 0])
    }

    @Test func lengthSymbolsFollowRFC1951() {
        // The table of RFC 1951 §3.2.5: base length and extra bits of codes 257–285.
        let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
                     163, 195, 227, 258]
        let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        for length in 3...258 {
            let index = bases.lastIndex { $0 <= length }!
            let (symbol, extraBits, extraCount) = RunLengthDeflater.lengthSymbol(for: length)
            #expect(symbol == 257 + index && extraCount == extras[index] && extraBits == length - bases[index],
                    "length \(length)")
        }
    }

    @Test(arguments: [8, 9, 10, 11, 258, 259, 260, 261, 262, 517, 3510, 100_000])
    func runsSplitIntoValidMatches(length: Int) {
        var matches: [Int] = [], literals = 0
        RunLengthDeflater.forEachMatch(inRunOf: length) { matches.append($0) } literal: { literals += 1 }
        #expect(1 + matches.reduce(0, +) + literals == length)
        let allValid = matches.allSatisfy { (3...258).contains($0) }
        #expect(allValid)
        #expect(literals <= 2)
    }

    @Test(arguments: [0, 1, 15, 16, 17, 5551, 5552, 5553, 100_003])
    func adler32MatchesReference(count: Int) {
        var state: UInt32 = 7
        let bytes = (0..<count).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return count % 2 == 0 ? 255 : UInt8(truncatingIfNeeded: state >> 16)  // all-255 is the worst case for overflow
        }
        var adler = Adler32()
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // In two uneven parts, as rows arrive.
            let split = count / 3
            adler.update(base, count: split)
            adler.update(base + split, count: count - split)
        }
        #expect(adler.value == PNGChunks.adler32(bytes))
    }

    /// The folding CRC (from 256 bytes on x86-64 with carry-less multiply) against a bytewise reference,
    /// from odd addresses, and continued across a split as chunks are written.
    @Test(arguments: [0, 1, 15, 255, 256, 257, 319, 320, 1000, 4103, 100_003])
    func crc32MatchesReference(count: Int) {
        var state: UInt32 = 11
        let bytes = (0..<count + 1).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let body = Array(bytes.dropFirst())
        let whole = body.withUnsafeBufferPointer { sr_crc32(0, $0.baseAddress, count) }
        let split = count * 2 / 3
        let continued = bytes.withUnsafeBufferPointer { buffer in
            sr_crc32(sr_crc32(0, buffer.baseAddress! + 1, split), buffer.baseAddress! + 1 + split, count - split)
        }
        #expect(whole == PNGChunks.crc32(body))
        #expect(continued == PNGChunks.crc32(body))
    }

    @Test func adlerBlocksAppendAsTheirBytesWould() {
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
        var direct = Adler32(), joined = Adler32()
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            direct.update(base, count: 100)
            direct.update(base + 100, count: bytes.count - 100)
            joined.update(base, count: 100)
            // A block summed on its own, appended after 100 bytes: as if its bytes had followed them.
            joined.append(Adler32.Block(base + 100, count: bytes.count - 100))
        }
        #expect(joined.value == direct.value)
        #expect(direct.value == PNGChunks.adler32(bytes))
    }

    /// Bits copied from any bit of a coded stretch to a stream standing at any bit: the stream's
    /// bits are the ones before, then exactly the copied ones, whatever the length (word copies
    /// with and without a shift, and the bits after the last whole word).
    @Test(arguments: [0, 1, 3, 7])
    func appendedBitsLandWhereTheStreamStands(pending: Int) {
        var state: UInt32 = 5
        let source = (0..<80).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        func bit(_ bytes: [UInt8], _ index: Int) -> UInt8 { bytes[index >> 3] >> UInt8(index & 7) & 1 }
        for start in 0..<17 {
            for count in [0, 1, 55, 56, 57, 63, 64, 65, 120, 121, 127, 128, 129, 191, 192, 193, 250, 400 - start] {
                var output = [UInt8](repeating: 0xAA, count: 96)
                let written = output.withUnsafeMutableBufferPointer { out in
                    var writer = BitWriter(start: out.baseAddress!)
                    writer.write(0b101 & (1 << UInt64(pending) - 1), count: pending)
                    source.withUnsafeBytes { writer.append(bits: $0.baseAddress!, from: start, count: count) }
                    return writer.finish() - out.baseAddress!
                }
                let expected = (0..<pending).map { UInt8(0b101 >> $0 & 1) } + (0..<count).map { bit(source, start + $0) }
                let got = (0..<(pending + count)).map { bit(output, $0) }
                #expect(got == expected, "start \(start), count \(count)")
                #expect(written == (pending + count + 7) / 8)
            }
        }
    }
}
