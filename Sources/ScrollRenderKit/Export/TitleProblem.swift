/// Why an export's title line could not be drawn.
public enum TitleProblem: Sendable, Equatable {
    /// The font is not at `path`: Debian's `debianPackage` installs it.
    case fontMissing(path: String, debianPackage: String)
    /// FreeType's error code (-1: out of memory).
    case freeType(code: Int32)
}
