import Foundation
import TextFormat

/// A file size as users write it: `10MB`, `500KB`, `2.5MiB`, `1G`, or a plain number of bytes.
/// `KB`/`MB`/`GB` are powers of 1000 (as GitHub states its limits), `KiB`/`MiB`/`GiB` of 1024.
public struct ByteCount: Sendable, Hashable, CustomStringConvertible {
    public let bytes: Int

    /// From 1 KB to 1 TB: smaller than any GIF, larger than any demo.
    public static let range = 1_000...1_000_000_000_000

    public init(bytes: Int) {
        self.bytes = bytes
    }

    public init(_ text: String) throws(ScrollRenderError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        let units: [String: Double] = ["": 1, "b": 1, "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9, "t": 1e12, "tb": 1e12,
                                       "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824]
        guard let value = Double(number), let multiplier = units[unit], value.isFinite,
              Double(Self.range.lowerBound) <= value * multiplier, value * multiplier <= Double(Self.range.upperBound) else {
            throw .invalidValue(InvalidOptionValue(.maximumSize, given: text,
                                                   allowed: .range(Double(Self.range.lowerBound)...Double(Self.range.upperBound))))
        }
        bytes = Int(value * multiplier)
    }

    /// `4.2 MB`, `830 KB`.
    public var description: String { TextFormat.bytes(bytes) }
}
