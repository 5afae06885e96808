import FileSystem
import FrameDiff
import ScrollRenderKit
import TextFormat

/// The words every output gives a case, in one place; each output escapes them for its medium.
extension CheckResult {
    /// One line: the comparison's result, what was recorded, or what went wrong, each run option
    /// named by `name` (a flag on the command line, words in a library).
    public func verdict(naming name: (NamedTerm) -> String) -> String {
        func marked(_ text: String) -> String { TextFormat.naming(text) { name(NamedTerm(marked: $0)) } }
        if let recorded { return marked(recorded.summary) }
        switch outcome {
        case .passed(let comparison):
            return comparison.report.resultSentence
        case .differs(let comparison):
            return "DIFFERENT: " + (comparison.report.differences ?? "") + (recordingRefused.map { "; not recorded: " + marked($0) } ?? "")
        case .missingGolden:
            return "no golden at \(FileSystem.printable(golden)); record it with " + marked("\(TextFormat.term("record")) missing")
        case .failed(let failure):
            return failure.description(naming: name)
        }
    }

    /// What explains a failing comparison, a line each: where the motion parts, the sequence's
    /// differences, then the pixels summarised; `everyFrame` says where the rest of the frames are.
    public func explanation(everyFrame: String) -> [String] {
        guard case .differs(let comparison) = outcome, recorded == nil else { return [] }
        return (changes.map { [$0] } ?? []) + comparison.report.verdictLines(everyFrame: everyFrame)
    }

    /// "changed since the golden: fling 800 → 820 pt/s", when the recipe changed.
    public var changes: String? {
        recipeChanges.isEmpty ? nil : "changed since the golden: " + recipeChanges.joined(separator: "; ")
    }
}

extension GoldenRecording {
    /// "recorded a new golden (record missing)", its terms marked.
    public var summary: String {
        let mode = "\(TextFormat.term("record")) \(self.mode.rawValue)"
        switch what {
        case .newGolden: return "recorded a new \(kind == .motion ? "motion " : kind == .keyframes ? "keyframe " : "")golden (\(mode))"
        case .rewritten: return "re-recorded (\(mode))"
        case .change: return "recorded the change (\(mode))" + (differences.map { ": " + $0 } ?? "")
        }
    }

    /// What was written where, in full, its terms marked: "recorded 3 frames of out into golden
    /// (4, 5, 6), and its manifest (record failed)"; without the mode when it goes without saying.
    public func account(actual: String, golden: String, sayingMode: Bool = true) -> String {
        let mode = sayingMode ? "(\(TextFormat.term("record")) \(self.mode.rawValue))" : ""
        switch kind {
        case .motion: return "recorded the motion of \(actual) into \(golden) \(mode)"
        case .keyframes:
            return "recorded \(frames.count) keyframe\(frames.count == 1 ? "" : "s") (\(frames.map(String.init).joined(separator: ", "))) of \(actual) into \(golden), and the motion of every frame \(mode)"
        case .picture: return "recorded \(actual) as \(golden) \(mode)"
        case .frames:
            var what = "recorded \(frames.count) frame\(frames.count == 1 ? "" : "s") of \(actual) into \(golden)"
            if !frames.isEmpty && frames.count <= 20 { what += " (\(frames.map(String.init).joined(separator: ", ")))" }
            if let dropped { what += ", dropped frames \(dropped.lowerBound)-\(dropped.upperBound - 1)" }
            return what + ", and its manifest \(mode)"
        }
    }
}
