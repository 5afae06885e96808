/// What became of one frame of a sequence comparison.
public struct FrameComparison: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        /// Both sequences have the frame; its pixels (or sizes) were compared.
        case compared(ImageComparison)
        /// The expected sequence has the frame and the actual one does not.
        case missing
        /// The actual sequence has a frame beyond the expected sequence's end.
        case extra
    }

    /// The frame number, from 0.
    public var index: Int
    /// The frame's file name (the expected sequence's, or the actual one's for an extra frame).
    public var name: String
    public var outcome: Outcome

    public init(index: Int, name: String, outcome: Outcome) {
        (self.index, self.name, self.outcome) = (index, name, outcome)
    }

    /// The pixel comparison, when both sequences have the frame.
    public var comparison: ImageComparison? {
        if case .compared(let comparison) = outcome { comparison } else { nil }
    }

    /// Compared and within tolerance; missing and extra frames never are.
    public var isWithinTolerance: Bool { comparison?.isWithinTolerance ?? false }
}
