import Raster
import TextFormat
import FileSystem
import Foundation
import Geometry
import FrameSequence

/// The outcome of a diff, ready to print as text or JSON (`Codable`, stable key order).
///
/// It lists every frame that is not identical — including frames that differ within the tolerance,
/// with their measured values, so a user can see how close they came and tune the tolerance — and
/// puts differences of the sequence as a whole (frame rate, frame size, frame count) in
/// ``problems``, in their own words.
public struct DiffReport: Sendable, Hashable, Codable {
    /// What was compared: two PNG files (`images`); two frame folders with manifests
    /// (`sequences`); a motion golden, a manifest without frames, and a sequence on motion alone
    /// (`motion`); offsets logged in a file against the expected ones, measure by measure, each
    /// within its tolerance or not (`measures`, `conformance score`: no frames, no pictures).
    public enum Kind: String, Sendable, Hashable, Codable {
        case images, sequences, motion, measures
    }

    /// A difference of the sequence as a whole.
    public struct Problem: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Hashable, Codable {
            case frameRate, frameSize, frameCount
            /// A frame's contentOffset or zoomScale parts beyond the offset tolerance.
            case motion
            /// The delegate callbacks differ.
            case callbacks
            /// The two sides hold no frame in common: nothing was compared.
            case nothingCompared
        }

