/// A file a scenario names — its header picture, a touch or trackpad log — that leads out of the
/// one folder its files may lie in (an absolute path, `..`, or a link), and that the user did not
/// name on the command line. A scenario from a pull request must not read a file of the machine
/// it runs on, nor draw one into frames a CI job publishes.
public struct OutsideFile: Sendable, Hashable {
    /// The scenario (or golden's manifest) that names the file, and the key that names it.
    public var scenario: String
    public var keyPath: String
    /// The path as the scenario writes it (as the manifest's reader resolved it, for a manifest).
    public var named: String
    /// The folder its files must lie in: its own, or its suite's for a golden's manifest.
    public var folder: String
    /// What names such a file on the command line (`--header`, `--path-file`), where the command
    /// that reads the scenario has it.
    public var allowedBy: NamedTerm?

    public init(scenario: String, keyPath: String, named: String, folder: String, allowedBy: NamedTerm?) {
        (self.scenario, self.keyPath, self.named, self.folder, self.allowedBy) = (scenario, keyPath, named, folder, allowedBy)
    }
}
