import ScrollRenderKit

/// What a check holds against its golden: frames it renders now, or frames already on disk.
public enum CheckSubject: Sendable {
    /// Frames rendered now over `image`, into the run's work folder; `compact` renders them as
    /// goldens are recorded for review (``RenderSettings/compactForReview()``).
    case render(RenderSource, image: String, compact: Bool)
    /// A frame folder with its manifest (`scrollrender diff golden/ out/`).
    case sequence(String)
    /// One PNG file (`scrollrender diff expected.png actual.png`).
    case picture(String)

    /// Where a render's settings come from. A scenario file is read by the check, so that a bad
    /// one fails its own case, not the run.
    public enum RenderSource: Sendable {
        case settings(RenderSettings)
        /// A scenario file (its own paths confined to its folder).
        case scenario(String)
        /// The golden's manifest, which records the settings that made it; the header picture it
        /// names must lie in `within` (the suite that holds the golden).
        case goldenManifest(within: String)
    }
}
