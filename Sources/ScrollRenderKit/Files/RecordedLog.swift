import FileSystem
import ScrollPhysics

/// A CSV file of numbers recorded on a device or in an app — a finger's touch samples, a trackpad
/// pan's translations, the offsets a `UIScrollView` wrote — read one way for all of them: a UTF-8
/// byte-order mark (Excel's "CSV UTF-8") skipped; lines numbered as an editor numbers them, at
/// any line break, blank lines and `#` comments counted but not read; a NUL byte refused (not a
/// text file); every value range-checked where it is read; every error as `file:line:column`,
/// never echoing more of the file than the field at fault.
struct RecordedLog {
    struct Row {
        /// The line's number in the file, from 1.
        let line: Int
        let text: Substring
        /// Each field, trimmed, with where it starts on the line (from 1).
        let fields: [(text: Substring, column: Int)]
    }

    let path: String
    /// The header's names, trimmed.
    let names: [String]
    let header: Row
    let rows: [Row]
    /// The `#` comment lines, as written (a recording's header notes its geometry there).
    let comments: [Substring]

    /// Reads `path` (at most `limit` bytes): the first line that is neither blank nor a comment is
    /// the header, which `describeHeader` words in errors.
    init(path: String, limit: Int, describeHeader: String) throws(ScrollRenderError) {
        self.path = path
        var bytes = try InputFile.read(path, limit: limit)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let lines = String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var rows: [Row] = []
        var comments: [Substring] = []
        for (index, text) in lines.enumerated() {
            if let nul = text.firstIndex(of: "\0") {
                throw Self.error(path, line: index + 1, column: text.distance(from: text.startIndex, to: nul) + 1,
                                 "a NUL byte: this is not a text file")
            }
            let trimmed = Self.trimmed(text)
            if trimmed.hasPrefix("#") { comments.append(text) }
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            rows.append(Row(line: index + 1, text: text, fields: Self.fields(text)))
        }
        guard let header = rows.first else { throw Self.error(path, line: max(1, lines.count), column: 1, "no header line; expected \(describeHeader)") }
        (self.header, self.comments) = (header, comments)
        names = header.fields.map { String($0.text) }
        self.rows = Array(rows.dropFirst())
    }

    /// The fields of a line and where each starts.
    private static func fields(_ line: Substring) -> [(text: Substring, column: Int)] {
        var fields: [(Substring, Int)] = []
        var start = line.startIndex, column = 1
        while true {
            let end = line[start...].firstIndex(of: ",") ?? line.endIndex
            let field = line[start..<end]
            let text = trimmed(field)
            // Past whatever the trim dropped: no-break and other Unicode spaces too, not only " " and tab.
            fields.append((text, column + field.distance(from: field.startIndex, to: text.startIndex)))
            guard end < line.endIndex else { return fields }
            column += field.count + 1
            start = line.index(after: end)
        }
    }

    /// `text` without the tabs and spaces around it (Unicode's space separators and the zero-width
    /// space), as Foundation's `.whitespaces` trims, without making an NSString of every field:
    /// that was half the time reading a recording.
    static func trimmed(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        let isBlank = { (scalar: Unicode.Scalar) in
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) }) else {
            return text[text.endIndex...]
        }
        return Substring(scalars[first...last])
    }

    /// The number in `row`'s column `index` (the header's `name`), checked by `rule`.
    func number(_ row: Row, _ index: Int, _ name: String, _ rule: (Double) throws(InvalidValue) -> Void) throws(ScrollRenderError) -> Double {
        guard index < row.fields.count else {
            throw error(row.line, column: row.text.count + 1, "\(name): the line ends before this column")
        }
        let field = row.fields[index]
        guard let value = Double(field.text) else {
            throw error(row.line, column: field.column, "\(name): expected a number, not \"\(Self.shown(field.text))\"")
        }
        do throws(InvalidValue) { try rule(value) } catch {
            throw self.error(row.line, column: field.column, "\(name): \(error.problem)")
        }
        return value
    }

    /// A field as an error shows it: control characters escaped, at most 24 characters.
    static func shown(_ text: Substring) -> String {
        FileSystem.printable(text.count > 24 ? String(text.prefix(24)) + "…" : String(text))
    }

    func error(_ line: Int, column: Int, _ message: String) -> ScrollRenderError {
        Self.error(path, line: line, column: column, message)
    }

    private static func error(_ path: String, line: Int, column: Int, _ message: String) -> ScrollRenderError {
        .invalidRecording(path: path, line: line, column: column, message: message)
    }
}
