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
                let (code, slot) = table.find(prefix: prefix, symbol: symbol)
                if let code {
                    prefix = code
                    continue
                }
                put(prefix, width)
                if next < 4096 {
                    table.insert(prefix: prefix, symbol: symbol, code: next, at: slot)
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

    /// The codes made so far, by (prefix code, next symbol): an open-addressed hash table of 8,192
    /// slots, each the key and its code in 32 bits (a key of 20 bits, a code of 12), so that the
    /// table (32 KB) stays in the nearest cache while a frame is coded; a direct table of 4096 ×
    /// 256 slots missed the cache on most symbols. At most 3,838 codes between resets: under half full.
    private struct CodeTable: ~Copyable {
        private let slots: UnsafeMutablePointer<UInt32>
        static let bits = 13
        static let mask = (1 << bits) - 1
        /// No key holds it: key 0xFFFFF (prefix 4095) with code 4095 would need code 4095 twice.
        static let empty = UInt32.max

        init() {
            slots = .allocate(capacity: 1 << Self.bits)
            slots.initialize(repeating: Self.empty, count: 1 << Self.bits)
        }

        deinit { slots.deallocate() }

        /// The code of (prefix, symbol) if it has one, and else the free slot where it would go.
        @inline(__always)
        func find(prefix: Int, symbol: UInt8) -> (code: Int?, slot: Int) {
            let key = UInt32(truncatingIfNeeded: prefix << 8 | Int(symbol))
            var slot = Int((key &* 2_654_435_769) >> UInt32(32 - Self.bits))
            while true {
                let entry = slots[slot]
                if entry == Self.empty { return (nil, slot) }
                if entry >> 12 == key { return (Int(entry & 0xFFF), slot) }
                slot = (slot + 1) & Self.mask
            }
        }

        /// Adds `code` for (prefix, symbol) at the free slot ``find(prefix:symbol:)`` gave.
        @inline(__always)
        mutating func insert(prefix: Int, symbol: UInt8, code: Int, at slot: Int) {
            slots[slot] = UInt32(truncatingIfNeeded: prefix << 8 | Int(symbol)) << 12 | UInt32(code)
        }

        mutating func reset() {
            slots.update(repeating: Self.empty, count: 1 << Self.bits)
        }
    }
}
