#if canImport(Glibc)
import Glibc
#endif

/// Reads whole input files with plain POSIX calls, turning `errno` into ``ScrollRenderError``.
/// Only regular files are read: a FIFO would block forever and a device (`/dev/zero`) never end.
package enum InputFile {
    /// The file's bytes. Folders, devices, FIFOs, missing and unreadable files are refused with
    /// their own errors, and so is a file over `limit` bytes.
    package static func read(_ path: String, limit: Int = .max) throws(ScrollRenderError) -> [UInt8] {
        // Non-blocking, so that opening a FIFO with no writer returns at once; cleared before reading.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw openError(path, errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .inputUnreadable(path: path, reason: Errno.describe(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .inputUnreadable(path: path, reason: "it is a folder, not a file")
        default: throw .inputUnreadable(path: path, reason: "it is not a regular file (a device, FIFO or socket)")
        }
        guard Int(status.st_size) <= limit else {
            throw .inputUnreadable(path: path, reason: "it is \(status.st_size) bytes, over the limit of \(limit)")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return try readAll(descriptor, path: path, sizeHint: Int(status.st_size), limit: limit)
    }

    private static func openError(_ path: String, _ code: Int32) -> ScrollRenderError {
        code == ENOENT ? .inputNotFound(path: path) : .inputUnreadable(path: path, reason: Errno.describe(code))
    }

    private static func readAll(_ descriptor: Int32, path: String, sizeHint: Int, limit: Int) throws(ScrollRenderError) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(max(sizeHint, 0) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .inputUnreadable(path: path, reason: Errno.describe(errno))
            }
            if count == 0 { return bytes }
            // A file that grows while it is read is held to the same limit.
            guard bytes.count + count <= limit else { throw .inputUnreadable(path: path, reason: "it is over the limit of \(limit) bytes") }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

/// `strerror` in words, lower-cased to sit inside our one-line messages.
package enum Errno {
    package static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
