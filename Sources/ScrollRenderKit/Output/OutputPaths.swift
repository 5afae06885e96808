import FileSystem

/// The rule every command applies before it writes anything: no output is, holds or lies inside
/// one of its inputs (links followed), so that no run can replace the picture it reads, the
/// golden it compares with or a frame it exports. Refused with exit 73.
public enum OutputPaths {
    /// A path a command reads, and what it is to the user ("the input picture", "the golden").
    public struct Input: Sendable {
        public var path: String
        public var role: String

        public init(_ path: String, _ role: String) {
            (self.path, self.role) = (path, role)
        }
    }

    /// Throws for the first output that overlaps an input.
    public static func refuseInputs(outputs: [String], inputs: [Input]) throws(ScrollRenderError) {
        for output in outputs {
            for input in inputs {
                guard let overlap = PathOverlap.between(output: output, input: input.path) else { continue }
                let named = "\(input.role) \(FileSystem.printable(input.path))"
                let reason = switch overlap {
                case .same: "it is \(named)"
                case .outputContainsInput: "it holds \(named)"
                case .outputInsideInput: "it lies inside \(named)"
                }
                throw .cannotCreateOutput(path: output, reason: "\(reason), which this command reads; write it somewhere else")
            }
        }
    }
}
