#if canImport(Glibc)
import Glibc
#endif
import FileSystem

/// The frame folder's lifecycle. Frames are written into a staging folder on OUTDIR's own file
/// system — beside a new OUTDIR, inside an existing one (which may be a mount point or a link to
/// another file system) — and moved into place by renames only when the whole sequence is
/// complete. An earlier sequence is moved aside, not deleted, until the new one is in place, and
/// is put back if that fails. Nothing this run did not create is ever deleted, emptied or replaced.
package struct OutputFolder: Sendable {
    /// Where the user asked for the frames, without trailing slashes.
    package let path: String
    /// Whether OUTDIR already exists (empty, or an earlier sequence with `--force`).
    private let exists: Bool
    /// OUTDIR opened and locked, so that a second run cannot write into it at the same time.
    private let lock: Int32?

    /// The names scrollrender writes: the only files `--force` replaces.
    package static func isOurs(_ name: String) -> Bool {
        name == "manifest.json" || (name.hasPrefix("frame_") && name.hasSuffix(".png"))
    }

    /// Checks OUTDIR and locks it when it exists. OUTDIR must not exist or be empty, unless
    /// `force`, which allows a folder holding only regular files named as scrollrender names them.
    package static func prepare(_ path: String, force: Bool) throws(ScrollRenderError) -> OutputFolder {
        let path = FileSystem.trimmingTrailingSlashes(path)
        guard try existingEntries(path) != nil else { return OutputFolder(path: path, exists: false, lock: nil) }
        let lock = try lockFolder(path)
        do throws(ScrollRenderError) {
            SwapJournal.finishInterruptedSwaps(in: path)
            let visible = (try existingEntries(path) ?? []).filter { !StagingFolder.isStagingName($0) }
            if !visible.isEmpty {
                guard force else {
                    throw .cannotCreateOutput(path: path, reason: "the folder exists and is not empty (\(option: .force) replaces scrollrender's files in it)")
                }
                if let foreign = visible.first(where: { !isOurs($0) || !FileSystem.isRegularFile("\(path)/\($0)") }) {
                    throw .cannotCreateOutput(path: path, reason: "the folder holds \(FileSystem.printable(foreign)), which scrollrender did not write; \(option: .force) replaces only frames and manifest.json")
                }
            }
        } catch {
            close(lock)
            throw error
        }
        return OutputFolder(path: path, exists: true, lock: lock)
    }

    /// Before a sequence is read: a replacement that a killed run left half done is finished or
    /// undone (unless a live run holds the folder), so that the reader sees one whole sequence.
    package static func settleInterruptedSwaps(_ path: String) {
        guard FileSystem.isFolder(path), let lock = try? lockFolder(path) else { return }
        SwapJournal.finishInterruptedSwaps(in: path)
        close(lock)
    }

    /// Creates the staging folder (after removing stale ones of runs that were killed outright).
    package func beginStaging() throws(ScrollRenderError) -> StagingFolder {
        // A new OUTDIR whose parent folders do not exist yet is staged in the nearest folder that
        // does (the same file system); its parents are created when it is published.
        let parent = exists ? path : Self.nearestExistingFolder(above: path)
        let name = exists ? StagingFolder.insideName(pid: getpid()) : StagingFolder.besideName(for: path)
        StagingFolder.removeStale(in: parent, besides: exists ? nil : FileSystem.lastComponent(of: path))
        return try StagingFolder(target: self, path: FileSystem.join(parent, name))
    }

    fileprivate var replacesContents: Bool { exists }

    /// The nearest folder above `path` that exists (`.` for a bare name).
    static func nearestExistingFolder(above path: String) -> String {
        var folder = FileSystem.parent(of: path)
        while FileSystem.kind(folder) == nil, folder != "/", folder != "." { folder = FileSystem.parent(of: folder) }
        return folder
    }

    fileprivate func unlock() {
        if let lock { close(lock) }
    }

    /// The entries of OUTDIR, `nil` when it does not exist; a file in its place is refused.
    static func existingEntries(_ path: String) throws(ScrollRenderError) -> [String]? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw .cannotCreateOutput(path: path, reason: FileSystemError.describe(errno))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotCreateOutput(path: path, reason: "it exists and is not a folder")
        }
        guard let names = FileSystem.entries(path) else { throw .cannotCreateOutput(path: path, reason: FileSystemError.describe(errno)) }
        return names
    }

    private static func lockFolder(_ path: String) throws(ScrollRenderError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotCreateOutput(path: path, reason: FileSystemError.describe(errno)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .cannotCreateOutput(path: path, reason: "another scrollrender run is writing into this folder")
        }
        return descriptor
    }
}

