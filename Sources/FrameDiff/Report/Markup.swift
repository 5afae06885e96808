import TextFormat

/// Text put into HTML or XML: markup characters escaped, and the control characters XML 1.0
/// cannot hold at all (which a file name may contain) shown as `\u{…}`.
package enum Markup {
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
