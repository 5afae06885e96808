import FileSystem
import Foundation

/// A command's own folder in the temporary directory (renders of a suite run while they are
/// compared): marked with the run's identity, removed on every exit the command controls, and —
/// when the run was killed outright — by the next run, which sees its owner gone.
struct WorkFolder: Sendable {
    let path: String

    /// Sweeps the folders of killed runs, then makes this run's.
    static func make(named name: String) throws(CommandFailure) -> WorkFolder {
        let temporary = FileManager.default.temporaryDirectory.path
        FileSystem.removeStaleStaging(in: temporary, prefix: ".\(name).scrollrender-")
        let path = FileSystem.temporaryName(for: FileSystem.join(temporary, name))
        do throws(FileSystemError) {
            try FileSystem.makeFolders(path)
        } catch {
            throw CommandFailure(message: "\(path): cannot create the work folder: \(error.reason)", status: .cannotCreate)
        }
        guard FileSystem.markAsStaging(path) else {
            throw CommandFailure(message: "\(path): cannot mark the work folder: \(FileSystemError.describe(errno))", status: .cannotCreate)
        }
        return WorkFolder(path: path)
    }

    /// Its frames, its cases' folders, then the folder.
    func remove() {
        for name in FileSystem.entries(path) ?? [] where FileSystem.kind(FileSystem.join(path, name)) == .folder {
            FileSystem.removeStagingFolder(FileSystem.join(path, name))
        }
        FileSystem.removeStagingFolder(path)
    }
}
