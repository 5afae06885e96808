#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Geometry
import ScrollPhysics

/// A device recording turned into a scenario that replays it, exactly as the recordings' README
/// (`../shared/recordings`, "How a recording becomes a scenario") describes — so that a team's own
/// recording replays in two commands, and `compare-motion` checks the render against it.
///
/// - Settings: `size` and `scale` from the offsets CSV's `#` header (`boundsWidth`,
///   `boundsHeight`, `scale`); the content exactly `contentWidth` × `contentHeight`; `offset`
///   [0, y₀], y₀ the offset before the pan moved it — the first write plus its `translationY`, on
///   the 1/scale grid (past an edge: the first rubber-band input plus its `translationY`, or
///   without the rubber-band log the first write taken back through the band, f⁻¹).
/// - Touch (a touches CSV): one `drag.path` per touch sequence (began … ended), samples
///   [t − t_began, cx, cy]; each later sequence `at` its t_began − the first's.
/// - Trackpad (no touches): one `trackpad.path` per run of `dragging` rows, samples
///   [t − t₀, translationX, translationY], rows repeating the previous translation left out;
///   before the first row a [0, 0, 0] sample at t₀ = its t − |translation| / |velocity| (at most
///   1/30 s; none when the first translation is 0 — then, for a pan that begins still, as a catch
///   does, the same still sample before its first moving row, when that falls after the row
///   before it: its movement began later); the fingers lift at the last sample, or at the
///   header's `releaseTime` when that comes more than 50 ms later (a still sample is added there);
///   a later gesture `at` its t₀ − the first's.
/// - Display ticks: every gesture starts ``tickPhase`` later than that, so that the model's display
///   ticks (k/60 s from the scenario's start) fall where the recording's did — on its dragging
///   writes, which UIKit makes on ticks. When a quick start's drag begins, where a catch halts
///   and when a trackpad event is handled all depend on that phase.
/// - A header that says the input was touch (and not trackpad) needs its touches.
public struct RecordingScenario: Sendable, Hashable {
    public enum Input: String, Sendable, Hashable {
        case touch = "drag"
        case trackpad
    }

    /// One gesture: a drag path (t, x, y) or a trackpad path (t, tx, ty), t from its start.
    public struct Gesture: Sendable, Hashable {
        /// Seconds after the first gesture's start (nil for the first).
        public var at: Double?
        public var samples: [[Double]]
    }

    public var viewSize: Size
    public var scale: Double
    public var contentSize: Size
    /// y₀, the offset before the pan moved it.
    public var startOffset: Double
    public var input: Input
    public var gestures: [Gesture]
    /// How long after the scenario's start (s) its first gesture begins: the first gesture's start
    /// minus the recording's display tick before it, in [0, 1/60).
    public var tickPhase: Double

    /// A recording is minutes of 120-Hz rows at most.
    static let maximumFileSize = 16 << 20

    /// Reads the offsets CSV (with its `#` header), and the touches CSV of a touch recording or
    /// the rubber-band log of one that starts past an edge.
    public init(offsets: String, touches: String? = nil, rubberBand: String? = nil) throws(ScrollRenderError) {
        let log = try RecordedLog(path: offsets, limit: Self.maximumFileSize,
                                  describeHeader: "t,phase,offsetY,translationY,velocityY,translationX,velocityX")
        let notes = HeaderNotes(log)
        let columns = try Columns(log, required: ["t", "phase", "offsetY", "translationY"])
        try columns.checkTimesGoForward(in: log)
        scale = try notes.number("scale", positive: true)
        viewSize = Size(width: try notes.number("boundsWidth", positive: true), height: try notes.number("boundsHeight", positive: true))
        contentSize = Size(width: try notes.number("contentWidth", positive: true), height: try notes.number("contentHeight", positive: true))
        guard let first = log.rows.first else { throw log.error(log.header.line, column: 1, "the recording has no rows") }
        var written = try columns.number(first, "offsetY", in: log)
        if let rubberBand {
            let band = try RecordedLog(path: rubberBand, limit: Self.maximumFileSize, describeHeader: "offset,min,max,range,out")
            let bandColumns = try Columns(band, required: ["offset"])
            guard let row = band.rows.first else { throw band.error(band.header.line, column: 1, "the rubber-band log has no rows") }
            written = try bandColumns.number(row, "offset", in: band)
        } else {
            // Without UIKit's rubber-band log, a first write past an edge (a pull that jumps past
            // the slop out of the range) comes back through the model's band, the touch's or the
            // trackpad's: the drag started from the raw offset, not the banded one.
            let (upper, height) = (Swift.max(0, contentSize.height - viewSize.height), viewSize.height)
            let c = touches == nil ? UIKitConstants.trackpadRubberBandCoefficient : UIKitConstants.rubberBandCoefficient
            if written > upper { written = upper + RubberBand.overscroll(forOffset: written - upper, dimension: height, coefficient: c) }
            if written < 0 { written = -RubberBand.overscroll(forOffset: -written, dimension: height, coefficient: c) }
        }
        startOffset = ((written + (try columns.number(first, "translationY", in: log))) * scale).rounded() / scale
        let firstStart: Double
        if let touches {
            input = .touch
            (gestures, firstStart) = try Self.touchGestures(touches)
        } else {
            if notes.saysTouchInput {
                throw .cannotCompareMotion(.touchesMissing(recording: offsets))
            }
            input = .trackpad
            (gestures, firstStart) = try Self.trackpadGestures(log, columns, releaseTime: notes.optionalNumber("releaseTime"))
        }
        var draggingTimes: [Double] = []
        for row in log.rows where columns.text(row, "phase") == "dragging" { draggingTimes.append(try columns.number(row, "t", in: log)) }
        tickPhase = Self.tickPhase(of: draggingTimes, after: firstStart)
    }

