#if canImport(Glibc)
import Glibc
#endif

/// Writes output files so that a failed run leaves nothing behind: the bytes go to a temporary
/// name beside the destination and are renamed into place only once complete. Only a new path or
/// a regular file is ever replaced — never a link, a device, a folder, or the file being read.
package enum OutputFile {
    package static func writeAtomically(_ bytes: [UInt8], to path: String, notOver input: String? = nil) throws(ScrollRenderError) {
        try checkReplaceable(path, input: input)
        let temporary = temporaryPath(for: path)
        try FileSystem.withSignalsBlocked { () throws(ScrollRenderError) in
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
    }

    /// `path` may be new or a regular file (not a link to one), and not the file `input` names.
    static func checkReplaceable(_ path: String, input: String?) throws(ScrollRenderError) {
        var target = stat()
        guard lstat(path, &target) == 0 else { return }
        guard target.st_mode & S_IFMT == S_IFREG else {
            throw .cannotCreateOutput(path: path, reason: "it exists and is not a regular file; scrollrender replaces only regular files")
        }
        var source = stat()
        if let input, stat(input, &source) == 0, source.st_dev == target.st_dev, source.st_ino == target.st_ino {
            throw .cannotCreateOutput(path: path, reason: "it is the input picture; write the PNG somewhere else")
        }
    }

    /// A hidden name in the destination's folder, unique to this process, so the rename is atomic.
    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder).\(name).scrollrender-\(getpid()).tmp"
    }

    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ScrollRenderError) {
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
