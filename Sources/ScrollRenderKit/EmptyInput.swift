/// A command given nothing to work on.
public enum EmptyInput: Sendable, Hashable {
    /// A merge given no part.
    case noShards
    /// A regression suite's folder with no scenario file (`NAME.json`) and no golden
    /// (`goldensFolder/NAME/manifest.json`).
    case noSuiteCases(folder: String, goldensFolder: String)
}
