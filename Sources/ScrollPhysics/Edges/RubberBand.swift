/// The rubber band that resists a drag past an edge: the content moves ever less than the finger,
/// never more than the bounds size past the edge.
public enum RubberBand {
    /// f(u) = u·c·d/(d + c·u): visible overscroll for a raw overscroll `u` ≥ 0; slope c at 0, limit d.
    public static func offset(
        forOverscroll u: Double, dimension d: Double,
        coefficient c: Double = UIKitConstants.rubberBandCoefficient
    ) -> Double {
        guard d > 0 else { return 0 }
        return u * c * d / (d + c * u)
    }

    /// f⁻¹(s) = s·d/(c·(d − s)): the raw overscroll that shows `s`, used to catch a bouncing view
    /// without a jump. `s` is capped just below d, where f⁻¹ diverges.
    public static func overscroll(
        forOffset s: Double, dimension d: Double,
        coefficient c: Double = UIKitConstants.rubberBandCoefficient
    ) -> Double {
        guard d > 0 else { return 0 }
        let visible = Swift.min(s, d * (1 - 1e-6))
        return visible * d / (c * (d - visible))
    }

    /// The visible offset for a raw (finger-driven) offset on one axis.
    static func visibleOffset(raw: Double, lower: Double, upper: Double, dimension d: Double, coefficient c: Double) -> Double {
        if raw < lower { return lower - offset(forOverscroll: lower - raw, dimension: d, coefficient: c) }
        if raw > upper { return upper + offset(forOverscroll: raw - upper, dimension: d, coefficient: c) }
        return raw
    }

    /// The raw offset that shows `visible`: the inverse of ``visibleOffset(raw:lower:upper:dimension:)``.
    static func rawOffset(visible: Double, lower: Double, upper: Double, dimension d: Double, coefficient c: Double) -> Double {
        if visible < lower { return lower - overscroll(forOffset: lower - visible, dimension: d, coefficient: c) }
        if visible > upper { return upper + overscroll(forOffset: visible - upper, dimension: d, coefficient: c) }
        return visible
    }
}
