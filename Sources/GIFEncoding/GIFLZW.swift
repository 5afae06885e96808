/// GIF's variable-length LZW, in the sub-blocks a GIF image holds. Each frame's codes are made on
/// its own, so frames of a batch are coded on all cores and written in order (giflib codes only
/// while it writes the one file, a frame at a time).
enum GIFLZW {
    /// `indices` coded with `minimumCodeSize` bits a symbol (8 for 256 colours): the code size
    /// byte, the data in sub-blocks of at most 255 bytes, and the empty block that ends them.
    static func encode(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int = 8) -> [UInt8] {
        // A code a symbol at most, a clear code every 3,838 codes, the first clear and the end:
        // 12 bits each at most.
        let bound = (indices.count + indices.count / 1024 + 4) * 12 / 8 + 16
        let packed = UnsafeMutableRawPointer.allocate(byteCount: bound, alignment: 8)
        defer { packed.deallocate() }
        var writer = CodeWriter(start: packed)
        let clear = 1 << minimumCodeSize, end = clear + 1
        var table = CodeTable()
        var next = end + 1, width = minimumCodeSize + 1
        writer.put(clear, width)
        if let first = indices.first, let base = indices.baseAddress {
            var prefix = Int(first)
            for position in 1..<indices.count {
                let symbol = base[position]
                let (code, slot) = table.find(prefix: prefix, symbol: symbol)
                if let code {
                    prefix = code
                    continue
                }
                writer.put(prefix, width)
                if next < 4096 {
                    table.insert(prefix: prefix, symbol: symbol, code: next, at: slot)
                    if next == 1 << width { width += 1 }
                    next += 1
                } else {
                    // The table is full: start again, as decoders expect after a clear code.
                    writer.put(clear, width)
                    table.reset()
                    (next, width) = (end + 1, minimumCodeSize + 1)
                }
                prefix = Int(symbol)
            }
            writer.put(prefix, width)
        }
        writer.put(end, width)
        let count = writer.finish()
        // The code size byte, the data in sub-blocks of at most 255 bytes, and the empty block.
        let blocks = (count + 254) / 255
        return [UInt8](unsafeUninitializedCapacity: 1 + count + blocks + 1) { output, initialized in
            output[0] = UInt8(minimumCodeSize)
            var at = 1, offset = 0
            while offset < count {
                let length = min(255, count - offset)
                output[at] = UInt8(length)
                UnsafeMutableRawPointer(output.baseAddress! + at + 1).copyMemory(from: packed + offset, byteCount: length)
                (at, offset) = (at + 1 + length, offset + length)
            }
            output[at] = 0
            initialized = at + 1
        }
    }

    /// Codes packed least significant bit first, in a register stored four bytes at a time.
    private struct CodeWriter {
        private let start: UnsafeMutableRawPointer
        private var position: UnsafeMutableRawPointer
        private var bits: UInt64 = 0
        private var count = 0

        init(start: UnsafeMutableRawPointer) { (self.start, position) = (start, start) }

        @inline(__always)
        mutating func put(_ code: Int, _ width: Int) {
            bits |= UInt64(code) &<< UInt64(count)
            count &+= width
            if count >= 32 {
                position.storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
                position += 4
                bits &>>= 32
                count &-= 32
            }
        }

        /// Stores the bits left (the last byte padded with zeros); returns how many bytes were written.
        mutating func finish() -> Int {
            while count > 0 {
                position.storeBytes(of: UInt8(truncatingIfNeeded: bits), as: UInt8.self)
                position += 1
                bits &>>= 8
                count -= min(8, count)
            }
            return position - start
        }
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
