import Geometry

/// The offsets a real `UIScrollView` wrote, recorded on a device (for instance by swizzling
/// `-setContentOffset:`), as CSV: a header naming the columns, then a row per write. `t` (s) and
/// `offsetY` are needed; `offsetX` and `phase` (`dragging` while a finger or trackpad drags,
/// anything else after) are read when present, other columns are ignored, and lines starting with
/// `#` are comments. Without a `phase` column the release instant is given separately.
public struct RecordedMotion: Sendable {
    public struct Write: Sendable, Hashable {
        public var time: Double
        public var offset: Point
        public var isDragging: Bool
    }

    public let writes: [Write]
    /// Whether the rows said which writes were dragging ones.
    public let hasPhases: Bool

    /// A recording is minutes of 120-Hz writes at most; refused beyond this size.
    static let maximumFileSize = 16 << 20

    public init(writes: [Write], hasPhases: Bool) {
        self.writes = writes
        self.hasPhases = hasPhases
    }

    /// Reads `path`; errors name the line and the column.
    public static func read(path: String) throws(ScrollRenderError) -> RecordedMotion {
        let bytes = try InputFile.read(path, limit: maximumFileSize)
        // At any line break: "\r\n" is one Character, which a split at "\n" would not see.
        let lines = String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .enumerated().filter { !$0.element.hasPrefix("#") && !$0.element.trimmingCharacters(in: .whitespaces).isEmpty }
        func failure(_ line: Int, _ message: String) -> ScrollRenderError {
            .invalidScenario(path: path, keyPath: "line \(line)", message: message)
        }
        guard let header = lines.first else { throw failure(1, "no header line; expected t,offsetY[,offsetX][,phase]") }
        let names = header.element.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let t = names.firstIndex(of: "t"), let y = names.firstIndex(of: "offsetY") else {
            throw failure(header.offset + 1, "the header must name t and offsetY (and may name offsetX and phase), not \(header.element)")
        }
        let x = names.firstIndex(of: "offsetX")
        let phase = names.firstIndex(of: "phase")
        var writes: [Write] = []
        for (index, row) in lines.dropFirst() {
            let fields = row.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            func number(_ column: Int?, _ name: String) throws(ScrollRenderError) -> Double {
                guard let column else { return 0 }
                guard column < fields.count, let value = Double(fields[column]), value.isFinite else {
                    throw failure(index + 1, "column \(name): expected a number, not \"\(column < fields.count ? fields[column] : "")\"")
                }
                return value
            }
            let time = try number(t, "t")
            if let last = writes.last, time < last.time { throw failure(index + 1, "times must not go back (\(time) after \(last.time))") }
            let dragging = phase.map { $0 < fields.count && fields[$0] == "dragging" } ?? false
            writes.append(Write(time: time, offset: Point(x: try number(x, "offsetX"), y: try number(y, "offsetY")), isDragging: dragging))
        }
        guard writes.count >= 2 else { throw failure(lines.count, "a recording needs at least two writes") }
        return RecordedMotion(writes: writes, hasPhases: phase != nil)
    }

    /// The gestures: each run of dragging writes, as index ranges.
    var gestures: [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, write) in writes.enumerated() {
            if write.isDragging, start == nil { start = index }
            if !write.isDragging, let first = start {
                runs.append(first..<index)
                start = nil
            }
        }
        if let first = start { runs.append(first..<writes.count) }
        return runs
    }
}
