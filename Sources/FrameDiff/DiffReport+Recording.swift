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
