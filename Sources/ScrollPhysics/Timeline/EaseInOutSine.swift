#if canImport(Glibc)
import Glibc
#endif

/// UIKit's animation curve for `setContentOffset(_:animated:)`: progress = sin²(π/2 · t/T), as read
/// from UIKit at runtime. The model also uses it, as a guess, for zoom animations, the zoom bounce,
/// scroll to top and the indicator fade.
public enum EaseInOutSine {
    /// Progress 0…1 at `fraction` 0…1 of the duration.
    public static func progress(_ fraction: Double) -> Double {
        let f = fraction.clamped(0, 1)
        let s = sin(Double.pi / 2 * f)
        return s * s
    }

    /// d(progress)/d(fraction).
    static func slope(_ fraction: Double) -> Double {
        guard fraction > 0, fraction < 1 else { return 0 }
        return Double.pi / 2 * sin(Double.pi * fraction)
    }
}
