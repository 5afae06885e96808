/// Why parts of a sequence cannot be merged into one.
public enum ShardMismatch: Sendable, Equatable {
    /// `part` was rendered otherwise than `first` (`difference`: another picture, other settings,
    /// another version…), so its frames belong to another sequence.
    case otherSequence(part: String, first: String, difference: String)
    /// Two parts hold the same frames (`frames`: "12–15").
    case overlap(first: String, second: String, frames: String)
    /// Frames of the sequence of `total` that no part holds (`missing`: "0–3, 40").
    case gaps(total: Int, missing: String)
}
