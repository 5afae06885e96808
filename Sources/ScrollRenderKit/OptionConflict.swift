/// Options given together that cannot work together, each fine alone.
public enum OptionConflict: Sendable, Hashable {
    /// Two options that set the same thing, both given (``RunOption/exportWidth`` and ``RunOption/exportScale``).
    case bothGiven(RunOption, RunOption)
    /// An option that no export given takes: ``RunOption/colors`` (a GIF's), ``RunOption/loop``
    /// (a GIF's, WebP's or APNG's; videos loop as their player decides).
    case noExportTakes(RunOption)
    /// The device's screen asked of frames that already show it (rendered with `chrome`).
    case screenAlreadyDrawn(frames: String)
    /// One file named twice as an export: only the last would be left.
    case exportNamedTwice(path: String)
}