    /// The display rate the scenario replays at (its default): the recordings' 60 Hz.
    static let displayRate = 60.0

    /// When the scenario's first gesture starts after a display tick (s), for ticks at the
    /// recording's dragging writes: their mean phase on the 60-Hz grid, moved to the latest write
    /// within 2 ms of it, so that each falls on or just before its tick (UIKit writes a frame's
    /// input just after the frame's display link, 0.2–0.9 ms in the recordings).
    static func tickPhase(of writes: [Double], after start: Double) -> Double {
        let period = 1 / displayRate
        guard !writes.isEmpty else { return 0 }
        let angles = writes.map { 2 * Double.pi * ($0 - start) / period }
        let (sines, cosines) = (angles.map { sin($0) }.reduce(0, +), angles.map { cos($0) }.reduce(0, +))
        let mean: Double = atan2(sines, cosines) / (2 * Double.pi) * period
        let residuals = writes.map { write -> Double in
            let r = (write - start - mean).truncatingRemainder(dividingBy: period)
            return r > period / 2 ? r - period : r < -period / 2 ? r + period : r
        }
        let late = residuals.filter { abs($0) <= 0.002 }.max() ?? 0
        let phase = (-(mean + late)).truncatingRemainder(dividingBy: period)
        return phase < 0 ? phase + period : phase
    }

    // MARK: - Touches

    /// The touch sequences, and when the first began (the recording's time).
    private static func touchGestures(_ path: String) throws(ScrollRenderError) -> ([Gesture], Double) {
        let log = try RecordedLog(path: path, limit: maximumFileSize, describeHeader: "t,phase,state,cx,cy,…")
        let columns = try Columns(log, required: ["t", "phase", "cx", "cy"])
        try columns.checkTimesGoForward(in: log)
        var gestures: [Gesture] = []
        var sequence: [[Double]] = []
        var firstBegan: Double?
        for row in log.rows {
            sequence.append([try columns.number(row, "t", in: log), try columns.number(row, "cx", in: log), try columns.number(row, "cy", in: log)])
            let phase = columns.text(row, "phase")
            guard phase == "ended" || phase == "cancelled" else { continue }
            let began = sequence[0][0]
            gestures.append(Gesture(at: firstBegan.map { began - $0 }, samples: sequence.map { [$0[0] - began, $0[1], $0[2]] }))
            if firstBegan == nil { firstBegan = began }
            sequence = []
        }
        guard !gestures.isEmpty, let firstBegan else {
            throw log.error(log.rows.last?.line ?? log.header.line, column: 1, "no touch sequence ends (phase ended) in the touches")
        }
        return (gestures, firstBegan)
    }

    // MARK: - Trackpad

