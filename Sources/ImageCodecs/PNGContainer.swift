import _CodecShims

/// A PNG file's chunks, walked with every length bounds-checked and every CRC verified: the one
/// piece of scrollrender's own code that frames PNG bytes (the data inside is libdeflate's and
/// libpng's to decode). The frame reader takes its layout from it, and `diff` trusts two
/// identical files without decoding them only when they are whole by it.
public struct PNGContainer: Sendable {
    public struct Chunk: Sendable {
        /// The four type letters as a big-endian number (`PNGContainer.type("IDAT")`).
        public var type: UInt32
        /// Where the chunk's data lies in the file.
        public var data: Range<Int>
    }

    public let chunks: [Chunk]

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks of `bytes`, or nil unless it is the signature and whole chunks to its last
    /// byte, every CRC right.
    public init?(_ bytes: [UInt8]) {
        guard let chunks = bytes.withUnsafeBufferPointer({ Self.walk($0) }) else { return nil }
        self.chunks = chunks
    }

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let chunks = Self.walk(bytes) else { return nil }
        self.chunks = chunks
    }

    /// Whether the file is a whole PNG: IHDR first, IEND last and empty, nothing after it.
    public var isWhole: Bool {
        chunks.first?.type == Self.type("IHDR") && chunks.last?.type == Self.type("IEND") && chunks.last?.data.isEmpty == true
    }

    private static func walk(_ bytes: UnsafeBufferPointer<UInt8>) -> [Chunk]? {
        guard bytes.count >= signature.count, bytes.prefix(signature.count).elementsEqual(signature) else { return nil }
        var chunks: [Chunk] = []
        var position = signature.count
        while position < bytes.count {
            guard bytes.count - position >= 12 else { return nil }
            let length = Int(bigEndian(bytes, at: position))
            guard length <= Int(Int32.max), bytes.count - position - 12 >= length else { return nil }
            let data = (position + 8)..<(position + 8 + length)
            let crc = sr_crc32(0, bytes.baseAddress! + position + 4, length + 4)
            guard crc == bigEndian(bytes, at: data.upperBound) else { return nil }
            chunks.append(Chunk(type: bigEndian(bytes, at: position + 4), data: data))
            position = data.upperBound + 4
        }
        return chunks
    }

    /// The big-endian number at `index` (a chunk's length, type or CRC, IHDR's width and height).
    public static func bigEndian(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
    }

    /// A chunk type's letters as the number ``Chunk/type`` holds.
    public static func type(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}
