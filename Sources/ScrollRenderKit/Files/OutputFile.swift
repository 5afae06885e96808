#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files so that a failed run leaves nothing behind: the bytes go to a temporary
/// name beside the destination and are renamed into place only once complete.
public enum OutputFile {
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ScrollRenderError) {
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotCreateOutput(path: path, reason: Errno.describe(errno)) }
        do throws(ScrollRenderError) {
            try writeAll(bytes, to: descriptor, path: path)
            guard close(descriptor) == 0 else { throw .writeFailed(path: path, reason: Errno.describe(errno)) }
            guard rename(temporary, path) == 0 else { throw .cannotCreateOutput(path: path, reason: Errno.describe(errno)) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
    }

    /// A hidden name in the destination's folder, unique to this process, so the rename is atomic.
    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder).\(name).scrollrender-\(getpid()).tmp"
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ScrollRenderError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: path, reason: Errno.describe(errno))
            }
            offset += written
        }
    }
}
