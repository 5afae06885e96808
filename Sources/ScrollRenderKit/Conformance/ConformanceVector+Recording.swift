import FileSystem
import Foundation

extension ConformanceVector {
    /// The calibration recordings a set carries when their folder is given, and what each is.
    public static let recordings: [(name: String, summary: String)] = [
        ("device-flick", "A free flick recorded on an iPhone Air (120 Hz touches)."),
        ("medium-flick", "A free flick recorded in the iOS 26.2 simulator."),
        ("slow-drag-release", "A slow drag released while moving, recorded in the simulator: it coasts."),
        ("repeat-flick-first-four", "Four flicks in one take, each later one catching the deceleration; cut where the next touch lands."),
        ("trackpad-medium-flick", "A two-finger trackpad flick recorded in the iPad simulator."),
        ("trackpad-creep", "A slow trackpad creep, no deceleration after the lift."),
        ("trackpad-overscroll-release", "A trackpad pull 441 pt past the bottom edge, springing back."),
    ]

    /// The vectors of the recordings in `folder` (each `NAME.csv` with its `NAME.touches.csv` or
    /// `NAME.rubberband.csv`), replayed as `recording-to-scenario` replays them; those absent are
    /// left out.
    public static func recorded(in folder: String) throws(ScrollRenderError) -> [ConformanceVector] {
        guard FileSystem.isFolder(folder) else {
            throw FileSystem.kind(folder) == nil ? .inputNotFound(path: folder) : .inputUnreadable(path: folder, reason: "not a folder")
        }
        var vectors: [ConformanceVector] = []
        for (name, summary) in recordings {
            func file(_ suffix: String) -> String? {
                let path = FileSystem.join(folder, "\(name)\(suffix)")
                return FileSystem.kind(path) == nil ? nil : path
            }
            guard let offsets = file(".csv") else { continue }
            let recording = Recording(offsets: offsets, touches: file(".touches.csv"), rubberBand: file(".rubberband.csv"))
            vectors.append(try ConformanceVector(recorded: "recorded-\(name)", summary: summary, recording))
        }
        return vectors
    }

    /// A recording's input on the vector's clock (the scenario's: its first gesture starts at the
    /// recording's display-tick phase), on the files' grid, and its view.
    init(recorded name: String, summary: String, _ recording: Recording) throws(ScrollRenderError) {
        let scenario = try RecordingScenario(offsets: recording.offsets, touches: recording.touches, rubberBand: recording.rubberBand)
        let gestures = scenario.gestures.map { gesture in
            let start = (gesture.at ?? 0) + scenario.tickPhase
            return gesture.samples.map { Self.sample(start + $0[0], $0[1], $0[2], places: 6) }
        }
        let spacing = gestures.flatMap { zip($0, $0.dropFirst()).map { $1.time - $0.time } }.sorted()
        let rate = spacing.isEmpty ? 60 : (1 / Swift.max(spacing[spacing.count / 2], 1e-3)).rounded()
        self.init(name: name, summary: summary, evidence: .recorded,
                  evidenceNote: "Recorded on a real UIScrollView: the recording is beside it, with the model's measured error against it.",
                  input: scenario.input == .touch ? .touch : .trackpad, inputRate: rate,
                  view: View(boundsWidth: scenario.viewSize.width, boundsHeight: scenario.viewSize.height, contentWidth: scenario.contentSize.width,
                             contentHeight: scenario.contentSize.height, scale: scenario.scale, displayRate: RecordingScenario.displayRate,
                             offsetY: scenario.startOffset, decelerationRate: 0.998, isPagingEnabled: false, insetTop: 0, insetBottom: 0),
                  gestures: gestures, recording: recording)
    }

    /// The model's measured error against the vector's recording: compare-motion's checks.
    public func modelError(_ expectation: ConformanceExpectation) throws(ScrollRenderError) -> [RecordedMotionCheck]? {
        guard let recording else { return nil }
        let comparison = try RecordedMotionComparison(
            recorded: try RecordedMotion.read(path: recording.offsets), events: expectation.events, start: expectation.frames.first?.offset,
            displayRate: view.displayRate, view: (.init(width: view.boundsWidth, height: view.boundsHeight), view.scale))
        return comparison.checks()
    }
}
