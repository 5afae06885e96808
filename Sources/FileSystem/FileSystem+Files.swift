#if canImport(Glibc)
import Glibc
#endif

extension FileSystem {
    /// Adds `bytes` at the end of the regular file `path` (created if missing): a file others
    /// write too, such as a CI job's summary, to which each step appends its part.
    package static func append(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(.cannotCreate, path, errno: errno) }
        defer { close(descriptor) }
        guard kind(path) == .regularFile else { throw FileSystemError(.cannotCreate, path, reason: "it is not a regular file") }
        try writeAll(bytes, to: descriptor, path: path)
    }
}

extension FileSystem {
    /// The size in bytes of the regular file at `path` (a link is not followed), or nil.
    package static func fileSize(_ path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
