import ArgumentParser
import FileSystem

/// `scrollrender tset …`: render is the default command, so a misspelt command reads as a picture
/// and fails on an option render does not take. A first word that is no file, no option and no
/// command, but one or two letters from a command's name, is named as the typo it is.
enum SubcommandSuggestion {
    /// The command `word` is most likely a misspelling of, if any.
    static func command(for word: String, among names: [String]) -> String? {
        guard !word.hasPrefix("-"), !names.contains(word), FileSystem.kind(word) == nil, !word.contains("/"), !word.contains(".") else {
            return nil
        }
        let scored = names.map { ($0, distance(word, $0)) }.filter { $0.1 <= min(2, $0.0.count / 3) }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Letters inserted, removed, replaced or two neighbours swapped (Damerau–Levenshtein).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
