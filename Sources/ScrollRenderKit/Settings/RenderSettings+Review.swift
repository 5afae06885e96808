extension RenderSettings {
    /// The most frames a second a golden made for review holds.
    public static let reviewFPS = 20.0

    /// The same motion, sampled for review in a golden: at most 20 frames a second, and 1 pixel
    /// per point unless these settings give a scale — a ninth of a 3× device's pixels and a third
    /// of its frames. A golden's manifest records them, so that a render from it matches.
    /// `assertScrollSnapshot` and `scrollrender test` both make goldens so. (zlib at level 9 would
    /// save a fifth of a photo's bytes for 150 times the encoding time.)
    public func compactForReview() -> RenderSettings {
        var settings = self
        if settings.fps > Self.reviewFPS { try? settings.set(.fps, to: .number(Self.reviewFPS)) }
        if !settings.given.contains(.scale) { try? settings.set(.scale, to: .number(1)) }
        return settings
    }
}
