/// The `zoomScale` a pinch shows: the fingers' raw scale, rubber-banded beyond the zoom limits.
public enum Zooming {
    /// The zoom scale shown for a raw pinch scale s: within the limits as is; beyond them, with
    /// `bounces`, max·(2 − max/s) above the maximum and min/(2 − s/min) below the minimum (so never
    /// past twice the maximum or half the minimum), else clamped. Static analysis (one port).
    public static func displayedScale(forRawScale raw: Double, minimum: Double, maximum: Double, bounces: Bool)
        -> Double
    {
        if raw > maximum {
            return bounces ? maximum * (2 - maximum / raw) : maximum
        }
        if raw < minimum {
            return bounces ? minimum / (2 - raw / minimum) : minimum
        }
        return raw
    }
}
