/// A run option given a value it never takes, whatever the input: outside its range, not of its
/// form, or a span given end first. Like swift-argument-parser's `unableToParseValue`, it says
/// which option, the value as given and what the option takes; the sentence is worded from them.
public struct InvalidOptionValue: Sendable, Hashable {
    public var option: RunOption
    /// The value as given (`"0-"`, `"12XB"`, `"300"`).
    public var given: String
    public var allowed: Allowed

    public init(_ option: RunOption, given: String, allowed: Allowed) {
        (self.option, self.given, self.allowed) = (option, given, allowed)
    }

    /// What an option takes.
    public enum Allowed: Sendable, Hashable {
        /// A number from the lower to the upper bound. For an option written as text — frames
        /// `A-B`, a shard `K/N`, a size `10MB`, a loop count — the numbers its form holds.
        case range(ClosedRange<Double>)
        /// A span whose end does not come before its start (a trim's must come after it).
        case ordered
    }
}
