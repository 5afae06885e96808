import Foundation

/// What an animated GIF's blocks say — its screen, its global colour table, its loop count and each
/// frame's delay — read by the tests of both layers from the files the exports made (a reader of
/// our own output for tests, not a decoder: it walks the blocks and reads no pixel).
public struct GIFBlocks: Sendable, Equatable {
    public var width = 0, height = 0
    /// Entries of the global colour table (0: none).
    public var tableEntries = 0
    /// The NETSCAPE extension's count; `nil` when the file has none (it plays once).
    public var loopCount: Int?
    /// Each frame's delay in hundredths of a second, in order.
    public var delays: [Int] = []

    public var frames: Int { delays.count }
    public var centiseconds: Int { delays.reduce(0, +) }

    /// A file that is not a whole GIF.
    public enum Malformed: Error, Equatable {
        case notAGIF, blockPastTheEnd, noTrailer
        case unknownBlock(UInt8, at: Int)
    }

    public init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 13, bytes.starts(with: Array("GIF89a".utf8)) else { throw Malformed.notAGIF }
        func le(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        width = le(6)
        height = le(8)
        tableEntries = bytes[10] & 0x80 != 0 ? 2 << Int(bytes[10] & 7) : 0
        var offset = 13 + 3 * tableEntries, delay = 0
        func skipSubBlocks() throws {
            while true {
                guard offset < bytes.count else { throw Malformed.blockPastTheEnd }
                let size = Int(bytes[offset])
                offset += 1 + size
                if size == 0 { return }
            }
        }
        while true {
            guard offset < bytes.count else { throw Malformed.noTrailer }
            switch bytes[offset] {
            case 0x3B:
                return
            case 0x21:
                if bytes[offset + 1] == 0xF9 { delay = le(offset + 4) }
                if bytes[offset + 1] == 0xFF, offset + 18 <= bytes.count,
                   String(decoding: bytes[(offset + 3)..<(offset + 14)], as: UTF8.self) == "NETSCAPE2.0" {
                    loopCount = le(offset + 16)
                }
                offset += 2
                try skipSubBlocks()
            case 0x2C:
                delays.append(delay)
                let table = bytes[offset + 9] & 0x80 != 0 ? 3 << (Int(bytes[offset + 9] & 7) + 1) : 0
                offset += 10 + table + 1
                try skipSubBlocks()
            default:
                throw Malformed.unknownBlock(bytes[offset], at: offset)
            }
        }
    }
}
