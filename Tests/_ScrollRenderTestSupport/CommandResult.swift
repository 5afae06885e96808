/// How a command ended and what it wrote: run in process (``ScrollrenderCommand``) or as a
/// separate process (``CommandRunner``), the same shape, so that a test reads either alike.
public struct CommandResult: Sendable, Equatable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    public init(status: Int32, standardOutput: String, standardError: String) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}
