import Foundation
import Geometry
import ScrollPhysics

/// One gesture of the conformance set: a view, its input (touches or trackpad translations on one
/// clock from the vector's start) and what that input is known from. The model's output for it —
/// every offset at the display rate and the delegate callbacks — is ``expectation()``.
public struct ConformanceVector: Sendable, Hashable {
    /// How a vector's behaviour is known: from a recording of a real `UIScrollView`, from values
    /// UIKit reports at runtime (its constants and callbacks), or assumed by the model.
    public enum Evidence: String, Sendable, Hashable, Codable {
        case recorded, readAtRuntime = "read at runtime", assumed
    }

    /// Touch samples (a finger's location) or trackpad translations (a two-finger pan's).
    public enum Input: String, Sendable, Hashable, Codable {
        case touch, trackpad
    }

    /// The `UIScrollView` the gesture scrolls: its properties as UIKit names them.
    public struct View: Sendable, Hashable, Codable {
        public var boundsWidth: Double
        public var boundsHeight: Double
        public var contentWidth: Double
        public var contentHeight: Double
        /// `UIScreen.scale`: offsets are written on the 1/scale grid.
        public var scale: Double
        /// The display link's rate (Hz): one offset per tick.
        public var displayRate: Double
        /// The initial `contentOffset.y`.
        public var offsetY: Double
        /// `decelerationRate` per millisecond (normal 0.998).
        public var decelerationRate: Double
        public var isPagingEnabled: Bool
        /// `contentInset` top and bottom (pt).
        public var insetTop: Double
        public var insetBottom: Double

        /// What makes the view one no `UIScrollView` has (an index edited by hand), or nil.
        public var problem: String? {
            let lengths = [("boundsWidth", boundsWidth), ("boundsHeight", boundsHeight), ("contentWidth", contentWidth), ("contentHeight", contentHeight)]
            if let (name, value) = lengths.first(where: { !($0.1 > 0 && $0.1 <= 1_000_000) }) { return "\(name) must be from 0 to 1000000 pt, not \(value)" }
            guard scale >= 1, scale <= 4 else { return "scale must be from 1 to 4, not \(scale)" }
            guard displayRate >= 10, displayRate <= 480 else { return "displayRate must be from 10 to 480 Hz, not \(displayRate)" }
            guard [offsetY, insetTop, insetBottom].allSatisfy({ $0.isFinite && abs($0) <= 1_000_000 }) else { return "offsets and insets must be within ±1000000 pt" }
            return nil
        }
    }

    /// One sample: seconds from the vector's start, and the finger's location (touch) or the pan's
    /// translation (trackpad).
    public struct Sample: Sendable, Hashable {
        public var time: Double
        public var x: Double
        public var y: Double
    }

    public var name: String
    /// What the gesture does, in a sentence.
    public var summary: String
    public var evidence: Evidence
    /// Why the evidence is what it is: the recording of the same kind, or what is assumed.
    public var evidenceNote: String
    public var input: Input
    /// The rate the input was sampled at (Hz).
    public var inputRate: Double
    public var view: View
    /// Each gesture (touch sequence or pan) from its first sample to the lift.
    public var gestures: [[Sample]]
    /// The recording of a real `UIScrollView` whose input this is, when it is one.
    public var recording: Recording?

    /// A calibration recording's files: its offsets CSV, and its touches or rubber-band log.
    public struct Recording: Sendable, Hashable {
        public var offsets: String
        public var touches: String?
        public var rubberBand: String?
    }

    /// The scenario that replays the vector, in scrollrender's scenario format.
    public var scenarioJSON: String {
        func number(_ value: Double) -> String { RecordingScenario.number(value) }
        let settings = [
            "\"size\": [\(number(view.boundsWidth)), \(number(view.boundsHeight))]", "\"scale\": \(number(view.scale))",
            "\"displayRate\": \(number(view.displayRate))", "\"offset\": [0, \(number(view.offsetY))]",
            "\"inset\": [\(number(view.insetTop)), 0, \(number(view.insetBottom)), 0]",
            "\"deceleration\": \(number(view.decelerationRate))", "\"paging\": \(view.isPagingEnabled)",
            "\"imageScale\": 1", "\"hold\": 0", "\"fps\": \(number(view.displayRate))",
        ]
        let steps = gestures.map { samples in
            let start = samples[0].time
            let at = start > 0 ? "\"at\": \(number(start)), " : ""
            let path = samples.map { "[\(number($0.time - start)), \(number($0.x)), \(number($0.y))]" }.joined(separator: ", ")
            return "{ \(at)\"\(input == .touch ? "drag" : "trackpad")\": { \"path\": [\(path)] } }"
        }
        return "{ \"settings\": { \(settings.joined(separator: ", ")) }, \"timeline\": [\(steps.joined(separator: ", "))] }"
    }

    /// The model's motion for the vector: the simulation of its scenario over content of the view's
    /// content size. The scenario's clock is the vector's: a gesture starting later than 0 starts
    /// `at` its first sample.
    public func expectation() throws(ScrollRenderError) -> ConformanceExpectation {
        let settings = try Scenario(json: Array(scenarioJSON.utf8), file: name).settings
        let scene = ScrollScene(settings: settings, contentPixelWidth: Int(view.contentWidth), contentPixelHeight: Int(view.contentHeight), hasHeader: false)
        let simulation = ScrollSimulation(scrollView: scene.scrollView, timeline: scene.timeline, options: scene.options)
        let last = Int((simulation.restTime * view.displayRate - 1e-6).rounded(.up)) + 1
        // Each tick's time as the files write it (to the microsecond), and its state after every
        // write the files time at or before it: a tick rounded down still holds its own write.
        let frames = (0...last).map { k in
            let tick = Double(k) / view.displayRate, written = ConformanceExport.number(tick)
            return (time: written, offset: simulation.state(at: Swift.max(tick, written)).contentOffset)
        }
        return ConformanceExpectation(frames: frames,
                                      events: Manifest.Event.timeline(simulation).filter { $0.kind == nil })
    }
}

/// What the model does with a vector: its offset at every display tick to rest, and its delegate
/// callbacks.
public struct ConformanceExpectation: Sendable {
    public var frames: [(time: Double, offset: Point)]
    public var events: [Manifest.Event]
}
