/// A word as a POSIX shell reads it back whole: left bare when it holds only characters no shell
/// treats specially, else in single quotes (a quote inside as '\''), and a word holding control
/// characters as bash's $'…' with each escaped, so that the printed command can be pasted and the
/// line stays one line. The one spelling of a command line scrollrender prints (an approve line,
/// the ffmpeg command in a manifest).
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "@%+=:,./_-".unicodeScalars.contains(scalar)))
        }
        if plain { return word }
        guard word.unicodeScalars.contains(where: { TextFormat.escaped($0) != nil }) else {
            return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        }
        var out = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            default:
                if TextFormat.escaped(scalar) == nil { out.unicodeScalars.append(scalar) }
                else if scalar.value < 0x100 { out += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(2) }
                else { out += "\\u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(4) }
            }
        }
        return out + "'"
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
