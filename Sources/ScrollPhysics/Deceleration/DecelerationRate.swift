#if canImport(Glibc)
import Glibc
#endif

/// `UIScrollView.DecelerationRate`: the velocity multiplier per millisecond.
public struct DecelerationRate: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: Double

    public init(rawValue: Double) {
        self.rawValue = rawValue
    }

    /// 0.998 per ms.
    public static let normal = DecelerationRate(rawValue: 0.998)

    /// 0.99 per ms.
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// λ = −1000·ln r (s⁻¹), so that v(t) = v₀·e^(−λt).
    public var decayConstant: Double { -1000 * log(rawValue) }
}

extension DecelerationRate {
    /// A rate per millisecond strictly between 0 (stops at once) and 1 (never stops).
    public init(checking rate: Double) throws(InvalidValue) {
        guard rate.isFinite, rate > 0, rate < 1 else {
            throw InvalidValue("a deceleration rate must be normal, fast or a rate per millisecond between 0 and 1, not \(rate)")
        }
        self.init(rawValue: rate)
    }
}
