/// Writes bit fields least significant bit first, as deflate packs them, into memory the caller owns.
///
/// Bits collect in a 64-bit register that ``flush()`` stores whole with one unaligned 8-byte
/// write, so the destination needs 8 bytes of slack past the last byte written. Between flushes
/// the caller may write at most 56 bits (the register holds at most 7 after a flush).
struct BitWriter {
    /// Where the next whole byte goes.
    private(set) var position: UnsafeMutablePointer<UInt8>
    private var register: UInt64 = 0
    private var bitCount = 0

    init(start: UnsafeMutablePointer<UInt8>) {
        position = start
    }

    /// Appends the low `count` bits of `bits`; the bits above them must be 0.
    @inline(__always)
    mutating func write(_ bits: UInt64, count: Int) {
        register |= bits &<< UInt64(bitCount)
        bitCount &+= count
    }

    /// Appends a code table entry: the bits in its low 24 bits, their count in the high 8.
    @inline(__always)
    mutating func write(entry: UInt32) {
        write(UInt64(entry & 0xFF_FFFF), count: Int(entry &>> 24))
    }

    /// Stores the whole bytes collected so far.
    @inline(__always)
    mutating func flush() {
        UnsafeMutableRawPointer(position).storeBytes(of: register.littleEndian, as: UInt64.self)
        let bytes = bitCount &>> 3
        position += bytes
        register = register &>> UInt64(bytes &<< 3)
        bitCount &= 7
    }

    /// Appends `count` bits that an earlier writer left at `source`, from bit `start` on (least
    /// significant bit first); `source` must be readable 8 bytes past the byte of its last bit.
    /// A row, or any stretch of one, coded once joins many streams at any bit: the bits are
    /// stored 64 at a time, each word cut from two source words with the same shift, so that
    /// no word waits for the one before it.
    mutating func append(bits source: UnsafeRawPointer, from start: Int = 0, count: Int) {
        var start = start, remaining = count
        // Output word k holds the pending bits and then source bits from `start - bitCount + 64k` on.
        let words = (remaining &+ bitCount) &>> 6
        if words >= 2 {
            flush()
            let pending = UInt64(bitCount)
            let first = Self.word(source, bit: start) &<< pending | (register & (1 &<< pending &- 1))
            let output = UnsafeMutableRawPointer(position)
            output.storeBytes(of: first.littleEndian, as: UInt64.self)
            let next = start &- bitCount &+ 64
            let shift = UInt64(next & 7), input = source + (next &>> 3)
            if shift == 0 {
                output.advanced(by: 8).copyMemory(from: input, byteCount: (words &- 1) &* 8)
            } else {
                // All but the last word read the whole word after theirs; the last reads one byte of it.
                for k in 0..<(words &- 2) {
                    let low = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: k &* 8, as: UInt64.self))
                    let high = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: k &* 8 &+ 8, as: UInt64.self))
                    output.storeBytes(of: (low &>> shift | high &<< (64 &- shift)).littleEndian,
                                      toByteOffset: 8 &+ k &* 8, as: UInt64.self)
                }
                let last = Self.word(source, bit: next &+ (words &- 2) &* 64)
                output.storeBytes(of: last.littleEndian, toByteOffset: (words &- 1) &* 8, as: UInt64.self)
            }
            position += words &* 8
            let taken = words &* 64 &- bitCount
            start &+= taken
            remaining &-= taken
            register = 0
            bitCount = 0
        }
        while remaining >= 56 {
            write(Self.word(source, bit: start) & (1 &<< 56 &- 1), count: 56)
            flush()
            remaining &-= 56
            start &+= 56
        }
        guard remaining > 0 else { return }
        write(Self.word(source, bit: start) & (1 &<< UInt64(remaining) &- 1), count: remaining)
        flush()
    }

    /// The 64 bits of `source` from bit `bit` on; reads the 9 bytes from the one holding that bit.
    @inline(__always)
    private static func word(_ source: UnsafeRawPointer, bit: Int) -> UInt64 {
        let byte = bit &>> 3, shift = UInt64(bit & 7)
        let low = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: byte, as: UInt64.self)) &>> shift
        let high = UInt64(source.load(fromByteOffset: byte &+ 8, as: UInt8.self)) &<< (64 &- shift)
        return shift == 0 ? low : low | high
    }

    /// How many bits have been written since `start`, where this writer began.
    func bitsWritten(since start: UnsafeMutablePointer<UInt8>) -> Int {
        (position - start) &* 8 &+ bitCount
    }

    /// Pads with zero bits to a byte boundary and stores everything; returns the end of the data.
    mutating func finish() -> UnsafeMutablePointer<UInt8> {
        flush()
        if bitCount > 0 {
            position += 1
            register = 0
            bitCount = 0
        }
        return position
    }
}
