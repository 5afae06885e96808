import FrameDiff

/// What a check wrote into its golden, as its record mode decided: the one account every output
/// words in its own way (a log line, a test's message, the report).
public struct GoldenRecording: Sendable, Hashable, Codable {
    public enum What: String, Sendable, Hashable, Codable {
        /// There was no golden: the whole sequence (or picture, or motion) is new.
        case newGolden
        /// The golden was there and passed, and was written again (`all`).
        case rewritten
        /// The golden differed, and what the mode approves was taken from the actual side.
        case change
    }

    public enum Kind: String, Sendable, Hashable, Codable {
        /// Frames and the manifest.
        case frames
        /// The pictures of a few keyframes, and the manifest of every frame's motion.
        case keyframes
        /// The manifest alone: a motion golden.
        case motion
        /// One PNG file.
        case picture
    }

    public var what: What
    public var kind: Kind
    public var mode: RecordMode
    /// The frames taken from the actual side, by number (frame goldens).
    public var frames: [Int]
    /// Frames the golden had beyond the actual sequence's end, now gone.
    public var dropped: Range<Int>?
    /// What differed, when a change was approved.
    public var differences: String?

    public init(what: What, kind: Kind, mode: RecordMode, frames: [Int] = [], dropped: Range<Int>? = nil, differences: String? = nil) {
        (self.what, self.kind, self.mode, self.frames, self.dropped, self.differences) = (what, kind, mode, frames, dropped, differences)
    }
}