    /// The trackpad gestures, and when the first began (its t₀, the recording's time).
    private static func trackpadGestures(_ log: RecordedLog, _ columns: Columns, releaseTime: Double?) throws(ScrollRenderError) -> ([Gesture], Double) {
        guard columns.has("translationX"), columns.has("velocityX"), columns.has("velocityY") else {
            throw log.error(log.header.line, column: 1,
                            "a trackpad recording needs translationX, translationY, velocityX and velocityY columns (for a touch recording, give \(option: .touchLog))")
        }
        var runs: [[RecordedLog.Row]] = []
        var previous = ""
        for row in log.rows {
            let phase = columns.text(row, "phase")
            if phase == "dragging" {
                if previous != "dragging" { runs.append([]) }
                runs[runs.count - 1].append(row)
            }
            previous = phase
        }
        guard !runs.isEmpty else { throw log.error(log.header.line, column: 1, "the recording has no dragging rows") }
        var gestures: [Gesture] = []
        var firstStart: Double?
        for (index, run) in runs.enumerated() {
            var samples: [[Double]] = []
            var sampleRows: [RecordedLog.Row] = []
            for row in run {
                let sample = [try columns.number(row, "t", in: log), try columns.number(row, "translationX", in: log),
                              try columns.number(row, "translationY", in: log)]
                // A repeated translation is UIKit re-writing the offset on a display tick: no input came.
                if let last = samples.last, last[1] == sample[1], last[2] == sample[2] { continue }
                samples.append(sample)
                sampleRows.append(row)
            }
            // UIKit's first velocity is the first movement's translation over the time since the
            // movement began: a [0, 0, 0] sample then, at most 1/30 s before.
            func movementStart(_ k: Int) throws(ScrollRenderError) -> Double {
                let row = sampleRows[k]
                let velocity = Point(x: try columns.number(row, "velocityX", in: log), y: try columns.number(row, "velocityY", in: log)).length
                return samples[k][0] - min(Point(x: samples[k][1], y: samples[k][2]).length / velocity, 1.0 / 30)
            }
            var start = samples[0][0]
            if samples[0][1] != 0 || samples[0][2] != 0 {
                start = try movementStart(0)
                samples.insert([start, 0, 0], at: 0)
            } else if let moving = samples.firstIndex(where: { $0[1] != 0 || $0[2] != 0 }) {
                // A pan that begins still (a catch: the halt written with translation 0) has its
                // movement begin later, and its first velocity counts from then, not from the halt.
                let began = try movementStart(moving)
                if began > samples[moving - 1][0] + 0.001 { samples.insert([began, 0, 0], at: moving) }
            }
            if index == runs.count - 1, let releaseTime, let last = samples.last, releaseTime - last[0] > 0.05 {
                samples.append([releaseTime, last[1], last[2]])   // fingers held still until the release
            }
            gestures.append(Gesture(at: firstStart.map { start - $0 }, samples: samples.map { [$0[0] - start, $0[1], $0[2]] }))
            if firstStart == nil { firstStart = start }
        }
        return (gestures, firstStart ?? 0)
    }

    // MARK: - The scenario

    /// The divisor of a stand-in picture's size: the largest of 6…1 that divides both sides of the
    /// content (whole points), so that the picture at imageScale 1/k is the content exactly.
    public var pictureDivisor: Int {
        let (width, height) = (contentSize.width, contentSize.height)
        guard width == width.rounded(), height == height.rounded() else { return 1 }
        return (1...6).reversed().first { Int(width) % $0 == 0 && Int(height) % $0 == 0 } ?? 1
    }

    /// The stand-in picture's size in pixels (at imageScale 1/``pictureDivisor``).
    public var picturePixels: (width: Int, height: Int) {
        let k = Double(pictureDivisor)
        return (Int((contentSize.width / k).rounded()), Int((contentSize.height / k).rounded()))
    }

