import FileSystem
import ScrollPhysics

/// The files a scenario may read besides itself: its touch and trackpad logs (`pathFile`), inside
/// its own folder — no absolute path, no way out through `..` or a link — or among the files the
/// user named on the command line. Scenarios arrive in pull requests beside the runner's files and
/// secrets; a document read as data (a golden's manifest) reads none.
public struct ScenarioFiles: Sendable {
    /// The scenario's folder, links followed; nil when the document may read no file.
    let folder: String?
    /// Files the user allowed by name, links followed.
    let allowed: Set<String>

    /// The files of a scenario at `file`, and `allowed` besides.
    public init(scenario file: String, allowed: [String] = []) {
        folder = PathOverlap.resolved(FileSystem.parent(of: file))
        self.allowed = Set(allowed.map(PathOverlap.resolved))
    }

    /// A document that reads no file.
    static let none = ScenarioFiles(folder: nil, allowed: [])

    private init(folder: String?, allowed: Set<String>) {
        self.folder = folder
        self.allowed = allowed
    }

    /// The path of the log `name` names, or why it may not be read.
    func log(_ name: String) throws(InvalidValue) -> String {
        guard let folder else { throw InvalidValue("a manifest names no files; its recorded paths are written out in full") }
        let path = name.hasPrefix("/") ? name : FileSystem.join(folder, name)
        let resolved = PathOverlap.resolved(path)
        if allowed.contains(resolved) { return resolved }
        guard !name.hasPrefix("/"), resolved.hasPrefix(folder == "/" ? "/" : folder + "/") else {
            throw InvalidValue("\"\(FileSystem.printable(name))\" is outside the scenario's folder; a scenario reads logs from its own folder "
                               + "(or name the file with \(option: .allowedLogFiles))")
        }
        return resolved
    }
}
