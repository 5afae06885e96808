import TextFormat

/// How different two frames may be and still count as equal.
///
/// Two separate limits, as users of visual-regression tools ask for (Playwright's `threshold` and
/// `maxDiffPixels` / `maxDiffPixelRatio`, reg-cli's `thresholdPixel` / `thresholdRate`):
/// - ``channel``: the per-channel difference (0–255, on red, green, blue and alpha alike) that a pixel
///   may show and still count as *unchanged*; and, when ``threshold`` is set, the perceptual
///   distance too: a pixel then differs only when it is over both;
/// - ``differingPixels``: how many pixels of one frame may differ by more than that, as a count,
///   as a fraction of the frame, or both (jest-image-snapshot #351: a frame over either fails).
///
/// The default, ``exact``, allows nothing: every pixel must match exactly.
public struct DiffTolerance: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How many differing pixels one frame may have.
    public enum PixelLimit: Sendable, Hashable {
        /// At most this many pixels.
        case count(Int)
        /// At most this fraction (0…1) of the frame's pixels.
        case ratio(Double)
        /// Both caps at once: a frame over either fails.
        case both(count: Int, ratio: Double)
    }

    /// The largest per-channel difference that still counts as equal, 0–255.
    public var channel: Int
    /// How many pixels may differ by more than ``channel`` in one frame.
    public var differingPixels: PixelLimit
    /// The perceptual threshold, 0–1, as pixelmatch and Playwright take it: a pixel whose YIQ
    /// distance (blended over white by alpha; ``perceptualDistance(_:_:)``) is at most
    /// 35215 · threshold² counts as unchanged. `nil`: the channel difference alone decides.
    public var threshold: Double?

    /// Nothing may differ.
    public static let exact = DiffTolerance()

    /// pixelmatch's default threshold (Playwright's `toHaveScreenshot` uses 0.2).
    public static let pixelmatchThreshold = 0.1

    /// pixelmatch's bound on the YIQ distance of two pixels, 35215: the threshold's scale.
    public static let largestPerceptualDistance = 35215.0

    public init(channel: Int = 0, differingPixels: PixelLimit = .count(0), threshold: Double? = nil) {
        (self.channel, self.differingPixels, self.threshold) = (channel, differingPixels, threshold)
    }

    /// The YIQ distance at or under which a pixel is unchanged, or `nil` without a threshold.
    public var largestUnchangedDistance: Double? {
        threshold.map { Self.largestPerceptualDistance * $0 * $0 }
    }

    /// Whether `count` differing pixels out of `total` are allowed.
    public func allows(differingPixels count: Int, of total: Int) -> Bool {
        switch differingPixels {
        case .count(let limit):
            return count <= limit
        case .ratio(let ratio):
            return total == 0 ? count == 0 : Double(count) <= ratio * Double(total)
        case .both(let limit, let ratio):
            return DiffTolerance(differingPixels: .count(limit)).allows(differingPixels: count, of: total)
                && DiffTolerance(differingPixels: .ratio(ratio)).allows(differingPixels: count, of: total)
        }
    }

    /// E.g. "channel difference ≤ 3, at most 0 differing pixels per frame".
    public var description: String {
        let pixels = switch differingPixels {
        case .count(let limit): "at most \(limit) differing \(limit == 1 ? "pixel" : "pixels") per frame"
        case .ratio(let ratio): "at most \(DiffReport.percent(ratio)) differing pixels per frame"
        case .both(let limit, let ratio):
            "at most \(limit) differing \(limit == 1 ? "pixel" : "pixels") and at most \(DiffReport.percent(ratio)) per frame"
        }
        let perceptual = threshold.map { ", perceptual threshold \(TextFormat.number($0)) (YIQ)" } ?? ""
        return "channel difference ≤ \(channel)\(perceptual), \(pixels)"
    }

    private enum CodingKeys: String, CodingKey {
        case channel, maxDiffPixels, maxDiffRatio, threshold
    }

    /// `{"channel": 3, "maxDiffPixels": 10}`, `{"channel": 3, "maxDiffRatio": 0.01}`, or both caps.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(channel, forKey: .channel)
        try container.encodeIfPresent(threshold, forKey: .threshold)
        switch differingPixels {
        case .count(let limit): try container.encode(limit, forKey: .maxDiffPixels)
        case .ratio(let ratio): try container.encode(ratio, forKey: .maxDiffRatio)
        case .both(let limit, let ratio):
            try container.encode(limit, forKey: .maxDiffPixels)
            try container.encode(ratio, forKey: .maxDiffRatio)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        channel = try container.decodeIfPresent(Int.self, forKey: .channel) ?? 0
        threshold = try container.decodeIfPresent(Double.self, forKey: .threshold)
        let count = try container.decodeIfPresent(Int.self, forKey: .maxDiffPixels)
        if let ratio = try container.decodeIfPresent(Double.self, forKey: .maxDiffRatio) {
            differingPixels = count.map { .both(count: $0, ratio: ratio) } ?? .ratio(ratio)
        } else {
            differingPixels = .count(try container.decodeIfPresent(Int.self, forKey: .maxDiffPixels) ?? 0)
        }
    }
}
