/// Why a recorded motion cannot be compared with a rendered one: a gesture the comparison needs
/// is missing from one side.
public enum MotionComparisonProblem: Sendable, Hashable {
    /// The recording has no `phase` column, so its release is unknown unless given (``RunOption/release``).
    case releaseUnknown
    /// The recording has no writes while dragging: no gesture to compare.
    case noDraggingWrites
    /// The rendered sequence has no release (`scrollViewWillEndDragging`).
    case noRenderedRelease
    /// A recording whose header says its input was touch, converted without its touches
    /// (``RunOption/touchLog``): it would replay as a trackpad gesture.
    case touchesMissing(recording: String)
}