/// The hidden folder a run writes its frames into, marked as scrollrender's own so that a later
/// run can recognise it as stale without trusting its name alone.
package struct StagingFolder: Sendable {
    /// OUTDIR, as the user gave it (for messages and the manifest).
    package var path: String { target.path }
    package let temporaryPath: String
    private let target: OutputFolder

    static let marker = FileSystem.stagingMarker

    fileprivate init(target: OutputFolder, path: String) throws(ScrollRenderError) {
        self.target = target
        temporaryPath = path
        guard mkdir(path, 0o755) == 0 else { throw .cannotCreateOutput(path: target.path, reason: FileSystemError.describe(errno)) }
        guard FileSystem.markAsStaging(path) else {
            let reason = FileSystemError.describe(errno)
            rmdir(path)
            throw .cannotCreateOutput(path: target.path, reason: reason)
        }
    }

    /// Writes one file into the staging folder.
    package func write(_ bytes: [UInt8], named name: String) throws(ScrollRenderError) {
        do throws(FileSystemError) {
            try FileSystem.writeNew(bytes, to: "\(temporaryPath)/\(name)")
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    /// Puts a finished frame of another folder into the staging folder, linked when it can be.
    package func place(_ source: String, named name: String) throws(ScrollRenderError) -> Bool {
        do throws(FileSystemError) {
            return try FileSystem.linkOrCopy(source, to: "\(temporaryPath)/\(name)")
        } catch {
            throw error.kind == .notFound || error.kind == .unreadable
                ? .inputUnreadable(path: source, reason: error.reason) : .writeFailed(path: path, reason: error.reason)
        }
    }

    /// Moves the finished sequence into place, with fatal signals held back until it is done.
    package func publish() throws(ScrollRenderError) {
        defer { target.unlock() }
        try FileSystem.withSignalsBlocked { () throws(ScrollRenderError) in
            if target.replacesContents { try swapContents() } else { try renameIntoPlace() }
        }
    }

    /// A new OUTDIR: its missing parent folders, then one rename of the whole folder.
    private func renameIntoPlace() throws(ScrollRenderError) {
        do throws(FileSystemError) {
            try FileSystem.makeFolders(FileSystem.parent(of: path))
        } catch {
            throw .cannotCreateOutput(path: path, reason: error.reason)
        }
        unlink("\(temporaryPath)/\(Self.marker)")
        guard rename(temporaryPath, path) == 0 else {
            let reason = errno == ENOTEMPTY || errno == EEXIST ? "another run created it while this one was rendering" : FileSystemError.describe(errno)
            throw .cannotCreateOutput(path: path, reason: reason)
        }
    }

    /// An existing OUTDIR: the earlier sequence moves aside, the new one moves in, the earlier one
    /// goes; if any rename fails, everything moves back and the earlier sequence stays. A run
    /// killed outright (SIGKILL) in the middle is finished or undone by the next one to open the
    /// folder, as ``SwapJournal`` says, so the folder holds one whole sequence at any instant.
    private func swapContents() throws(ScrollRenderError) {
        let aside = "\(path)/\(SwapJournal.asideName(pid: getpid()))"
        guard mkdir(aside, 0o755) == 0 else { throw .writeFailed(path: path, reason: FileSystemError.describe(errno)) }
        let earlier = (FileSystem.entries(path) ?? []).filter(OutputFolder.isOurs)
        let new = (FileSystem.entries(temporaryPath) ?? []).filter { $0 != Self.marker }
        var movedAside: [String] = [], movedIn: [String] = []
        func undo(_ reason: String) -> ScrollRenderError {
            for name in movedIn { rename("\(path)/\(name)", "\(temporaryPath)/\(name)") }
            SwapJournal.revokeCommit(aside)
            for name in movedAside { rename("\(aside)/\(name)", "\(path)/\(name)") }
            rmdir(aside)
            return .writeFailed(path: path, reason: "\(reason); the earlier sequence is kept")
        }
        for name in earlier {
            guard rename("\(path)/\(name)", "\(aside)/\(name)") == 0 else { throw undo(FileSystemError.describe(errno)) }
            movedAside.append(name)
        }
        guard SwapJournal.commit(aside) else { throw undo(FileSystemError.describe(errno)) }
        for name in new {
            guard rename("\(temporaryPath)/\(name)", "\(path)/\(name)") == 0 else { throw undo(FileSystemError.describe(errno)) }
            movedIn.append(name)
        }
        SwapJournal.discard(aside, in: path, pid: getpid())
        unlink("\(temporaryPath)/\(Self.marker)")
        rmdir(temporaryPath)
    }

    /// Removes the staging folder and what this run wrote into it.
    package func discard() {
        FileSystem.removeFlatFolder(temporaryPath)
        target.unlock()
    }

    // MARK: - Names

    /// `.NAME.scrollrender-PID.tmp` beside a new OUTDIR (the layer's temporary name).
    static func besideName(for path: String) -> String {
        FileSystem.lastComponent(of: FileSystem.temporaryName(for: path))
    }

    /// `.scrollrender-PID.tmp` inside an existing OUTDIR.
    static func insideName(pid: pid_t) -> String { ".scrollrender-\(pid).tmp" }

    static func isStagingName(_ name: String) -> Bool {
        name.hasPrefix(".scrollrender-") && [".tmp", ".earlier", ".done"].contains { name.hasSuffix($0) }
    }

    /// Removes staging folders of runs killed outright (see ``FileSystem/removeStaleStaging(in:prefix:)``).
    static func removeStale(in folder: String, besides name: String?) {
        FileSystem.removeStaleStaging(in: folder, prefix: name.map { ".\($0).scrollrender-" } ?? ".scrollrender-")
    }
}
