#if canImport(Glibc)
import Glibc
#endif

/// The few file-system operations scrollrender needs, in plain POSIX calls that never follow a
/// link where following one could touch a file this run did not create.
enum FileSystem {
    /// `out//` is `out`; `/` stays `/`.
    static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// The folder holding `path` (`.` for a bare name).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)"
    }

    /// A folder's entries (without `.` and `..`), sorted; `nil` if it cannot be listed.
    static func entries(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether `path` itself (not what a link points to) is a regular file.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// A real folder (not a link to one) owned by this user.
    static func isOwnedRealFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_uid == getuid()
    }

    /// Removes the files of a folder this run created, then the folder; anything else in it
    /// (a subfolder someone put there) stays, and so does the folder.
    static func removeFlatFolder(_ path: String) {
        for name in entries(path) ?? [] where !isRealFolder("\(path)/\(name)") { unlink("\(path)/\(name)") }
        rmdir(path)
    }

    private static func isRealFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Creates `path` (which must not exist) with `bytes`; errors name `reporting`.
    static func writeNew(_ bytes: [UInt8], to path: String, reporting: String) throws(ScrollRenderError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: reporting, reason: Errno.describe(errno)) }
        do throws(ScrollRenderError) {
            try OutputFile.writeAll(bytes, to: descriptor, path: reporting)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw .writeFailed(path: reporting, reason: Errno.describe(errno)) }
    }

    /// Runs `body` with the signals that would end the process held back, so that a rename
    /// sequence is never cut in half; they are delivered when it returns.
    static func withSignalsBlocked<T>(_ body: () throws(ScrollRenderError) -> T) throws(ScrollRenderError) -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for number in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGALRM, SIGXCPU, SIGUSR1] { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// A name as it can be shown in a one-line message: control characters escaped.
    static func printable(_ name: String) -> String {
        name.unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }
}
