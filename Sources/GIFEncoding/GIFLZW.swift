/// GIF's variable-length LZW, in the sub-blocks a GIF image holds. Each frame's codes are made on
/// its own, so frames of a batch are coded on all cores and written in order (giflib codes only
/// while it writes the one file, a frame at a time).
enum GIFLZW {
    /// `indices` coded with `minimumCodeSize` bits a symbol (8 for 256 colours): the code size
    /// byte, the data in sub-blocks of at most 255 bytes, and the empty block that ends them.
    static func encode(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int = 8) -> [UInt8] {
        var output: [UInt8] = [UInt8(minimumCodeSize)]
        var packed: [UInt8] = []
        packed.reserveCapacity(indices.count / 2 + 64)
        var bits: UInt32 = 0, bitCount = 0
        func put(_ code: Int, _ width: Int) {
            bits |= UInt32(code) << UInt32(bitCount)
            bitCount += width
            while bitCount >= 8 {
                packed.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                bitCount -= 8
            }
        }
        let clear = 1 << minimumCodeSize, end = clear + 1
        var table = CodeTable()
        var next = end + 1, width = minimumCodeSize + 1
        put(clear, width)
        if var prefix = indices.first.map(Int.init) {
            for symbol in indices.dropFirst() {
                if let code = table.code(prefix: prefix, symbol: symbol) {
                    prefix = code
                    continue
                }
                put(prefix, width)
                if next < 4096 {
                    table.insert(prefix: prefix, symbol: symbol, code: next)
                    if next == 1 << width { width += 1 }
                    next += 1
                } else {
                    // The table is full: start again, as decoders expect after a clear code.
                    put(clear, width)
                    table.reset()
                    (next, width) = (end + 1, minimumCodeSize + 1)
                }
                prefix = Int(symbol)
            }
            put(prefix, width)
        }
        put(end, width)
        if bitCount > 0 { packed.append(UInt8(truncatingIfNeeded: bits)) }
        var offset = 0
        while offset < packed.count {
            let count = min(255, packed.count - offset)
            output.append(UInt8(count))
            output += packed[offset..<(offset + count)]
            offset += count
        }
        output.append(0)
        return output
    }

    /// The codes made so far, by (prefix code, next symbol): open addressing over a table much
    /// larger than the 4096 codes, cleared in constant time by a generation stamp.
    private struct CodeTable {
        static let size = 1 << 14
        private var keys = [Int32](repeating: 0, count: size)
        private var codes = [Int16](repeating: 0, count: size)
        private var stamps = [UInt16](repeating: 0, count: size)
        private var generation: UInt16 = 1

        private static func slot(_ key: Int32) -> Int {
            Int(UInt32(bitPattern: key) &* 2_654_435_761 >> 18) & (size - 1)
        }

        func code(prefix: Int, symbol: UInt8) -> Int? {
            let key = Int32(prefix << 8 | Int(symbol))
            var slot = Self.slot(key)
            while stamps[slot] == generation {
                if keys[slot] == key { return Int(codes[slot]) }
                slot = (slot + 1) & (Self.size - 1)
            }
            return nil
        }

        mutating func insert(prefix: Int, symbol: UInt8, code: Int) {
            let key = Int32(prefix << 8 | Int(symbol))
            var slot = Self.slot(key)
            while stamps[slot] == generation { slot = (slot + 1) & (Self.size - 1) }
            (keys[slot], codes[slot], stamps[slot]) = (key, Int16(code), generation)
        }

        mutating func reset() {
            generation &+= 1
            if generation == 0 {
                stamps = [UInt16](repeating: 0, count: Self.size)
                generation = 1
            }
        }
    }
}
