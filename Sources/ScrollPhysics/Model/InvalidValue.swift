/// A value the model cannot work with, said in the model's own words ("a pinch scale must be
/// positive"). Whoever read the value adds where it came from: a command-line option or a key of
/// a scenario file.
public struct InvalidValue: Error, Sendable, Hashable, CustomStringConvertible {
    /// The part of a composite value at fault (`by`, `duration`, `path[3]`); empty for the whole.
    public var field: String
    public var problem: String

    public init(_ problem: String, field: String = "") {
        (self.field, self.problem) = (field, problem)
    }

    public var description: String { problem }

    /// The same problem, located inside `field`.
    func at(_ field: String) -> InvalidValue {
        InvalidValue(problem, field: self.field.isEmpty ? field : "\(field).\(self.field)")
    }
}