        public var kind: Kind
        /// A sentence: "frame rate differs: expected 60 fps, actual 50 fps".
        public var message: String
    }

    /// The files written for one frame by ``DiffArtifacts``.
    public struct Images: Sendable, Hashable, Codable {
        public var expected: String
        public var actual: String
        public var difference: String

        public init(expected: String, actual: String, difference: String) {
            (self.expected, self.actual, self.difference) = (expected, actual, difference)
        }
    }

    /// One frame that is not identical.
    public struct Frame: Sendable, Hashable, Codable {
        public enum Status: String, Sendable, Hashable, Codable {
            /// Differs, but within the tolerance.
            case withinTolerance
            /// Differs beyond the tolerance.
            case different
            /// The two frames are not the same size; their pixels were not compared.
            case sizeMismatch
            /// The actual sequence lacks this frame.
            case missing
            /// The actual sequence has this frame beyond the expected sequence's end.
            case extra
        }

        /// The frame number, for sequences.
        public var index: Int?
        public var name: String
        public var status: Status
        public var passed: Bool
        public var largestChannelDifference: Int?
        public var differingPixels: Int?
        public var differingPixelRatio: Double?
        public var pixelCount: Int?
        public var boundingBox: ImageRegion?
        public var expectedSize: PixelSize?
        public var actualSize: PixelSize?
        /// Set when difference images were written.
        public var images: Images?
        /// The frame's line in the text report, without the name.
        public var message: String
    }

    /// Counts over all frames.
    public struct Summary: Sendable, Hashable, Codable {
        public var compared = 0
        public var identical = 0
        public var withinTolerance = 0
        public var different = 0
        public var sizeMismatches = 0
        public var missing = 0
        public var extra = 0
        /// The largest channel difference over all compared frames, tolerated or not.
        public var largestChannelDifference = 0
        /// The most differing pixels in one frame.
        public var mostDifferingPixels = 0
        /// The largest ratio of differing pixels in one frame.
        public var largestDifferingPixelRatio = 0.0
    }

    public var kind: Kind
    public var expected: String
    public var actual: String
    public var tolerance: DiffTolerance
    /// Whether the inputs are equal within the tolerance (exit status 0).
    public var passed: Bool
    public var expectedSize: PixelSize
    public var actualSize: PixelSize
    public var expectedFPS: Double?
    public var actualFPS: Double?
    public var expectedFrameCount: Int?
    public var actualFrameCount: Int?
    public var problems: [Problem]
    /// What the reader should know about what was compared (a folder that holds part of a sequence).
    public var notes: [String] = []
    /// Set when a side holds part of its sequence: the frames compared, of how many. A part is
    /// never reported equal for the whole.
    public var partCompared: PartCompared?

    /// The frames a comparison of parts covered.
    public struct PartCompared: Sendable, Hashable, Codable {
        /// The first and last frame compared, or nil when the sides hold no frame in common.
        public var first: Int?
        public var last: Int?
        /// The length of the whole sequence.
        public var of: Int

        init(_ frames: Range<Int>, of length: Int) {
            (first, last) = frames.isEmpty ? (nil, nil) : (frames.lowerBound, frames.upperBound - 1)
            of = length
        }

        var count: Int { first.map { last! - $0 + 1 } ?? 0 }

        /// "frames 0–0 of 190".
        var span: String {
            guard let first, let last else { return "no frame of \(of)" }
            return first == last ? "frame \(first) of \(of)" : "frames \(first)–\(last) of \(of)"
        }
    }
    public var frames: [Frame]
    public var summary: Summary
    /// The two motions compared — a motion golden's, or a frame golden's when both manifests record
    /// motion — whose verdict leads every output. For frame goldens it explains; the pixels decide.
    public var motion: MotionComparison?
    /// The boxes of pixels left out of every frame (masks, at the frames' scale); absent when none.
    public var mask: [ImageRegion]?
    /// For measures: what they were held to, in words ("offsets ±3 pt, path 5 pt, …").
    public var measureTolerances: String?
    /// The command that approves this result (set by the command line), printed when it fails.
    public var approve: String?
    /// How many frames a keyframe golden pictures, when the golden is one.
    public var keyframes: Int?

    /// How many differing frames the text, the JUnit failure and a test's message list; the rest
    /// are counted (every frame is in the JSON, the report and `--diff-out`).
    public static let framesListed = 3

    /// The report of two PNG files.
    public init(_ comparison: ImageComparison, expected: String, actual: String) {
        kind = .images
        (self.expected, self.actual) = (expected, actual)
        tolerance = comparison.tolerance
        passed = comparison.isWithinTolerance
        expectedSize = comparison.expectedSize
        actualSize = comparison.actualSize
        problems = []
        summary = Summary()
        let name = FileSystem.lastComponent(of: expected)
        frames = []
        add(FrameComparison(index: 0, name: name, outcome: .compared(comparison)), index: nil)
        if comparison.pixels?.pixelCount == 0 {
            problems.append(Problem(kind: .nothingCompared, message: "nothing compared: the masks cover every pixel"))
            passed = false
        }
    }

    /// The report of a motion golden and a sequence.
    public init(_ comparison: MotionComparison, expected: String, actual: String, expectedManifest: SequenceManifest, actualManifest: SequenceManifest) {
        kind = .motion
        (self.expected, self.actual) = (expected, actual)
        tolerance = .exact
        passed = comparison.passed
        expectedSize = PixelSize(width: expectedManifest.pixelWidth, height: expectedManifest.pixelHeight)
        actualSize = PixelSize(width: actualManifest.pixelWidth, height: actualManifest.pixelHeight)
        expectedFPS = expectedManifest.fps
        actualFPS = actualManifest.fps
        expectedFrameCount = comparison.expectedFrames
        actualFrameCount = comparison.actualFrames
        summary = Summary()
        frames = []
        offsetTolerance = comparison.offsetTolerance
        firstPartingFrame = comparison.firstParting?.index
        motion = comparison
        problems = comparison.problems.map { message in
            Problem(kind: message.hasPrefix("motion") ? .motion : .callbacks, message: message)
        }
        if let note = comparison.lengthNote { notes.append(note) }
        if comparison.isPartial {
            partCompared = PartCompared(comparison.comparedFrames, of: max(comparison.expectedFrames, comparison.actualFrames))
            notePart(expected: expectedManifest, actual: actualManifest)
        }
        if comparison.comparedFrames.isEmpty { problems.append(Self.nothingCompared) }
    }

    static let nothingCompared = Problem(kind: .nothingCompared, message: "nothing compared: the two sides hold no frame in common")

    /// A note for each side that holds part of its sequence.
    private mutating func notePart(expected: SequenceManifest, actual: SequenceManifest) {
        for (side, manifest) in [("expected", expected), ("actual", actual)] where manifest.partial {
            let held = manifest.frameRange.map { "frames \($0.first)–\($0.last)" } ?? "no frames"
            notes.append("note: \(side) holds only \(held) of \(manifest.totalFrames) (a part of the sequence: join parts with scrollrender merge)")
        }
    }

    /// For motion: how far offsets may part, in points, and the first frame where they do.
    public var offsetTolerance: Double?
    public var firstPartingFrame: Int?

    /// The report of two frame sequences; `motion`, when both manifests record it, leads it.
    public init(_ comparison: SequenceComparison, motion: MotionComparison? = nil) {
        kind = .sequences
        self.motion = motion
        mask = comparison.mask.isEmpty ? nil : comparison.mask
        expected = comparison.expectedFolder
        actual = comparison.actualFolder
        tolerance = comparison.tolerance
        passed = comparison.isWithinTolerance
        expectedSize = comparison.expected.size
        actualSize = comparison.actual.size
        expectedFPS = comparison.expected.fps
        actualFPS = comparison.actual.fps
        expectedFrameCount = comparison.expected.frameCount
        actualFrameCount = comparison.actual.frameCount
        summary = Summary()
        frames = []
        problems = []
        if comparison.hasFrameRateMismatch {
            problems.append(Problem(kind: .frameRate, message:
                "frame rate differs: expected \(TextFormat.number(comparison.expected.fps)) fps, actual \(TextFormat.number(comparison.actual.fps)) fps"))
        }
        if comparison.hasSizeMismatch {
            problems.append(Problem(kind: .frameSize, message:
                "frame size differs: expected \(comparison.expected.size), actual \(comparison.actual.size)"))
        }
        if comparison.hasFrameCountMismatch {
            let expectedCount = comparison.expected.sequenceLength, actualCount = comparison.actual.sequenceLength
            let change = actualCount < expectedCount
                ? "\(Self.frames(expectedCount - actualCount)) missing" : "\(Self.frames(actualCount - expectedCount)) extra"
            problems.append(Problem(kind: .frameCount, message:
                "frame count differs: expected \(expectedCount), actual \(actualCount) (\(change))"))
        }
        if let a = comparison.expected.inputSHA256, let b = comparison.actual.inputSHA256, a != b {
            notes.append("note: the sequences were rendered from different pictures (SHA-256 \(a.prefix(12))… expected, \(b.prefix(12))… actual)")
        }
        for (side, manifest) in [("expected", comparison.expected), ("actual", comparison.actual)] where manifest.isPartial {
            let held = manifest.indices.isEmpty ? "no frames" : "frames \(manifest.indices.lowerBound)–\(manifest.indices.upperBound - 1)"
            notes.append("note: \(side) holds only \(held) of \(manifest.sequenceLength) (a part of the sequence: join parts with scrollrender merge)")
        }
        if comparison.expected.isPartial || comparison.actual.isPartial {
            partCompared = PartCompared(comparison.window, of: max(comparison.expected.sequenceLength, comparison.actual.sequenceLength))
            if comparison.window.isEmpty { problems.append(Self.nothingCompared) }
        }
        for frame in comparison.frames { add(frame, index: frame.index) }
        if comparison.masksEveryPixel { maskedEveryPixel(motion: motion) }
        if let keyframes = comparison.expected.keyframes { pictured(keyframes.count, motion: motion) }
    }

    /// A keyframe golden's pixels are compared on its keyframes; the motion of every frame decides
    /// the rest, so it decides with them.
    private mutating func pictured(_ keyframes: Int, motion: MotionComparison?) {
        self.keyframes = keyframes
        let length = expectedFrameCount.map { Self.frames($0) } ?? "the sequence"
        notes.append("note: a keyframe golden: the pixels of its \(Self.frames(keyframes)) of \(length) compared, the motion of every frame")
        guard let motion else {
            problems.append(Problem(kind: .nothingCompared, message: "a keyframe golden without motion: its other frames cannot be compared"))
            passed = false
            return
        }
        passed = passed && motion.passed
    }

    /// Masks that cover the whole frame compare no pixel: the motion alone decides, and without a
    /// motion to compare nothing was.
    private mutating func maskedEveryPixel(motion: MotionComparison?) {
        guard let motion else {
            problems.append(Problem(kind: .nothingCompared, message: "nothing compared: the masks cover every pixel, and the manifests record no motion"))
            passed = false
            return
        }
        notes.append("note: the masks cover every pixel: no pixel was compared, so the motion decides")
        passed = passed && motion.passed
    }

    private mutating func add(_ frame: FrameComparison, index: Int?) {
        switch frame.outcome {
        case .missing:
            summary.missing += 1
            frames.append(Frame(index: index, name: frame.name, status: .missing, passed: false,
                                message: "missing from the actual sequence"))
        case .extra:
            summary.extra += 1
            frames.append(Frame(index: index, name: frame.name, status: .extra, passed: false,
                                message: "extra: not in the expected sequence"))
        case .compared(let comparison):
            summary.compared += 1
            guard let pixels = comparison.pixels else {
                summary.sizeMismatches += 1
                frames.append(Frame(index: index, name: frame.name, status: .sizeMismatch, passed: false,
                                    expectedSize: comparison.expectedSize, actualSize: comparison.actualSize,
                                    message: "size differs: expected \(comparison.expectedSize), actual \(comparison.actualSize); pixels not compared"))
                return
            }
            summary.largestChannelDifference = max(summary.largestChannelDifference, pixels.largestChannelDifference)
            summary.mostDifferingPixels = max(summary.mostDifferingPixels, pixels.differingPixelCount)
            summary.largestDifferingPixelRatio = max(summary.largestDifferingPixelRatio, pixels.differingPixelRatio)
            if pixels.largestChannelDifference == 0 {
                summary.identical += 1
                return
            }
            let passed = comparison.isWithinTolerance
            if passed { summary.withinTolerance += 1 } else { summary.different += 1 }
            var message = pixels.differingPixelCount == 0
                ? "every pixel within the channel tolerance"
                : "\(Self.pixels(pixels.differingPixelCount)) \(pixels.differingPixelCount == 1 ? "differs" : "differ") (\(Self.percent(pixels.differingPixelRatio)))"
            message += ", largest channel difference \(pixels.largestChannelDifference)"
            if let box = pixels.boundingBox { message += ", in \(box)" }
            if passed { message = "within tolerance: " + message }
            frames.append(Frame(index: index, name: frame.name, status: passed ? .withinTolerance : .different, passed: passed,
                                largestChannelDifference: pixels.largestChannelDifference,
                                differingPixels: pixels.differingPixelCount, differingPixelRatio: pixels.differingPixelRatio,
                                pixelCount: pixels.pixelCount, boundingBox: pixels.boundingBox, message: message))
        }
    }

    /// The lines that lead every output — the text, a JUnit failure, a Swift test's message: the
    /// motion's verdict when both sides record motion, the differences of the sequence as a whole,
    /// then the pixels summarised (a count and the first ``framesListed`` frames that differ, not a
    /// line per frame), and the frames missing or extra.
    public var verdictLines: [String] { verdictLines(everyFrame: "every frame: --json, --report DIR or --diff-out DIR") }

    /// ``verdictLines``, saying where every frame is (`everyFrame`) after the first few.
    public func verdictLines(everyFrame: String) -> [String] {
        if kind == .measures { return problems.map(\.message) }
        var lines: [String] = []
        if let motion {
            lines += motion.problems.isEmpty ? [motion.verdict] : motion.problems
        }
        lines += problems.filter { $0.kind != .motion && $0.kind != .callbacks }.map(\.message)
        guard kind != .motion else { return lines }
        if kind == .images {
            for frame in frames where frame.status != .missing && frame.status != .extra {
                lines.append("\(frame.name): \(frame.message)")
                if let images = frame.images { lines.append("  difference image: \(images.difference)") }
            }
            return lines
        }
        // With the sequence's sizes differing, every frame's would repeat the problem line.
        let sizeProblem = problems.contains { $0.kind == .frameSize }
        let hidden = frames.filter { $0.status == .sizeMismatch && sizeProblem && $0.expectedSize == expectedSize && $0.actualSize == actualSize }
        let failing = frames.filter { ($0.status == .different || $0.status == .sizeMismatch) && !hidden.contains($0) }
        let tolerated = frames.filter { $0.status == .withinTolerance }
        let compared = Self.frames(summary.compared)
        if !failing.isEmpty {
            lines.append("pixels: \(failing.count) of \(compared) \(failing.count == 1 ? "differs" : "differ") beyond the tolerance")
            lines += listed(failing, everyFrame)
            if !tolerated.isEmpty { lines.append("pixels: \(Self.frames(tolerated.count)) more differ within the tolerance") }
        } else if !tolerated.isEmpty {
            lines.append("pixels: \(tolerated.count) of \(compared) \(tolerated.count == 1 ? "differs" : "differ") within the tolerance")
            lines += listed(tolerated, everyFrame)
        }
        if !hidden.isEmpty {
            lines.append("\(Self.frames(hidden.count)) not compared pixel by pixel: their sizes differ")
        }
        let missing = frames.filter { $0.status == .missing }, extra = frames.filter { $0.status == .extra }
        if !missing.isEmpty { lines.append("missing from the actual sequence: \(Self.names(missing))") }
        if !extra.isEmpty { lines.append("extra in the actual sequence: \(Self.names(extra))") }
        return lines
    }

    /// The first few of `frames`, a line each (and its difference picture), then how many more.
    private func listed(_ frames: [Frame], _ everyFrame: String) -> [String] {
        var lines: [String] = []
        for frame in frames.prefix(Self.framesListed) {
            lines.append("  \(frame.name): \(frame.message)")
            if let images = frame.images { lines.append("    difference image: \(images.difference)") }
        }
        if frames.count > Self.framesListed {
            lines.append("  … and \(frames.count - Self.framesListed) more (\(everyFrame))")
        }
        return lines
    }

    /// The report as lines of text: the verdict (``verdictLines``), the inputs and the tolerance,
    /// a result line, and — when it fails and one is known — the command that approves it.
    public var text: String {
        // Paths come from the command line or a pull request: one line each, whatever they hold.
        let (expected, actual) = (TextFormat.printable(self.expected), TextFormat.printable(self.actual))
        var lines = verdictLines
        switch kind {
        case .motion:
            lines.append("expected: \(expected) (motion golden: \(Self.frames(expectedFrameCount ?? 0)) at \(TextFormat.number(expectedFPS ?? 0)) fps)")
            lines.append("actual:   \(actual) (\(Self.frames(actualFrameCount ?? 0)) at \(TextFormat.number(actualFPS ?? 0)) fps)")
            lines.append("offset tolerance: \(TextFormat.number(offsetTolerance ?? 0)) pt")
        case .sequences:
            lines.append("expected: \(expected) (\(Self.frames(expectedFrameCount ?? 0)), \(expectedSize), \(TextFormat.number(expectedFPS ?? 0)) fps)")
            lines.append("actual:   \(actual) (\(Self.frames(actualFrameCount ?? 0)), \(actualSize), \(TextFormat.number(actualFPS ?? 0)) fps)")
            lines.append("tolerance: \(tolerance)" + (motion.map { ", offsets ±\(TextFormat.number($0.offsetTolerance)) pt" } ?? ""))
        case .images:
            lines.insert(contentsOf: ["expected: \(expected) (\(expectedSize))", "actual:   \(actual) (\(actualSize))",
                                      "tolerance: \(tolerance)"], at: 0)
        case .measures:
            lines += ["expected: \(expected)", "actual:   \(actual)", "tolerance: \(measureTolerances ?? "")"]
        }
        if let mask { lines.append("masked: \(Self.maskWords(mask))") }
        lines += notes
        lines.append("result: " + resultSentence)
        if !passed, let approve { lines.append("to approve: \(approve)") }
        return lines.joined(separator: "\n")
    }

    /// "2 regions (20×10 at (0, 0); 5×5 at (40, 7)) left out of every frame".
    static func maskWords(_ mask: [ImageRegion]) -> String {
        "\(mask.count == 1 ? "1 region" : "\(mask.count) regions") (\(mask.map(\.description).joined(separator: "; "))) left out of every frame"
    }

    /// Frames that fail: differing beyond the tolerance, of another size, missing or extra — the one
    /// count the text, the JSON and the report's viewer all give.
    public var failingFrameCount: Int {
        frames.filter { !$0.passed }.count
    }

    /// "equal", "equal within tolerance (…)" or "DIFFERENT: …".
    public var resultSentence: String {
        if kind == .measures { return differences.map { "OUTSIDE TOLERANCE: " + $0 } ?? "within tolerance (\(measureTolerances ?? ""))" }
        guard let differences else {
            let what: String
            if kind == .motion {
                what = "equal (the motion of \(Self.frames(partCompared?.count ?? motion?.comparedFrames.count ?? expectedFrameCount ?? 0)) and its callbacks)"
            } else if let keyframes, summary.withinTolerance == 0 {
                what = "equal (\(keyframes == 1 ? "1 keyframe" : "\(keyframes) keyframes") identical, the motion of \(Self.frames(expectedFrameCount ?? 0)))"
            } else if summary.withinTolerance == 0 {
                what = kind == .sequences ? "equal (\(Self.frames(summary.compared)) identical)" : "equal (identical)"
            } else {
                what = "equal within tolerance (largest channel difference \(summary.largestChannelDifference), at most \(Self.pixels(summary.mostDifferingPixels)) over the channel tolerance in a frame)"
            }
            // A part is never equal for the whole: the sentence says which frames.
            guard let part = partCompared else { return what }
            return what.replacingOccurrences(of: "equal", with: "equal in \(part.span), the rest not compared", options: .anchored)
        }
        return "DIFFERENT: " + differences
    }

    /// What differs, in a few words ("1 of 4 frames differs, 1 frame missing"), or `nil` when the
    /// inputs are equal within the tolerance.
    public var differences: String? {
        guard !passed else { return nil }
        if kind == .measures { return problems.map(\.message).joined(separator: ", ") }
        var parts: [String] = []
        // What moved leads: where the motion parts, with its time and both offsets.
        let lead = motion.flatMap { $0.partingSentence ?? $0.callbackSentence }
        if kind == .motion {
            if motion?.partingSentence != nil, motion?.callbackSentence != nil { parts.append("delegate callbacks differ") }
            if problems.contains(where: { $0.kind == .nothingCompared }) { parts.append("nothing compared") }
        } else if kind == .sequences {
            if summary.different > 0 { parts.append("\(summary.different) of \(Self.frames(summary.compared)) \(summary.different == 1 ? "differs" : "differ")") }
            if summary.sizeMismatches > 0 { parts.append("\(summary.sizeMismatches) of \(Self.frames(summary.compared)) differ in size") }
            if summary.missing > 0 { parts.append("\(Self.frames(summary.missing)) missing") }
            if summary.extra > 0 { parts.append("\(Self.frames(summary.extra)) extra") }
            if problems.contains(where: { $0.kind == .frameRate }) { parts.append("frame rate differs") }
            if problems.contains(where: { $0.kind == .frameSize }) && summary.sizeMismatches == 0 { parts.append("frame size differs") }
            // A part of a longer sequence lacks no frame it holds, yet the lengths differ.
            if problems.contains(where: { $0.kind == .frameCount }) && summary.missing + summary.extra == 0 { parts.append("frame count differs") }
            if problems.contains(where: { $0.kind == .nothingCompared }) { parts.append("nothing compared") }
        } else if summary.sizeMismatches > 0 {
            parts.append("the sizes differ")
        } else if problems.contains(where: { $0.kind == .nothingCompared }) {
            parts.append("nothing compared")
        } else if let frame = frames.first {
            parts.append(frame.message)
        }
        return ([lead].compactMap { $0 } + [parts.isEmpty ? nil : parts.joined(separator: ", ")].compactMap { $0 }).joined(separator: "; ")
    }

    /// Pretty-printed JSON with sorted keys, ending in a newline.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every field is a plain value; encoding cannot fail.
        let data = try! encoder.encode(self)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: - Wording

    /// `0.00263 %`, `12.5 %`, `100 %`.
    static func percent(_ ratio: Double) -> String {
        ratio == 0 ? "0 %" : String(format: "%.3g %%", ratio * 100)
    }


    static func frames(_ count: Int) -> String { count == 1 ? "1 frame" : "\(count) frames" }
    static func pixels(_ count: Int) -> String { count == 1 ? "1 pixel" : "\(count) pixels" }

    /// `frame_00007.png`, or `frame_00007.png … frame_00011.png (5 frames)`.
    private static func names(_ frames: [Frame]) -> String {
        guard let first = frames.first, let last = frames.last else { return "" }
        return frames.count == 1 ? first.name : "\(first.name) … \(last.name) (\(Self.frames(frames.count)))"
    }
}

extension DiffReport.Frame {
    init(index: Int?, name: String, status: Status, passed: Bool, largestChannelDifference: Int? = nil,
         differingPixels: Int? = nil, differingPixelRatio: Double? = nil, pixelCount: Int? = nil,
         boundingBox: ImageRegion? = nil, expectedSize: PixelSize? = nil, actualSize: PixelSize? = nil, message: String) {
        self.index = index
        self.name = name
        self.status = status
        self.passed = passed
        self.largestChannelDifference = largestChannelDifference
        self.differingPixels = differingPixels
        self.differingPixelRatio = differingPixelRatio
        self.pixelCount = pixelCount
        self.boundingBox = boundingBox
        self.expectedSize = expectedSize
        self.actualSize = actualSize
        self.images = nil
        self.message = message
    }
}
