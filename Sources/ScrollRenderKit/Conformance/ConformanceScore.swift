import FileSystem
import Foundation
import Geometry
import ScrollPhysics

/// Another implementation's offsets for each vector of an exported set, scored on compare-motion's
/// measures against the model's: the set's offsets at the display rate are the model's writes and
/// its callbacks say where each drag began and ended; their `NAME.csv` is the recording, on the
/// vector's clock (no clock is fitted; each path after a release still gets its
/// best shift within ±16 ms). Their writes from the model's `scrollViewWillBeginDragging` to its
/// `scrollViewWillEndDragging` are the dragging ones.
public struct ConformanceScore: Sendable {
    /// One vector: their file, and how it compares (nil when they logged none).
    public struct Entry: Sendable {
        public var vector: ConformanceIndex.Vector
        public var path: String
        public var comparison: RecordedMotionComparison?
        /// Their offsets and the model's, for curves.
        public var theirs: [(time: Double, offset: Point)]
        public var expected: [(time: Double, offset: Point)]
    }

    public var index: ConformanceIndex
    public var entries: [Entry]

    /// Names of the vectors without offsets in THEIRS.
    public var missing: [String] { entries.filter { $0.comparison == nil }.map(\.vector.name) }

    /// Their logs are seconds of frames; refused beyond this size.
    static let maximumFileSize = 16 << 20

    /// Reads the set in `vectors` (checking every file against its index) and their `NAME.csv`
    /// for each vector in `theirs`.
    public init(vectors: String, theirs: String) throws(ScrollRenderError) {
        index = try Self.readIndex(vectors)
        guard FileSystem.isFolder(theirs) else {
            throw FileSystem.kind(theirs) == nil ? .inputNotFound(path: theirs) : .inputUnreadable(path: theirs, reason: "not a folder")
        }
        // Every log is read before any is compared: a bad one is refused at once.
        var read: [(vector: ConformanceIndex.Vector, path: String, model: ModelSide, rows: [(time: Double, offset: Point)]?)] = []
        for vector in index.vectors {
            let model = try ModelSide(folder: vectors, vector: vector)
            let path = FileSystem.join(theirs, "\(vector.name).csv")
            read.append((vector, path, model, FileSystem.kind(path) == nil ? nil : try Self.readOffsets(path, model: model)))
        }
        var entries: [Entry] = []
        for (vector, path, model, rows) in read {
            let comparison = try rows.map { rows throws(ScrollRenderError) in
                try Self.compare(rows, model: model, view: vector.view)
            }
            entries.append(Entry(vector: vector, path: path, comparison: comparison, theirs: rows ?? [], expected: model.frames))
        }
        if entries.allSatisfy({ $0.comparison == nil }) {
            throw .conformance(.noOffsets(folder: theirs, expected: entries.map { "\($0.vector.name).csv" }))
        }
        self.entries = entries
    }

    /// Their rows against the model's frames: resampled at the model's display ticks first (linearly
    /// between their frames), so that their frames' phase and rate do not count; the time of their
    /// last change is then taken from their own rows.
    static func compare(_ rows: [(time: Double, offset: Point)], model: ModelSide, view: ConformanceVector.View) throws(ScrollRenderError) -> RecordedMotionComparison {
        // Each drag from the tick at or before it began, so that one shorter than a frame still has a tick.
        let spans = model.draggingSpans.map { ConformanceExport.number(($0.lowerBound * view.displayRate + 1e-6).rounded(.down) / view.displayRate)...$0.upperBound }
        let ticks = resampled(rows, rate: view.displayRate).map { tick in
            RecordedMotion.Write(time: tick.time, offset: tick.offset, isDragging: spans.contains { $0.contains(tick.time) })
        }
        var comparison = try RecordedMotionComparison(
            recorded: RecordedMotion(writes: ticks, hasPhases: true), events: model.events, start: model.frames.first?.offset,
            displayRate: view.displayRate, view: (Size(width: view.boundsWidth, height: view.boundsHeight), view.scale), clock: 0)
        if let release = ticks.last(where: \.isDragging)?.time {
            let change = rows.indices.last { $0 > 0 && rows[$0].offset != rows[$0 - 1].offset }.map { rows[$0].time } ?? release
            comparison.recordedLastWrite = Swift.max(0, change - release)
        }
        return comparison
    }