    /// The scenario as JSON: a description, the settings and the timeline, one sample a line.
    /// `imageScale` is the picture's (1/``pictureDivisor`` for the stand-in picture; 1 for a
    /// picture of the content's size in pixels).
    public func json(description: String, imageScale: Double) -> String {
        let settings: [(String, String)] = [
            ("size", "[\(Self.number(viewSize.width)), \(Self.number(viewSize.height))]"), ("scale", Self.number(scale)),
            ("offset", "[0, \(Self.number(startOffset))]"), ("imageScale", Self.number(imageScale)), ("hold", "0"),
        ]
        var lines = ["{", "  \"description\": \(Self.string(description)),",
                     "  \"settings\": { " + settings.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + " },",
                     "  \"timeline\": ["]
        for (index, gesture) in gestures.enumerated() {
            let start = (gesture.at ?? 0) + tickPhase
            let at = start > 0 ? "\"at\": \(Self.number(start)), " : ""
            lines.append("    { \(at)\"\(input.rawValue)\": { \"path\": [")
            lines += gesture.samples.enumerated().map { position, sample in
                "      [" + sample.map(Self.number).joined(separator: ", ") + "]" + (position + 1 < gesture.samples.count ? "," : "")
            }
            lines.append("    ] } }" + (index + 1 < gestures.count ? "," : ""))
        }
        lines += ["  ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// The shortest spelling that reads back to the same double.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// A JSON string, as JSONEncoder escapes it.
    static func string(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        // A string always encodes; the empty string's spelling is the fallback the type needs.
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}

/// The named columns of a recorded log.
private struct Columns {
    let index: [String: Int]

    init(_ log: RecordedLog, required: [String]) throws(ScrollRenderError) {
        index = Dictionary(log.names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        if let missing = required.first(where: { index[$0] == nil }) {
            throw log.error(log.header.line, column: 1, "the header must name \(required.joined(separator: ", ")) (no \(missing))")
        }
    }

    func has(_ name: String) -> Bool { index[name] != nil }

    /// Refuses a row whose time is before the row above it, by its line, as compare-motion does.
    func checkTimesGoForward(in log: RecordedLog) throws(ScrollRenderError) {
        var last: Double?
        for row in log.rows {
            let time = try number(row, "t", in: log)
            if let last, time < last {
                throw log.error(row.line, column: row.fields[index["t"]!].column, "t: times must not go back (\(time) after \(last))")
            }
            last = time
        }
    }

    func number(_ row: RecordedLog.Row, _ name: String, in log: RecordedLog) throws(ScrollRenderError) -> Double {
        try log.number(row, index[name]!, name) { value throws(InvalidValue) in
            if name == "t" {
                // A device's clock in seconds: since boot, decades at most.
                guard value.isFinite, abs(value) <= 1e9 else { throw InvalidValue("a time must be a finite number of seconds within ±1000000000, not \(value)") }
            } else {
                try ModelLimits.check(distance: value, "a value")
            }
        }
    }

    func text(_ row: RecordedLog.Row, _ name: String) -> String {
        guard let column = index[name], column < row.fields.count else { return "" }
        return String(row.fields[column].text)
    }
}

/// The `key=value` numbers of a recording's `#` header lines (`# geometry: boundsWidth=420 …`).
struct HeaderNotes {
    let path: String
    let text: String

    /// The notes of `log`'s comment lines, read with the log itself.
    init(_ log: RecordedLog) {
        path = log.path
        text = log.comments.joined(separator: "\n")
    }

    /// Whether the header names touch input — the word touch (TOUCH input, "120Hz touch") and not
    /// trackpad, which a trackpad recording's header names (and may compare with touch).
    var saysTouchInput: Bool {
        let words = text.lowercased().split { !$0.isLetter }
        return words.contains("touch") && !words.contains("trackpad")
    }

    func optionalNumber(_ key: String) -> Double? {
        var rest = Substring(text)
        while let range = rest.range(of: key) {
            let before = rest[..<range.lowerBound].last
            var after = rest[range.upperBound...].drop { $0 == " " }
            rest = rest[range.upperBound...]
            guard before.map({ !$0.isLetter && !$0.isNumber }) ?? true, after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " }
            if let value = Double(after.prefix { "0123456789.-+eE".contains($0) }), value.isFinite { return value }
        }
        return nil
    }

    /// The number right after `phrase` (any case), as in "the next touch lands at t=5.45".
    func number(after phrase: String) -> Double? {
        let lower = text.lowercased()
        guard let range = lower.range(of: phrase.lowercased()) else { return nil }
        return Double(lower[range.upperBound...].prefix { "0123456789.-+e".contains($0) }).flatMap { $0.isFinite ? $0 : nil }
    }

    func number(_ key: String, positive: Bool) throws(ScrollRenderError) -> Double {
        guard let value = optionalNumber(key), !positive || value > 0, value <= ModelLimits.maximumDistance else {
            throw .invalidRecording(path: path, line: 1, column: 1,
                                    message: "the # header must give \(key)=… (a positive number), as: # boundsWidth=390 boundsHeight=844 contentWidth=390 contentHeight=6000 scale=3")
        }
        return value
    }
}
