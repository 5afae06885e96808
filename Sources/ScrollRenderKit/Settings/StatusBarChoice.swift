import Compositor

/// The status bar's glyphs as a user picks them: `auto` suits the content (what most of a few
/// frames spread over the sequence suit, kept throughout, so that the glyphs do not flicker as the
/// content scrolls under them).
public enum StatusBarChoice: String, Sendable, Hashable, CaseIterable {
    case auto, dark, light
}

extension StatusBarChoice {
    /// The drawing's style: automatic until a frame decides it.
    var style: StatusBarStyle {
        switch self {
        case .auto: .automatic
        case .dark: .darkContent
        case .light: .lightContent
        }
    }
}
