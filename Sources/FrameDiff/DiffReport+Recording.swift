extension DiffReport {
    /// Which frames approving this comparison takes from the actual side: every frame when asked
    /// for all, or when the sequence changed as a whole (its frame size or rate); else the frames
    /// that fail (or, `onlyMissing`, those the expected side lacks).
    public func frameRecorder(all: Bool = false, onlyMissing: Bool = false) -> @Sendable (Int) -> Bool {
        let every = all || problems.contains { $0.kind != .frameCount }
        let chosen = Set(frames.filter { onlyMissing ? $0.status == .extra : !$0.passed }.compactMap(\.index))
        return { every || chosen.contains($0) }
    }
}

/// Where approving a change is decided from the environment. `CI` set (to anything but empty,
/// `false` or `0`) means a CI run, which never records unless the command line or the code asks:
/// a CI run must never approve its own output.
public enum RecordingEnvironment {
    /// The variable that asks to record: `failed`, `missing`, `all` or `never`.
    public static let variable = "SCROLLRENDER_RECORD"

    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !value.isEmpty && value != "false" && value != "0"
    }
}
