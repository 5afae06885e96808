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
    /// Copies 56 bits a step, shifted to where this stream stands: a row, or any stretch of one,
    /// coded once joins many streams at any bit.
    mutating func append(bits source: UnsafeRawPointer, from start: Int = 0, count: Int) {
        let shift = UInt64(start & 7), mask: UInt64 = 1 &<< 56 &- 1
        var remaining = count, offset = start &>> 3
        while remaining >= 56 {
            let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &>> shift
            write(word & mask, count: 56)
            flush()
            remaining &-= 56
            offset &+= 7
        }
        guard remaining > 0 else { return }
        let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &>> shift
        write(word & (1 &<< UInt64(remaining) &- 1), count: remaining)
        flush()
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
