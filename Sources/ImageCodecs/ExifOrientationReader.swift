/// Reads the Orientation tag (0x0112) from an EXIF block, the TIFF structure JPEG's APP1 and
/// PNG's eXIf chunk both carry. Every offset is bounds-checked: the block comes from the file.
enum ExifOrientationReader {
    static let orientationTag: UInt16 = 0x0112

    /// The tag's value, or `nil` when the block is malformed or has no such tag in IFD0.
    static func orientation(in exif: [UInt8]) -> Int? {
        guard exif.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (exif[0], exif[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        let reader = Reader(bytes: exif, littleEndian: littleEndian)
        guard reader.uint16(at: 2) == 42, let ifd = reader.uint32(at: 4).map(Int.init),
              let count = reader.uint16(at: ifd) else { return nil }
        for entry in 0..<Int(count) {
            let offset = ifd + 2 + entry * 12
            guard let tag = reader.uint16(at: offset) else { return nil }
            if tag == orientationTag {
                // A SHORT is stored in the first two bytes of the entry's value field.
                return reader.uint16(at: offset + 8).map(Int.init)
            }
        }
        return nil
    }

    private struct Reader {
        let bytes: [UInt8]
        let littleEndian: Bool

        func uint16(at offset: Int) -> UInt16? {
            guard offset >= 0, offset + 2 <= bytes.count else { return nil }
            let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }

        func uint32(at offset: Int) -> UInt32? {
            guard let first = uint16(at: offset), let second = uint16(at: offset + 2) else { return nil }
            return littleEndian ? UInt32(first) | UInt32(second) << 16 : UInt32(first) << 16 | UInt32(second)
        }
    }
}
