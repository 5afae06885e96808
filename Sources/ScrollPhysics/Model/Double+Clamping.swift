extension Double {
    /// Clamps to `[lower, upper]`.
    func clamped(_ lower: Double, _ upper: Double) -> Double {
        Swift.min(Swift.max(self, lower), upper)
    }

    /// −1, 0 or +1.
    var signum: Double { self > 0 ? 1 : (self < 0 ? -1 : 0) }
}
