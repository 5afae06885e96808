#if canImport(Glibc)
import Glibc
#endif

/// The frame folder's lifecycle: frames are written into a temporary folder beside OUTDIR and
/// moved into place only when the whole sequence is complete, so an interrupted or failed run
/// leaves no partial output and never damages an existing OUTDIR.
public struct OutputFolder: Sendable {
    /// Where the user asked for the frames.
    public let path: String
    /// The hidden folder beside it that receives them first.
    public let temporaryPath: String
    private let replacesExisting: Bool

    /// The names scrollrender writes: the only files `--force` replaces.
    public static func isOurs(_ name: String) -> Bool {
        name == "manifest.json" || (name.hasPrefix("frame_") && name.hasSuffix(".png"))
    }

    /// Checks OUTDIR and creates the temporary folder. OUTDIR must not exist or be empty, unless
    /// `force`, which allows a folder holding only what scrollrender writes.
    public static func prepare(_ path: String, force: Bool) throws(ScrollRenderError) -> OutputFolder {
        let path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let existing = try existingEntries(path)
        if let existing, !existing.isEmpty {
            guard force else {
                throw .cannotCreateOutput(path: path, reason: "the folder exists and is not empty (use --force to replace scrollrender's files in it)")
            }
            if let foreign = existing.first(where: { !isOurs($0) }) {
                throw .cannotCreateOutput(path: path, reason: "the folder holds \(foreign), which scrollrender did not write; --force replaces only frames and manifest.json")
            }
        }
        removeStaleTemporaryFolders(besides: path)
        let temporary = temporaryName(for: path, pid: getpid())
        guard mkdir(temporary, 0o755) == 0 else {
            throw .cannotCreateOutput(path: path, reason: Errno.describe(errno))
        }
        return OutputFolder(path: path, temporaryPath: temporary, replacesExisting: existing != nil)
    }

    /// Writes one file into the temporary folder.
    public func write(_ bytes: [UInt8], named name: String) throws(ScrollRenderError) {
        let file = "\(temporaryPath)/\(name)"
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: Errno.describe(errno)) }
        do throws(ScrollRenderError) {
            try OutputFile.writeAll(bytes, to: descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw .writeFailed(path: path, reason: Errno.describe(errno)) }
    }

    /// Moves the finished sequence into place: a rename of the whole folder when OUTDIR is new,
    /// otherwise (an empty or `--force`d OUTDIR) scrollrender's old files go and the new ones move in.
    public func publish() throws(ScrollRenderError) {
        if !replacesExisting || rmdir(path) == 0 {
            guard rename(temporaryPath, path) == 0 else {
                throw .cannotCreateOutput(path: path, reason: Errno.describe(errno))
            }
            return
        }
        for name in (try? Self.existingEntries(path)) ?? [] where Self.isOurs(name) {
            unlink("\(path)/\(name)")
        }
        for name in (try? Self.existingEntries(temporaryPath)) ?? [] {
            guard rename("\(temporaryPath)/\(name)", "\(path)/\(name)") == 0 else {
                throw .writeFailed(path: path, reason: Errno.describe(errno))
            }
        }
        rmdir(temporaryPath)
    }

    /// Removes the temporary folder and everything in it (after a failure or an interruption).
    public func discard() {
        Self.removeTree(temporaryPath)
    }

    // MARK: - Helpers

    /// `.NAME.scrollrender-PID.tmp` in OUTDIR's parent folder: same filesystem, so renames are atomic.
    static func temporaryName(for path: String, pid: pid_t) -> String {
        let (folder, name) = split(path)
        return "\(folder).\(name).scrollrender-\(pid).tmp"
    }

    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// The entries of OUTDIR, `nil` when it does not exist; a file in its place is refused.
    static func existingEntries(_ path: String) throws(ScrollRenderError) -> [String]? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw .cannotCreateOutput(path: path, reason: Errno.describe(errno))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotCreateOutput(path: path, reason: "it exists and is not a folder")
        }
        guard let directory = opendir(path) else { throw .cannotCreateOutput(path: path, reason: Errno.describe(errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Temporary folders left beside OUTDIR by runs that were killed outright (their process is gone).
    static func removeStaleTemporaryFolders(besides path: String) {
        let (folder, name) = split(path)
        let prefix = ".\(name).scrollrender-"
        guard let entries = try? existingEntries(folder.isEmpty ? "." : folder) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            let pidText = entry.dropFirst(prefix.count).dropLast(4)
            guard let pid = pid_t(pidText), kill(pid, 0) != 0, errno == ESRCH else { continue }
            removeTree(folder + entry)
        }
    }

    /// `rm -r` for the flat folders scrollrender creates.
    static func removeTree(_ path: String) {
        for name in (try? existingEntries(path)) ?? [] { unlink("\(path)/\(name)") }
        rmdir(path)
    }
}
