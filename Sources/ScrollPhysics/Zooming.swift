/// The `zoomScale` a pinch shows: the fingers' raw scale, rubber-banded beyond the zoom limits.
public enum Zooming {
    /// The zoom scale shown for a raw pinch scale: within the limits as is; beyond them rubber-banded
    /// when `bounces` (`limit·(1 + f(ratio − 1))`, f the ``RubberBand`` with the zoom constants,
    /// ratio = raw/max, or min/raw below the minimum; the form is a guess), else clamped.
    public static func displayedScale(forRawScale raw: Double, minimum: Double, maximum: Double, bounces: Bool)
        -> Double
    {
        if raw > maximum {
            return bounces ? maximum * (1 + band(raw / maximum - 1)) : maximum
        }
        if raw < minimum {
            return bounces ? minimum / (1 + band(minimum / raw - 1)) : minimum
        }
        return raw
    }

    private static func band(_ u: Double) -> Double {
        RubberBand.offset(
            forOverscroll: u, dimension: UIKitConstants.zoomRubberBandDimension,
            coefficient: UIKitConstants.zoomRubberBandCoefficient)
    }
}
