/// Numbers, byte sizes and names as messages, reports and summaries show them: one spelling of
/// each, so that a size reads the same in an error, a summary and a report.
public enum TextFormat {
    /// `60`, `59.94`, `0.25`: a whole number without a decimal point, any other value in the
    /// shortest form that reads back to it.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `value` rounded to `places` decimals, then written as ``number(_:)`` writes it (`3.14`).
    public static func number(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<max(0, places) { scale *= 10 }
        return number((value * scale).rounded() / scale)
    }

    /// `512 bytes`, `830 KB`, `4.2 MB`, `1.3 GB`: powers of 1000, as storage and upload limits
    /// (GitHub's 10 MB) and `--max-size` and `--max-memory` read them.
    public static func bytes(_ count: Int) -> String {
        let value = Double(count)
        switch count {
        case ..<1_000: return count == 1 ? "1 byte" : "\(count) bytes"
        case ..<1_000_000: return "\(short(value / 1e3)) KB"
        case ..<1_000_000_000: return "\(short(value / 1e6)) MB"
        default: return "\(short(value / 1e9)) GB"
        }
    }

    /// Three significant digits at most, no trailing `.0`: `4.2`, `830`, `12.5`.
    private static func short(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : number(value, places: 1)
    }

    /// A name or text as it can be shown on one line: control characters escaped (`two\u{a}lines`).
    public static func printable(_ text: String) -> String {
        text.unicodeScalars.map { escaped($0) ?? String($0) }.joined()
    }

    /// Lines of text as they can be shown: each line's control characters escaped, the line breaks
    /// between them kept. What reaches a terminal or a CI log from names in inputs cannot move the
    /// cursor, recolour, erase or forge a line.
    public static func printableLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }.joined(separator: "\n")
    }

    /// How a control character is shown (`\u{a}`); `nil` for any other character. Control
    /// characters are C0 and DEL, C1 (0x80–0x9F: a terminal reads 0x9B as an escape sequence),
    /// the line and paragraph separators, and the bidirectional overrides that reorder a line.
    public static func escaped(_ scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        let control = value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        return control ? "\\u{\(String(value, radix: 16))}" : nil
    }

    /// A term a message names — a setting, a run option — marked so that each reader words it
    /// its own way: a library caller sees the term, the command line its option (``naming(_:_:)``).
    public static func term(_ name: String) -> String {
        "\u{1}\(name)\u{1}"
    }

    /// `text` with each marked term worded by `word`.
    public static func naming(_ text: String, _ word: (String) -> String) -> String {
        text.split(separator: "\u{1}", omittingEmptySubsequences: false).enumerated()
            .map { index, part in index % 2 == 1 ? word(String(part)) : String(part) }.joined()
    }
}
