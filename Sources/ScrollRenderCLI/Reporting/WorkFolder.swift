import FileSystem
import Foundation
import Synchronization

/// A command's own folder in the temporary directory (renders of a suite run while they are
/// compared): marked with the run's identity, removed on every exit the command controls, and —
/// when the run was killed outright — by the next run, which sees its owner gone.
struct WorkFolder: Sendable {
    let path: String

    /// Runs made in this process so far: runs in process (tests, many at once) share its id, so
    /// each folder's name also carries its run's number.
    private static let runs = Atomic<Int>(0)

    /// Sweeps the folders of killed runs, then makes this run's.
    static func make(named name: String) throws(CommandFailure) -> WorkFolder {
        let temporary = FileManager.default.temporaryDirectory.path
        FileSystem.removeStaleStaging(in: temporary, prefix: ".\(name)-")
        let run = runs.add(1, ordering: .relaxed).newValue
        let path = FileSystem.temporaryName(for: FileSystem.join(temporary, "\(name)-\(run)"))
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
