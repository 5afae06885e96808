#if canImport(Glibc)
import Glibc
#endif
import FileSystem

/// How replacing the sequence in an existing folder survives SIGKILL, which no handler sees, where
/// the folder cannot be swapped whole (a mount point, a file system without `RENAME_EXCHANGE`;
/// ``OutputFolder`` swaps whole everywhere else). The swap moves the earlier files into
/// `.scrollrender-PID.earlier`, marks that folder committed, moves the new files in from the
/// staging folder `.scrollrender-PID.tmp`, then renames the earlier folder `.scrollrender-PID.done`
/// and removes it. The commit mark decides what a killed swap was: before it, the folder still
/// belongs to the earlier sequence, which the next run puts back; after it, to the new one, whose
/// remaining files the next run moves in. So the folder holds one whole sequence whenever a
/// reader or writer opens it.
///
/// A swap runs only while its run holds the folder's lock (``OutputFolder``), and the kernel lets
/// the lock go when the run dies: whoever holds the lock and finds a journal knows it is a dead
/// run's, whatever process now has that run's id.
package enum SwapJournal {
    static let committedMark = ".scrollrender-committed"

    static func asideName(pid: pid_t) -> String { ".scrollrender-\(pid).earlier" }
    private static func doneName(pid: pid_t) -> String { ".scrollrender-\(pid).done" }

    /// Marks the earlier files as all moved aside: from now on the new sequence wins.
    static func commit(_ aside: String) -> Bool {
        let descriptor = open("\(aside)/\(committedMark)", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// Called by an undo once the new files are back in staging: the earlier sequence wins again.
    static func revokeCommit(_ aside: String) {
        unlink("\(aside)/\(committedMark)")
    }

    /// The swap is done: the earlier files go, under a name that can no longer be mistaken for a
    /// swap to finish or undo.
    static func discard(_ aside: String, in folder: String, pid: pid_t) {
        let done = FileSystem.join(folder, doneName(pid: pid))
        FileSystem.removeFlatFolder(rename(aside, done) == 0 ? done : aside)
    }

    /// Finishes or undoes the swaps that runs killed outright left in `folder` (the caller holds
    /// its lock, so no live run is swapping), and clears the mark of a whole swap cut short. Only
    /// real folders of this user are touched, and only scrollrender's own file names move.
    package static func finishInterruptedSwaps(in folder: String) {
        clearMarkOfCutExchange(in: folder)
        for entry in FileSystem.entries(folder) ?? [] {
            guard let (pid, suffix) = parse(entry) else { continue }
            let path = FileSystem.join(folder, entry)
            guard FileSystem.isOwnedRealFolder(path) else { continue }
            if suffix == "done" {
                FileSystem.removeFlatFolder(path)
                continue
            }
            let staging = FileSystem.join(folder, StagingFolder.insideName(pid: pid))
            let committed = FileSystem.isRegularFile("\(path)/\(committedMark)")
            if FileSystem.isOwnedRealFolder(staging) {
                if committed { moveOurFiles(from: staging, to: folder) }
                FileSystem.removeFlatFolder(staging)
            }
            if !committed { moveOurFiles(from: path, to: folder) }
            FileSystem.removeFlatFolder(path)
        }
    }

    /// Whether `folder` holds a journal a swap left (a reader that cannot take the lock asks).
    package static func hasPendingSwap(in folder: String) -> Bool {
        (FileSystem.entries(folder) ?? []).contains { parse($0)?.1 == "earlier" }
    }

    /// A whole swap killed between the exchange and moving the staging mark out leaves the mark in
    /// the new sequence's folder, and the earlier sequence, unmarked, beside it under the staging
    /// name of the run the mark names: the mark goes back to that folder, which the next cleanup
    /// of stale staging folders then removes.
    private static func clearMarkOfCutExchange(in folder: String) {
        let mark = FileSystem.join(folder, FileSystem.stagingMarker)
        guard FileSystem.isRegularFile(mark) else { return }
        let identity = (try? FileSystem.readRegularFile(mark, limit: 64)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let real = PathOverlap.resolved(folder)
        if let pid = identity.split(separator: " ").first.flatMap({ pid_t($0) }) {
            let earlier = FileSystem.join(FileSystem.parent(of: real), ".\(FileSystem.lastComponent(of: real)).scrollrender-\(pid).tmp")
            if FileSystem.isOwnedRealFolder(earlier), rename(mark, FileSystem.join(earlier, FileSystem.stagingMarker)) == 0 { return }
        }
        unlink(mark)
    }

    private static func moveOurFiles(from source: String, to folder: String) {
        for name in FileSystem.entries(source) ?? [] where OutputFolder.isOurs(name) && FileSystem.isRegularFile("\(source)/\(name)") {
            rename("\(source)/\(name)", "\(folder)/\(name)")
        }
    }

    /// `(pid, "earlier" | "done")` for `.scrollrender-PID.earlier` and `.scrollrender-PID.done`.
    private static func parse(_ entry: String) -> (pid_t, String)? {
        let prefix = ".scrollrender-"
        guard entry.hasPrefix(prefix), let dot = entry.lastIndex(of: ".") , dot > entry.startIndex else { return nil }
        let suffix = String(entry[entry.index(after: dot)...])
        guard suffix == "earlier" || suffix == "done",
              let pid = pid_t(entry[entry.index(entry.startIndex, offsetBy: prefix.count)..<dot]) else { return nil }
        return (pid, suffix)
    }
}
