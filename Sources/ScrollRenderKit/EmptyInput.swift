/// A command given nothing to work on.
public enum EmptyInput: Sendable, Hashable {
    /// A merge given no part.
    case noShards
}
