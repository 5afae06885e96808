import FileSystem
import Foundation

/// An export being written: an exclusive temporary file beside where it will go (created with
/// `O_EXCL | O_NOFOLLOW` under an unpredictable name, so no link planted in advance can redirect
/// it), handed to the encoder as an open descriptor, and renamed into place only when complete and
/// verified. Folders the path needs that do not exist yet are created only when it is published;
/// until then the file waits in the nearest folder that exists, on the same file system.
final class StagedFile: @unchecked Sendable {
    /// Where the file goes, as the user wrote it.
    let path: String
    let temporaryPath: String
    /// Open for reading and writing until ``close()``.
    private(set) var descriptor: Int32

    init(for path: String) throws(ScrollRenderError) {
        self.path = path
        if let kind = FileSystem.kind(path), kind != .regularFile {
            throw .cannotCreateOutput(path: path, reason: "it exists and is not a regular file; scrollrender replaces only regular files")
        }
        let folder = OutputFolder.nearestExistingFolder(above: path)
        guard FileSystem.isFolder(folder) else {
            throw .cannotCreateOutput(path: path, reason: "\(FileSystem.printable(folder)) is not a folder")
        }
        var opened: (String, Int32)?
        for _ in 0..<8 where opened == nil {
            let name = ".\(FileSystem.lastComponent(of: path)).scrollrender-\(UInt64.random(in: 0...UInt64.max)).part"
            let candidate = FileSystem.join(folder, String(name.suffix(250)))
            let descriptor = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 { opened = (candidate, descriptor) } else if errno != EEXIST {
                throw .cannotCreateOutput(path: path, reason: FileSystemError.describe(errno))
            }
        }
        guard let (temporary, descriptor) = opened else { throw .cannotCreateOutput(path: path, reason: "no unused temporary name beside it") }
        temporaryPath = temporary
        self.descriptor = descriptor
    }

    deinit { discard() }

    /// The size written so far.
    var size: Int {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Empties the file for another try.
    func truncate() throws(ScrollRenderError) {
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw .writeFailed(path: path, reason: FileSystemError.describe(errno))
        }
    }

    /// Flushes the file to the disk, so that a full disk is seen now and not after it is in place.
    func sync() throws(ScrollRenderError) {
        guard fsync(descriptor) == 0 else { throw .writeFailed(path: path, reason: FileSystemError.describe(errno)) }
    }

    /// Removes the temporary file (nothing else): after a failure, or when another try won.
    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
            unlink(temporaryPath)
        }
    }

    /// Publishes every file together, with fatal signals held back: the folders each needs are
    /// created, an earlier file at each path is kept under a link until all are in place, and if
    /// any rename fails every earlier file is put back and the new ones are removed.
    static func publish(_ files: [StagedFile]) throws(ScrollRenderError) {
        try FileSystem.withSignalsBlocked { () throws(ScrollRenderError) in
            var done: [(StagedFile, kept: String?)] = []
            func undo() {
                for (file, kept) in done.reversed() {
                    if let kept { rename(kept, file.path) } else { unlink(file.path) }
                }
            }
            for file in files {
                do throws(ScrollRenderError) {
                    done.append((file, try file.moveIntoPlace()))
                } catch {
                    undo()
                    throw error
                }
            }
            for (file, kept) in done {
                if let kept { unlink(kept) }
                close(file.descriptor)
                file.descriptor = -1
            }
        }
    }

    /// Renames the temporary file over `path`, after linking an earlier file at `path` to a
    /// temporary name (returned) so that it can be put back.
    private func moveIntoPlace() throws(ScrollRenderError) -> String? {
        do throws(FileSystemError) {
            try FileSystem.makeFolders(FileSystem.parent(of: path))
        } catch {
            throw .cannotCreateOutput(path: path, reason: error.reason)
        }
        var kept: String?
        switch FileSystem.kind(path) {
        case nil: break
        case .regularFile?:
            let aside = temporaryPath + ".earlier"
            guard link(path, aside) == 0 else { throw .cannotCreateOutput(path: path, reason: FileSystemError.describe(errno)) }
            kept = aside
        default:
            throw .cannotCreateOutput(path: path, reason: "it exists and is not a regular file; scrollrender replaces only regular files")
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = FileSystemError.describe(errno)
            if let kept { unlink(kept) }
            throw .cannotCreateOutput(path: path, reason: reason)
        }
        return kept
    }
}
