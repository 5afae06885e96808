import FrameDiff
import Geometry

/// What still counts as equal when a case is compared with its golden — the same four knobs
/// whether the case comes from `diff`, a suite's scenario or a Swift test, as Playwright's
/// `toHaveScreenshot({ threshold, maxDiffPixels, mask })` takes them per test.
public struct ComparisonOptions: Sendable, Hashable, Codable {
    /// Per-channel and perceptual tolerance, and how many pixels a frame may have over them.
    public var tolerance: DiffTolerance
    /// Rectangles in points (at the golden's display scale) left out of every frame.
    public var masks: [Rect]
    /// How far each frame's `contentOffset` may part, in points: a motion golden's test, and the
    /// measure of the motion verdict that leads a frame golden's report.
    public var offsetTolerance: Double

    public init(tolerance: DiffTolerance = .exact, masks: [Rect] = [], offsetTolerance: Double = 0) {
        (self.tolerance, self.masks, self.offsetTolerance) = (tolerance, masks, offsetTolerance)
    }

    /// Nothing may differ.
    public static let exact = ComparisonOptions()
}
