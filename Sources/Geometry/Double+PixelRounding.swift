extension Double {
    /// Rounds to the nearest device pixel (1/`scale` pt), half away from zero like `round()`, as
    /// UIKit rounds `contentOffset`.
    public func roundedToPixels(scale: Double) -> Double {
        (self * scale).rounded() / scale
    }
}
