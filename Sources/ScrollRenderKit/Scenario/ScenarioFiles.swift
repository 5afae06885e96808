import FileSystem
import ScrollPhysics

/// The files a scenario may read besides itself — its header picture (`settings.header`), its
/// touch and trackpad logs (`pathFile`) — inside its own folder: no absolute path, no way out
/// through `..` or a link; or among the files the user named on the command line. Scenarios
/// arrive in pull requests beside the runner's files and secrets, and what they read is drawn
/// into frames a CI job publishes; a document read as data (a golden's manifest) reads none.
public struct ScenarioFiles: Sendable {
    /// The folder, links followed; nil when the document may read no file.
    let folder: String?
    /// Files the user allowed by name, links followed.
    let allowed: Set<String>

    /// The files of a scenario at `file`, and `allowed` besides.
    public init(scenario file: String, allowed: [String] = []) {
        self.init(folder: FileSystem.parent(of: file), allowed: allowed)
    }

    /// The files of documents kept in `folder` and below it (a suite, for its goldens' manifests).
    public init(folder: String, allowed: [String] = []) {
        self.folder = PathOverlap.resolved(folder)
        self.allowed = Set(allowed.map(PathOverlap.resolved))
    }

    /// A document that reads no file.
    static let none = ScenarioFiles()

    private init() {
        folder = nil
        allowed = []
    }

    /// The path of the log `name` names at `keyPath` of `scenario`, or why it may not be read.
    func log(_ name: String, at keyPath: String, of scenario: String) throws(ScrollRenderError) -> String {
        guard folder != nil else {
            throw .invalidScenario(path: scenario, keyPath: keyPath, message: "a manifest names no files; its recorded paths are written out in full")
        }
        return try file(name, at: keyPath, of: scenario, allowedBy: .option(.allowedLogFiles))
    }

    /// The path of the header picture `name` names at `keyPath` of `scenario`, or why it may not
    /// be read; a document read as data keeps the name as written (its reader resolves it).
    func header(_ name: String, at keyPath: String, of scenario: String) throws(ScrollRenderError) -> String {
        guard folder != nil else { return name }
        return try file(name, at: keyPath, of: scenario, allowedBy: .setting(.header))
    }

    /// Refuses the header of `settings`, read from the manifest `manifest` (its path already made
    /// whole by ``Manifest/read(folder:)``), when it leads out of the folder; no command line
    /// names a file for a golden's manifest.
    public func checkHeader(of settings: RenderSettings, in manifest: String) throws(ScrollRenderError) {
        guard let header = settings.headerPath else { return }
        _ = try file(header, at: "settings.header", of: manifest, allowedBy: nil, absolute: true)
    }

    /// `name` (relative to the folder; a whole path only where `absolute` allows one) with links
    /// followed, when it lies in the folder or the user named it.
    private func file(_ name: String, at keyPath: String, of scenario: String, allowedBy: NamedTerm?,
                      absolute: Bool = false) throws(ScrollRenderError) -> String {
        let folder = folder ?? "/"
        let resolved = PathOverlap.resolved(name.hasPrefix("/") ? name : FileSystem.join(folder, name))
        if allowed.contains(resolved) { return resolved }
        guard absolute || !name.hasPrefix("/"), resolved.hasPrefix(folder == "/" ? "/" : folder + "/") else {
            throw .outsideScenario(OutsideFile(scenario: scenario, keyPath: keyPath, named: name, folder: folder, allowedBy: allowedBy))
        }
        return resolved
    }
}
