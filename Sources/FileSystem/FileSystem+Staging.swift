#if canImport(Glibc)
import Glibc
#endif
import _FileShims

/// Staging folders and the runs that own them: a folder is built under a hidden name, marked as
/// scrollrender's with the identity of the run building it, and moved or swapped into place
/// whole; what a run killed outright leaves is recognised by that mark and removed by a later run.
extension FileSystem {
    /// The marker a staging folder carries, so that a later run can recognise it as scrollrender's
    /// without trusting its name alone. It holds the run's identity (``runIdentity``).
    package static let stagingMarker = ".scrollrender-staging"

    /// Creates the marker in a staging folder this run just made.
    package static func markAsStaging(_ folder: String) -> Bool {
        let descriptor = open("\(folder)/\(stagingMarker)", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        let identity = Array(runIdentity.utf8)
        let written = identity.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return written == identity.count
    }

    /// Removes staging folders of runs killed outright, named `PREFIX<pid>.tmp` in `folder`: only
    /// real folders (never a link), owned by this user, whose run is over, and carrying the marker
    /// — or, unmarked, holding nothing but files `isOurs` names (a run killed between creating the
    /// folder and marking it, or just after swapping a folder whole, before marking the earlier
    /// one); their files and, one level down, their subfolders' files.
    package static func removeStaleStaging(in folder: String, prefix: String, isOurs: ((String) -> Bool)? = nil) {
        for entry in entries(folder) ?? [] where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            let candidate = join(folder, entry), marker = "\(candidate)/\(stagingMarker)"
            guard let owner = entry.ranges(of: ".scrollrender-").last, owner.upperBound <= entry.index(entry.endIndex, offsetBy: -4),
                  let pid = pid_t(entry[owner.upperBound...].dropLast(4)), pid > 0, isOwnedRealFolder(candidate) else { continue }
            let recognised = isRegularFile(marker)
                ? isRunOver(pid: pid, marker: marker)
                : isProcessGone(pid) && isOurs.map { isOurs in (entries(candidate) ?? [""]).allSatisfy { isOurs($0) && isRegularFile("\(candidate)/\($0)") } } == true
            if recognised { removeStagingFolder(candidate) }
        }
    }

    /// Removes a staging folder's files and, one level down, its subfolders' files, then the
    /// folder; anything deeper (which scrollrender never writes) stays, and so does the folder.
    package static func removeStagingFolder(_ path: String) {
        for name in entries(path) ?? [] where kind("\(path)/\(name)") == .folder {
            removeFlatFolder("\(path)/\(name)")
        }
        removeFlatFolder(path)
    }

    /// Whether no process has this id any more (the run that left a folder was killed outright).
    package static func isProcessGone(_ pid: pid_t) -> Bool {
        pid > 0 && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Whether the run that wrote `marker` is over: its process is gone, or the id now belongs to
    /// a process started at another time (ids are reused, often at once in a container).
    static func isRunOver(pid: pid_t, marker: String) -> Bool {
        if isProcessGone(pid) { return true }
        guard let written = try? readRegularFile(marker, limit: 64), !written.isEmpty,
              let current = identity(of: pid) else { return false }
        return String(decoding: written, as: UTF8.self) != current
    }

    /// This process: its id and the time it started, in clock ticks after boot.
    package static let runIdentity = identity(of: getpid()) ?? "\(getpid())"

    /// `PID STARTTIME` from `/proc/PID/stat` (field 22), or nil where there is no such process.
    static func identity(of pid: pid_t) -> String? {
        guard let stat = try? readRegularFile("/proc/\(pid)/stat", limit: 4096) else { return nil }
        // The command name, in parentheses, may hold spaces: count fields after its last ')'.
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 19 else { return nil }
        return "\(pid) \(String(decoding: fields[19], as: UTF8.self))"
    }

    /// Swaps two folders on one file system in one step (`renameat2` with `RENAME_EXCHANGE`), so
    /// that each path names a whole folder at every instant. False, with errno set, where the file
    /// system or kernel cannot.
    package static func exchange(_ first: String, _ second: String) -> Bool {
        sr_exchange_paths(first, second) == 0
    }

    /// Puts the finished `staging` folder at `path`: swapped with an earlier folder there in one
    /// step where the file system can (so that `path` is one whole folder at every instant), else
    /// the earlier one moved aside first and put back if the rename fails; the earlier folder then
    /// goes. Fatal signals are held back meanwhile.
    package static func replaceFolder(_ path: String, with staging: String) throws(FileSystemError) {
        unlink(join(staging, stagingMarker))
        try withSignalsBlocked { () throws(FileSystemError) in
            if kind(path) != nil, exchange(staging, path) {
                removeStagingFolder(staging)
                return
            }
            var aside: String?
            if kind(path) != nil {
                let moved = temporaryName(for: path, suffix: "earlier")
                guard rename(path, moved) == 0 else { throw FileSystemError(.cannotCreate, path, errno: errno) }
                aside = moved
            }
            guard rename(staging, path) == 0 else {
                let code = errno
                if let aside { rename(aside, path) }
                throw FileSystemError(.cannotCreate, path, errno: code)
            }
            if let aside { removeStagingFolder(aside) }
        }
    }
}
