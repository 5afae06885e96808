import FrameDiff
import Geometry
import TextFormat

/// Comparison options as one layer gives them — the command line, a scenario's `check`, a suite's
/// defaults — each unset where the layer says nothing. Layers stack, the nearest winning
/// (``over(_:)``); every rule is checked once, here, as the options are built.
public struct ComparisonOverrides: Sendable, Hashable {
    public var tolerance: Int?
    public var threshold: Double?
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    public var masks: [Rect]?
    public var offsetTolerance: Double?

    public init(tolerance: Int? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
                masks: [Rect]? = nil, offsetTolerance: Double? = nil) {
        (self.tolerance, self.threshold, self.maxDiffPixels) = (tolerance, threshold, maxDiffPixels)
        (self.maxDiffRatio, self.masks, self.offsetTolerance) = (maxDiffRatio, masks, offsetTolerance)
    }

    /// These values, and `lower`'s where these say nothing.
    public func over(_ lower: ComparisonOverrides) -> ComparisonOverrides {
        ComparisonOverrides(tolerance: tolerance ?? lower.tolerance, threshold: threshold ?? lower.threshold,
                            maxDiffPixels: maxDiffPixels ?? lower.maxDiffPixels, maxDiffRatio: maxDiffRatio ?? lower.maxDiffRatio,
                            masks: masks ?? lower.masks, offsetTolerance: offsetTolerance ?? lower.offsetTolerance)
    }

    /// The options, unset ones at their defaults (nothing may differ); a value that breaks its
    /// rule is refused, naming it. Both pixel caps may be given: a frame over either fails.
    public func options() throws(InvalidComparison) -> ComparisonOptions {
        if let tolerance, !(0...255).contains(tolerance) { throw InvalidComparison(.tolerance, "must be 0–255, not \(tolerance)") }
        if let threshold, !(0...1).contains(threshold) { throw InvalidComparison(.threshold, "must be from 0 to 1, not \(TextFormat.number(threshold))") }
        if let maxDiffPixels, maxDiffPixels < 0 { throw InvalidComparison(.maxDiffPixels, "must be 0 or more, not \(maxDiffPixels)") }
        if let maxDiffRatio, !(0...1).contains(maxDiffRatio) {
            throw InvalidComparison(.maxDiffRatio, "must be a fraction from 0 to 1, not \(TextFormat.number(maxDiffRatio))")
        }
        if let offsetTolerance, !(offsetTolerance.isFinite && (0...1_000_000).contains(offsetTolerance)) {
            throw InvalidComparison(.offsetTolerance, "must be from 0 to 1000000 points, not \(TextFormat.number(offsetTolerance))")
        }
        for mask in masks ?? [] {
            let numbers = [mask.origin.x, mask.origin.y, mask.size.width, mask.size.height]
            guard numbers.allSatisfy({ $0.isFinite && abs($0) <= 1_000_000 }), mask.size.width > 0, mask.size.height > 0 else {
                throw InvalidComparison(.masks, "must be X,Y,W,H in points with a positive width and height, not \(numbers.map { TextFormat.number($0) }.joined(separator: ","))")
            }
        }
        let limit: DiffTolerance.PixelLimit = switch (maxDiffPixels, maxDiffRatio) {
        case let (count?, ratio?): .both(count: count, ratio: ratio)
        case let (nil, ratio?): .ratio(ratio)
        case let (count, nil): .count(count ?? 0)
        }
        return ComparisonOptions(tolerance: DiffTolerance(channel: tolerance ?? 0, differingPixels: limit, threshold: threshold),
                                 masks: masks ?? [], offsetTolerance: offsetTolerance ?? 0)
    }
}

/// A comparison option whose value breaks its rule: which one, and the rule in words.
public struct InvalidComparison: Error, Sendable, Hashable {
    public enum Option: String, Sendable, CaseIterable {
        case tolerance, threshold, maxDiffPixels, maxDiffRatio, masks, offsetTolerance
    }

    public var option: Option
    /// "must be 0–255, not 300".
    public var problem: String

    init(_ option: Option, _ problem: String) {
        (self.option, self.problem) = (option, problem)
    }
}
