import Geometry

/// Where one touch sequence's fingers are at a moment, and how visible their marks are: fully while
/// they touch, fading out after lift as "Show Touches" fades them (about a quarter of a second).
///
/// A sequence is what UIKit would report between `touchesBegan` and `touchesEnded`: samples of every
/// finger's position (in the same order in every sample, as a pinch's two fingers are), from
/// ``began`` to ``ended``. Between samples a finger moves in a straight line; after lift its mark
/// stays where the finger left the glass.
public struct TouchTimeline: Sendable, Equatable {
    public struct Sample: Sendable, Equatable {
        /// Seconds, on the same clock as ``TouchTimeline/marks(at:)``.
        public var time: Double
        /// Each finger's position in view points.
        public var points: [Point]

        public init(time: Double, points: [Point]) {
            (self.time, self.points) = (time, points)
        }
    }

    /// iOS fades a lifted touch's mark over roughly 0.2–0.3 s.
    public static let defaultFadeDuration = 0.25

    /// In time order.
    public var samples: [Sample]
    /// When the fingers touched down.
    public var began: Double
    /// When they lifted.
    public var ended: Double
    public var kind: TouchMark.Kind
    /// Seconds from lift to a mark's disappearance.
    public var fadeDuration: Double

    /// A sequence from `samples` (sorted here by time), which began at the first sample and ended at
    /// the last unless told otherwise.
    public init(samples: [Sample], began: Double? = nil, ended: Double? = nil, kind: TouchMark.Kind = .finger,
                fadeDuration: Double = TouchTimeline.defaultFadeDuration) {
        self.samples = samples.sorted { $0.time < $1.time }
        self.began = began ?? self.samples.first?.time ?? 0
        self.ended = ended ?? self.samples.last?.time ?? self.began
        self.kind = kind
        self.fadeDuration = max(0, fadeDuration)
    }

    /// The marks showing at `time`: none before touch-down or once faded.
    public func marks(at time: Double) -> [TouchMark] {
        let opacity = opacity(at: time)
        guard opacity > 0 else { return [] }
        return positions(at: min(max(time, began), ended)).map { TouchMark(position: $0, kind: kind, opacity: opacity) }
    }

    /// Every sequence's marks at `time`, in the order given.
    public static func marks(_ timelines: [TouchTimeline], at time: Double) -> [TouchMark] {
        timelines.flatMap { $0.marks(at: time) }
    }

    /// 1 while touching, falling linearly to 0 over ``fadeDuration`` after lift.
    public func opacity(at time: Double) -> Double {
        guard time >= began, !samples.isEmpty else { return 0 }
        if time <= ended { return 1 }
        guard fadeDuration > 0 else { return 0 }
        return max(0, 1 - (time - ended) / fadeDuration)
    }

    /// The fingers at `time`: the last sample at or before it, moved towards the next one when that
    /// has as many fingers (a finger that lands or lifts between them is not interpolated).
    public func positions(at time: Double) -> [Point] {
        guard let first = samples.first else { return [] }
        guard time > first.time else { return first.points }
        let index = lastSample(atOrBefore: time)
        let sample = samples[index]
        guard index + 1 < samples.count else { return sample.points }
        let next = samples[index + 1]
        guard next.points.count == sample.points.count, next.time > sample.time else { return sample.points }
        let t = (time - sample.time) / (next.time - sample.time)
        return zip(sample.points, next.points).map { $0 + ($1 - $0) * t }
    }

    /// The index of the last sample whose time is at or before `time` (`time` ≥ the first sample's).
    private func lastSample(atOrBefore time: Double) -> Int {
        var low = 0, high = samples.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if samples[middle].time <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
