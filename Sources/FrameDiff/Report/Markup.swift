import TextFormat

/// Text put into HTML or XML: markup characters escaped, and the control characters XML 1.0
/// cannot hold at all (which a file name may contain) shown as `\u{…}`. HTML text, an attribute's
/// value and a URL are three contexts: a name that becomes a link is percent-encoded first
/// (``linkPath(_:)``), so that no name can be read as a scheme (`javascript:`) or leave its folder.
package enum Markup {
    /// A relative link to `components` (checked names of folders and files), each percent-encoded
    /// but for RFC 3986's unreserved characters, ready to go into an attribute.
    package static func linkPath(_ components: [String]) -> String {
        components.map { component in
            component.utf8.map { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    String(UnicodeScalar(byte))
                default:
                    "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }.joined()
        }.joined(separator: "/")
    }

    /// An attribute's value, or any text that must stay on one line (a name from an input):
    /// line breaks and tabs shown escaped too.
    package static func escapeLine(_ text: String) -> String {
        escape(TextFormat.printable(text))
    }

    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            // XML 1.0 cannot hold these two either.
            case "\u{FFFE}", "\u{FFFF}": out += "\\u{\(String(scalar.value, radix: 16))}"
            default: if let escaped = TextFormat.escaped(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