    /// Their offsets at each display tick k/rate (on the files' microsecond grid) from the tick at
    /// or before their first row to their last: linear between the rows around it, the first row's
    /// before it.
    static func resampled(_ rows: [(time: Double, offset: Point)], rate: Double) -> [(time: Double, offset: Point)] {
        guard let first = rows.first, let last = rows.last else { return [] }
        let (from, to) = (Int((first.time * rate + 1e-6).rounded(.down)), Int((last.time * rate + 1e-6).rounded(.down)))
        var index = 0
        return (from...to).map { k in
            let t = ConformanceExport.number(Double(k) / rate)
            while index + 1 < rows.count, rows[index + 1].time <= t { index += 1 }
            let (a, b) = (rows[index], rows[Swift.min(index + 1, rows.count - 1)])
            guard t > a.time, b.time > a.time else { return (t, a.offset) }
            return (t, a.offset + (b.offset - a.offset) * ((t - a.time) / (b.time - a.time)))
        }
    }

    /// The index, and every file it names as it was exported.
    static func readIndex(_ folder: String) throws(ScrollRenderError) -> ConformanceIndex {
        let path = FileSystem.join(folder, ConformanceIndex.fileName)
        let bytes = try InputFile.read(path, limit: ConformanceIndex.maximumFileSize)
        let index: ConformanceIndex
        do {
            index = try JSONDecoder().decode(ConformanceIndex.self, from: Data(bytes))
        } catch {
            throw .conformance(.notASet(path: path, reason: "not a conformance set's index (export one with scrollrender conformance export DIR)"))
        }
        guard index.format == ConformanceIndex.formatName, index.version == ConformanceVector.formatVersion else {
            throw .conformance(.notASet(path: path, reason: "version \(index.version) of \"\(index.format)\", where this scrollrender scores version \(ConformanceVector.formatVersion): export the set again"))
        }
        let listed = Set(index.files.map(\.name))
        let namedOnce = Set(index.vectors.map(\.name)).count == index.vectors.count
        for vector in index.vectors {
            guard isPlainName("\(vector.name).csv"), namedOnce else {
                throw .conformance(.notASet(path: path, reason: "vector \(FileSystem.printable(vector.name)): a name must be a file name, once"))
            }
            if let problem = vector.view.problem {
                throw .conformance(.notASet(path: path, reason: "vector \(vector.name)'s view: \(problem)"))
            }
            for name in [vector.inputFile, vector.expectedFile, vector.callbacksFile] where !listed.contains(name) || !Self.isPlainName(name) {
                throw .conformance(.notASet(path: path, reason: "vector \(vector.name)'s file \(FileSystem.printable(name)) is not one of its files"))
            }
        }
        for file in index.files {
            guard isPlainName(file.name) else { throw .conformance(.notASet(path: path, reason: "\(FileSystem.printable(file.name)) is not a file name")) }
            let filePath = FileSystem.join(folder, file.name)
            guard SHA256.hex(try InputFile.read(filePath, limit: maximumFileSize)) == file.sha256 else {
                throw .conformance(.fileChanged(path: filePath))
            }
        }
        return index
    }

    /// A name without a folder in it: the set's files are all in its folder.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }

    /// The model's offsets and callbacks for a vector, as the set holds them.
    struct ModelSide {
        var frames: [(time: Double, offset: Point)] = []
        var events: [Manifest.Event] = []

        init(folder: String, vector: ConformanceIndex.Vector) throws(ScrollRenderError) {
            let expected = try RecordedLog(path: FileSystem.join(folder, vector.expectedFile), limit: ConformanceScore.maximumFileSize, describeHeader: "t,offsetY,offsetX")
            for row in expected.rows {
                frames.append((try expected.number(row, 0, "t", Self.finite),
                               Point(x: try expected.number(row, 2, "offsetX", Self.finite),
                                     y: try expected.number(row, 1, "offsetY", Self.finite))))
            }
            let callbacks = try RecordedLog(path: FileSystem.join(folder, vector.callbacksFile), limit: ConformanceScore.maximumFileSize,
                                            describeHeader: "t,callback,offsetY,offsetX,…")
            for row in callbacks.rows {
                let time = try callbacks.number(row, 0, "t", Self.finite)
                let name = row.fields.count > 1 ? String(row.fields[1].text) : ""
                let offset = Point(x: try callbacks.number(row, 3, "offsetX", Self.finite),
                                   y: try callbacks.number(row, 2, "offsetY", Self.finite))
                guard name != "scrollViewDidScroll" else { continue }
                // A release as a log sees it: the offset of the last frame at or before it (a quick
                // flick's release can come between two frames that never show the offset at it).
                let shown = name == "scrollViewWillEndDragging" ? frames.last { $0.time <= time }?.offset ?? offset : offset
                events.append(Manifest.Event(time: time, name: name, selector: name, contentOffset: shown, zoomScale: 1))
            }
            events += Self.writes(frames)
        }

