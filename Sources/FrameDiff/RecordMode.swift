import TextFormat

/// When a golden may be written: the one recording policy of `scrollrender diff --record`,
/// `assertScrollSnapshot` and the package's own golden tests, as swift-snapshot-testing's record
/// modes are. An explicit mode (the command line, or `record:` in the code) wins; else
/// `SCROLLRENDER_RECORD`, except under CI, where nothing records unless told explicitly: a CI run
/// must never approve its own output.
public enum RecordMode: String, CaseIterable, Sendable, Codable {
    /// Only what the golden lacks: a whole new golden, or frames beyond its end (when the frames
    /// it has still match, so that its manifest describes every frame it holds).
    case missing
    /// The frames that differ beyond the tolerance, and those the golden lacks.
    case failed
    /// Every frame, every time.
    case all
    /// Nothing is written: a missing golden fails.
    case never

    /// The variable that asks to record.
    public static let variable = "SCROLLRENDER_RECORD"

    /// The mode in force, and a note when the environment's was set aside under CI. A value of
    /// `SCROLLRENDER_RECORD` that is not a mode is an error, wherever it is read.
    public static func resolve(explicit: RecordMode?, environment: [String: String],
                               otherwise fallback: RecordMode) throws(RecordModeError) -> (mode: RecordMode, note: String?) {
        if let explicit { return (explicit, nil) }
        let text = environment[variable] ?? ""
        let requested = try text.isEmpty ? nil : parse(text)
        if isCI(environment) {
            let note = requested.map { "\(variable)=\($0.rawValue) is ignored because CI is set; record explicitly to record in CI" }
            return (.never, note)
        }
        return (requested ?? fallback, nil)
    }

    public static func parse(_ text: String) throws(RecordModeError) -> RecordMode {
        guard let mode = RecordMode(rawValue: text) else { throw RecordModeError(text: text) }
        return mode
    }

    /// `CI` set to anything but empty, `false` or `0`.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !value.isEmpty && value != "false" && value != "0"
    }

    /// What this mode records after a comparison with a golden that exists.
    public func decision(after report: DiffReport) -> RecordDecision {
        let wholeSequence = report.problems.contains { $0.kind != .frameCount }
        let changed = Set(report.frames.filter { !$0.passed && $0.status != .extra }.compactMap(\.index))
        let lacking = Set(report.frames.filter { $0.status == .extra }.compactMap(\.index))
        switch self {
        case .never: return .nothing
        case .all: return .frames { _ in true }
        case .failed:
            if report.passed { return .nothing }
            return .frames { wholeSequence || changed.contains($0) || lacking.contains($0) }
        case .missing:
            if lacking.isEmpty { return .nothing }
            if wholeSequence || !changed.isEmpty {
                return .refused("recording what is missing adds only the frames the golden lacks, but \(wholeSequence ? "its frame size or rate" : "\(changed.count) of the frames it has") changed too; approve the change with \(TextFormat.term("record")) failed or all")
            }
            return .frames { lacking.contains($0) }
        }
    }
}

/// What recording does with a golden after a comparison.
public enum RecordDecision: Sendable {
    /// Nothing to write.
    case nothing
    /// Take frame `i` from the actual sequence when the closure says so (and the manifest).
    case frames(@Sendable (Int) -> Bool)
    /// The mode cannot record this without a golden that lies about its frames (why, its
    /// terms marked for ``TextFormat/naming(_:_:)``).
    case refused(String)
}

/// `SCROLLRENDER_RECORD` holds something that is not a record mode.
public struct RecordModeError: Error, Sendable, CustomStringConvertible {
    public let text: String

    public var description: String {
        "\(RecordMode.variable) must be missing, failed, all or never, not \"\(text)\""
    }
}
