import Synchronization

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

    /// The codes made so far, by (prefix code, next symbol): a direct table of 4096 × 256 slots,
    /// no hashing, each slot its code and the generation that wrote it, so that a lookup is one
    /// load (the table is 4 MB: a miss costs more than the rest of a symbol's work). Cleared in
    /// constant time by a new generation (a frame's code stream resets it every 3,838 codes), and
    /// kept for the next frame a thread codes rather than allocated and zeroed for each.
    private struct CodeTable: ~Copyable {
        private let storage: Storage
        private var generation: UInt32

        init() {
            storage = Storage.pool.withLock { $0.popLast() } ?? Storage()
            generation = storage.generation &+ 1
            if generation > 0xFFFF { storage.zero(); generation = 1 }
        }

        deinit {
            storage.generation = generation
            let storage = storage
            Storage.pool.withLock { $0.append(storage) }
        }

        @inline(__always)
        func code(prefix: Int, symbol: UInt8) -> Int? {
            let value = storage.slots[prefix << 8 | Int(symbol)]
            return value >> 16 == generation ? Int(value & 0xFFFF) : nil
        }

        @inline(__always)
        mutating func insert(prefix: Int, symbol: UInt8, code: Int) {
            storage.slots[prefix << 8 | Int(symbol)] = generation << 16 | UInt32(code)
        }

        mutating func reset() {
            generation += 1
            if generation > 0xFFFF {
                storage.zero()
                generation = 1
            }
        }

        /// A table's memory and the last generation written in it, handed from frame to frame.
        private final class Storage: @unchecked Sendable {
            static let size = 4096 * 256
            /// Tables no frame is coding with: at most one a core at once.
            static let pool = Mutex<[Storage]>([])
            let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
            var generation: UInt32 = 0

            init() { zero() }
            deinit { slots.deallocate() }

            func zero() { slots.initialize(repeating: 0, count: Self.size) }
        }
    }
}
