extension RowFilter {
    /// The Up filter of an RGBA row against the RGBA row above (`nil` for the first row), written
    /// in the file's layout (alpha dropped for 3 bytes a pixel), in one pass with no packed copies.
    ///
    /// Up subtracts byte from byte, so packing the difference gives the difference of the packed
    /// rows: 16 bytes (4 pixels) are subtracted at once and packed as two words of 2 pixels, with
    /// the shifts and masks of ``RowPipeline``'s packing, each 6 bytes stored as 8 that the next overlaps.
    /// `output` needs 2 bytes of slack past the row for 3-byte pixels.
    static func upPacking(_ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, width: Int,
                          bytesPerPixel: Int, into output: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(row), to = UnsafeMutableRawPointer(output)
        let up = above.map(UnsafeRawPointer.init)
        var x = 0
        while x &+ 4 <= width {
            var difference = from.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt8>.self)
            if let up { difference &-= up.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt8>.self) }
            if bytesPerPixel == 4 {
                to.storeBytes(of: difference, toByteOffset: x &* 4, as: SIMD16<UInt8>.self)
            } else {
                let words = unsafeBitCast(difference, to: SIMD2<UInt64>.self)
                to.storeBytes(of: packed(words[0]).littleEndian, toByteOffset: x &* 3, as: UInt64.self)
                to.storeBytes(of: packed(words[1]).littleEndian, toByteOffset: x &* 3 &+ 6, as: UInt64.self)
            }
            x &+= 4
        }
        while x < width {
            for channel in 0..<bytesPerPixel {
                let index = x &* 4 &+ channel
                output[x &* bytesPerPixel &+ channel] = row[index] &- (above?[index] ?? 0)
            }
            x &+= 1
        }
    }

    /// Two RGBA pixels of a little-endian word as 6 RGB bytes in its low bits.
    @inline(__always)
    private static func packed(_ word: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: word)
        return word & 0xFF_FFFF | (word &>> 8) & 0xFFFF_FF00_0000
    }
}