        /// The model's writes as their log is read: the offset at every display tick, up to the last
        /// tick that changed it. A log holds frames, not writes, so the two are measured alike: a
        /// catch's hold stays flat, and the rest comes at the last frame that moved.
        static func writes(_ frames: [(time: Double, offset: Point)]) -> [Manifest.Event] {
            let last = frames.indices.last { $0 > 0 && frames[$0].offset != frames[$0 - 1].offset } ?? 0
            return frames[...last].map { Manifest.Event(time: $0.time, name: "scrollViewDidScroll", selector: "scrollViewDidScroll", contentOffset: $0.offset, zoomScale: 1) }
        }

        /// The set's numbers were written by the export: any finite one is read.
        static func finite(_ value: Double) throws(InvalidValue) {
            guard value.isFinite, abs(value) <= ModelLimits.maximumDistance else { throw InvalidValue("a number within ±\(ModelLimits.maximumDistance), not \(value)") }
        }

        /// Each gesture's dragging span: from its `scrollViewWillBeginDragging` to its release.
        var draggingSpans: [ClosedRange<Double>] {
            let begins = events.filter { $0.name == "scrollViewWillBeginDragging" }.map(\.time)
            let ends = events.filter { $0.name == "scrollViewWillEndDragging" }.map(\.time)
            return zip(begins, ends).map { $0...Swift.max($0, $1) }
        }
    }

    /// Their `t,offsetY[,offsetX]` rows (which of them drag is decided at the display ticks they
    /// are resampled to, ``compare``); refused, naming the line, when a value cannot be, times go back, or the log starts after
    /// the first drag began or stops before the last release.
    static func readOffsets(_ path: String, model: ModelSide) throws(ScrollRenderError) -> [(time: Double, offset: Point)] {
        let log = try RecordedLog(path: path, limit: maximumFileSize, describeHeader: "t,offsetY[,offsetX]")
        guard let t = log.names.firstIndex(of: "t"), let y = log.names.firstIndex(of: "offsetY") else {
            throw log.error(log.header.line, column: 1, "the header must name t and offsetY (and may name offsetX)")
        }
        let x = log.names.firstIndex(of: "offsetX")
        let spans = model.draggingSpans
        var writes: [(time: Double, offset: Point)] = []
        for row in log.rows {
            let time = try log.number(row, t, "t") { value throws(InvalidValue) in
                // A gesture rests within seconds; the score resamples every tick of the span.
                guard value.isFinite, value >= -60, value <= 600 else { throw InvalidValue("a time must be a finite number of seconds from -60 to 600, not \(value)") }
            }
            if let last = writes.last, time < last.time {
                throw log.error(row.line, column: row.fields[t].column, "t: times must not go back (\(time) after \(last.time))")
            }
            let offsetY = try log.number(row, y, "offsetY") { value throws(InvalidValue) in try ModelLimits.check(distance: value, "an offset") }
            let offsetX = try x.map { x throws(ScrollRenderError) in
                try log.number(row, x, "offsetX") { value throws(InvalidValue) in try ModelLimits.check(distance: value, "an offset") }
            } ?? 0
            writes.append((time, Point(x: offsetX, y: offsetY)))
        }
        let lastLine = log.rows.last?.line ?? log.header.line
        guard writes.count >= 2 else { throw log.error(lastLine, column: 1, "the offsets need at least two rows (every frame, from the first touch until the motion rests)") }
        if let release = spans.last?.upperBound, writes[writes.count - 1].time < release {
            throw log.error(lastLine, column: 1, "the offsets end at t=\(writes[writes.count - 1].time), before the last release at t=\(release): log every frame until the motion rests")
        }
        if let began = spans.first?.lowerBound, writes[0].time > began {
            throw log.error(log.rows[0].line, column: 1, "the offsets start at t=\(writes[0].time), after the first drag began at t=\(began): log every frame from the first touch")
        }
        return writes
    }
}
