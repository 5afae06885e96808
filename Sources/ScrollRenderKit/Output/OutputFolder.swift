#if canImport(Glibc)
import Glibc
#endif
import FileSystem

/// The frame folder's lifecycle. Frames are written into a staging folder on OUTDIR's own file
/// system and put in place only when the whole sequence is complete:
/// - a new OUTDIR: staged beside it, then one rename;
/// - an existing one: staged beside it (where it really is, links followed) and swapped with it
///   whole in one step (`renameat2` with `RENAME_EXCHANGE`), so that OUTDIR names the earlier
///   sequence or the new one at every instant, even under SIGKILL; the earlier one then goes;
/// - an existing one that cannot be swapped whole (a mount point, a file system without the
///   exchange): staged inside it and replaced file by file under ``SwapJournal``, which the next
///   run that opens the folder completes or undoes.
/// Nothing this run did not create is ever deleted, emptied or replaced.
package struct OutputFolder: Sendable {
    /// Where the user asked for the frames, without trailing slashes.
    package let path: String
    /// Whether OUTDIR already exists (empty, or an earlier sequence with `--force`).
    private let exists: Bool
    /// OUTDIR opened and locked, so that a second run cannot write into it at the same time.
    private let lock: Int32?
    /// Where an existing OUTDIR really is, when it can be swapped whole with a folder built beside
    /// it: its parent is on its file system (it is no mount point) and writable.
    fileprivate let wholeSwapPath: String?

    /// The names scrollrender writes: the only files `--force` replaces.
    package static func isOurs(_ name: String) -> Bool {
        name == "manifest.json" || (name.hasPrefix("frame_") && name.hasSuffix(".png"))
    }

    /// Checks OUTDIR and locks it when it exists. OUTDIR must not exist or be empty, unless
    /// `force`, which allows a folder holding only regular files named as scrollrender names them.
    package static func prepare(_ path: String, force: Bool) throws(ScrollRenderError) -> OutputFolder {
        let path = FileSystem.trimmingTrailingSlashes(path)
        guard try existingEntries(path) != nil else { return OutputFolder(path: path, exists: false, lock: nil, wholeSwapPath: nil) }
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
        return OutputFolder(path: path, exists: true, lock: lock, wholeSwapPath: wholeSwapPath(of: path))
    }

    /// Where `path` really is, when a folder built beside it can be swapped with it: not a mount
    /// point (its parent is on the same file system) and in a folder this run can write.
    private static func wholeSwapPath(of path: String) -> String? {
        let real = PathOverlap.resolved(path), parent = FileSystem.parent(of: real)
        var folder = stat(), above = stat()
        guard stat(real, &folder) == 0, stat(parent, &above) == 0, folder.st_dev == above.st_dev,
              access(parent, W_OK) == 0 else { return nil }
        return real
    }

    /// Before a sequence is read: a replacement that a killed run left half done is finished or
    /// undone, so that the reader sees one whole sequence. False when one is pending that a live
    /// run is carrying out (it holds the folder): the reader should say so rather than read.
    @discardableResult
    package static func settleInterruptedSwaps(_ path: String) -> Bool {
        guard FileSystem.isFolder(path) else { return true }
        guard let lock = try? lockFolder(path) else { return !SwapJournal.hasPendingSwap(in: path) }
        SwapJournal.finishInterruptedSwaps(in: path)
        let real = PathOverlap.resolved(path)
        StagingFolder.removeStale(in: FileSystem.parent(of: real), besides: FileSystem.lastComponent(of: real))
        close(lock)
        return true
    }

    /// Creates the staging folder (after removing stale ones of runs that were killed outright).
    package func beginStaging() throws(ScrollRenderError) -> StagingFolder {
        if exists {
            // Under the lock, staging folders inside OUTDIR are all stale.
            StagingFolder.removeStale(in: path, besides: nil)
        }
        // A new OUTDIR whose parent folders do not exist yet is staged in the nearest folder that
        // does (the same file system); its parents are created when it is published.
        let beside = exists ? wholeSwapPath : path
        let parent = beside.map { exists ? FileSystem.parent(of: $0) : Self.nearestExistingFolder(above: $0) } ?? path
        let name = beside.map(StagingFolder.besideName) ?? StagingFolder.insideName(pid: getpid())
        if let beside { StagingFolder.removeStale(in: parent, besides: FileSystem.lastComponent(of: beside)) }
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
            guard target.replacesContents else { return try renameIntoPlace() }
            guard let real = target.wholeSwapPath else { return try swapContents(from: temporaryPath) }
            if try swapWhole(with: real) { return }
            // The file system cannot exchange: the journal replaces the files one by one, from a
            // staging folder inside OUTDIR (the same file system: OUTDIR is no mount point).
            try swapContents(from: try movedInside())
        }
    }

    /// Swaps the staged folder with OUTDIR (at `real`) in one step, then removes the earlier
    /// sequence. False, with nothing changed, where the file system cannot exchange.
    private func swapWhole(with real: String) throws(ScrollRenderError) -> Bool {
        var earlier = stat()
        if stat(real, &earlier) == 0 { chmod(temporaryPath, earlier.st_mode & 0o7777) }
        guard FileSystem.exchange(temporaryPath, real) else {
            if [EINVAL, ENOSYS, EXDEV, EBUSY, ENOTSUP].contains(errno) { return false }
            throw .writeFailed(path: path, reason: "\(FileSystemError.describe(errno)); the earlier sequence is kept")
        }
        // The staging mark goes with the earlier sequence, now under the staging name, so that a
        // run killed before it is gone leaves a folder the next run knows to remove.
        rename("\(real)/\(Self.marker)", "\(temporaryPath)/\(Self.marker)")
        FileSystem.removeStagingFolder(temporaryPath)
        return true
    }

    /// The staged files, moved into a staging folder inside OUTDIR for the journal; its path.
    private func movedInside() throws(ScrollRenderError) -> String {
        let inside = FileSystem.join(path, StagingFolder.insideName(pid: getpid()))
        guard mkdir(inside, 0o755) == 0, FileSystem.markAsStaging(inside) else {
            throw .writeFailed(path: path, reason: "\(FileSystemError.describe(errno)); the earlier sequence is kept")
        }
        for name in FileSystem.entries(temporaryPath) ?? [] where name != Self.marker {
            guard rename("\(temporaryPath)/\(name)", "\(inside)/\(name)") == 0 else {
                throw .writeFailed(path: path, reason: "\(FileSystemError.describe(errno)); the earlier sequence is kept")
            }
        }
        FileSystem.removeStagingFolder(temporaryPath)
        return inside
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

    /// An existing OUTDIR that cannot be swapped whole: the earlier sequence moves aside, the new
    /// one moves in from `staging`, the earlier one goes; if any rename fails, everything moves back
    /// and the earlier sequence stays. A run killed outright (SIGKILL) in the middle is finished or
    /// undone by the next one to open the folder, as ``SwapJournal`` says.
    private func swapContents(from staging: String) throws(ScrollRenderError) {
        let aside = "\(path)/\(SwapJournal.asideName(pid: getpid()))"
        guard mkdir(aside, 0o755) == 0 else { throw .writeFailed(path: path, reason: FileSystemError.describe(errno)) }
        let earlier = (FileSystem.entries(path) ?? []).filter(OutputFolder.isOurs)
        let new = (FileSystem.entries(staging) ?? []).filter { $0 != Self.marker }
        var movedAside: [String] = [], movedIn: [String] = []
        func undo(_ reason: String) -> ScrollRenderError {
            for name in movedIn { rename("\(path)/\(name)", "\(staging)/\(name)") }
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
            guard rename("\(staging)/\(name)", "\(path)/\(name)") == 0 else { throw undo(FileSystemError.describe(errno)) }
            movedIn.append(name)
        }
        SwapJournal.discard(aside, in: path, pid: getpid())
        unlink("\(staging)/\(Self.marker)")
        rmdir(staging)
    }

    /// Removes the staging folder and what this run wrote into it.
    package func discard() {
        FileSystem.removeStagingFolder(temporaryPath)
        FileSystem.removeStagingFolder(FileSystem.join(path, StagingFolder.insideName(pid: getpid())))
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
        FileSystem.removeStaleStaging(in: folder, prefix: name.map { ".\($0).scrollrender-" } ?? ".scrollrender-", isOurs: OutputFolder.isOurs)
    }
}
