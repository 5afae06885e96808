import Geometry

/// The phase of a touch sample, like `UITouch.Phase`.
public enum TouchPhase: String, Sendable, Hashable, Codable {
    case began
    case moved
    case ended
}

/// One touch event: where the fingers are at `time`.
public struct TouchSample: Sendable, Hashable, Codable {
    /// Seconds from the start of the script.
    public var time: Double
    public var phase: TouchPhase
    /// One location per finger (one or two), in the scroll view's frame coordinates.
    public var locations: [Point]

    public init(time: Double, phase: TouchPhase, locations: [Point]) {
        precondition(!locations.isEmpty, "a touch sample needs at least one finger")
        (self.time, self.phase, self.locations) = (time, phase, locations)
    }

    /// The centroid of the fingers, which drives panning.
    public var centroid: Point {
        locations.reduce(Point.zero, +) / Double(locations.count)
    }

    /// The distance between the first two fingers (0 with one finger), which drives pinching.
    public var spread: Double {
        locations.count < 2 ? 0 : (locations[1] - locations[0]).length
    }
}

/// Timed touch samples: one or more gestures, each `began`, `moved`…, `ended`, with the same finger
/// count throughout a gesture. Builders produce realistic finger timing.
public struct TouchScript: Sendable, Hashable, Codable {
    public private(set) var samples: [TouchSample]

    /// Checks that the samples are in time order and form complete gestures.
    public init(samples: [TouchSample]) {
        precondition(Self.isWellFormed(samples), "touch samples must be ordered began, moved…, ended gestures")
        self.samples = samples
    }

    /// Samples read from a file: `nil` unless they form complete gestures (a script that does not
    /// is the file's mistake, not a programming error).
    public init?(checking samples: [TouchSample]) {
        guard samples.allSatisfy({ !$0.locations.isEmpty }), Self.isWellFormed(samples) else { return nil }
        self.samples = samples
    }

    /// Decodes samples and refuses any that do not form complete gestures.
    public init(from decoder: any Decoder) throws {
        let samples = try decoder.singleValueContainer().decode([TouchSample].self)
        guard samples.allSatisfy({ !$0.locations.isEmpty }), Self.isWellFormed(samples) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "touch samples must be ordered began, moved…, ended gestures"))
        }
        self.samples = samples
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(samples)
    }

    /// Seconds from the script's start to its last sample.
    public var duration: Double { samples.last?.time ?? 0 }

    /// This script followed by `next`, which starts `gap` seconds after this one ends.
    public func followed(by next: TouchScript, after gap: Double) -> TouchScript {
        let offset = duration + gap
        let shifted = next.samples.map { TouchSample(time: $0.time + offset, phase: $0.phase, locations: $0.locations) }
        return TouchScript(samples: samples + shifted)
    }

    private static func isWellFormed(_ samples: [TouchSample]) -> Bool {
        var isDown = false
        var fingers = 0
        var time = -Double.infinity
        for sample in samples {
            guard sample.time >= time else { return false }
            time = sample.time
            switch sample.phase {
            case .began:
                guard !isDown else { return false }
                (isDown, fingers) = (true, sample.locations.count)
            case .moved, .ended:
                guard isDown, sample.locations.count == fingers else { return false }
                isDown = sample.phase == .moved
            }
        }
        return !isDown
    }
}
