#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole input files with plain POSIX calls, turning `errno` into ``ScrollRenderError``.
public enum InputFile {
    /// The file's bytes. Folders, missing files and unreadable files are refused with their own errors.
    public static func read(_ path: String) throws(ScrollRenderError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw openError(path, errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .inputUnreadable(path: path, reason: Errno.describe(errno)) }
        if status.st_mode & S_IFMT == S_IFDIR { throw .inputUnreadable(path: path, reason: "it is a folder, not a file") }
        return try readAll(descriptor, path: path, sizeHint: Int(status.st_size))
    }

    private static func openError(_ path: String, _ code: Int32) -> ScrollRenderError {
        code == ENOENT ? .inputNotFound(path: path) : .inputUnreadable(path: path, reason: Errno.describe(code))
    }

    private static func readAll(_ descriptor: Int32, path: String, sizeHint: Int) throws(ScrollRenderError) -> [UInt8] {
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
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

/// `strerror` in words, lower-cased to sit inside our one-line messages.
enum Errno {
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
