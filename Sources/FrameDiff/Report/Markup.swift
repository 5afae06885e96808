/// Text put into HTML or XML: markup characters escaped, and the control characters XML 1.0
/// cannot hold at all (which a file name may contain) shown as `\u{…}`.
enum Markup {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || v == 0x7F || v == 0xFFFE || v == 0xFFFF { out += "\\u{\(String(v, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
