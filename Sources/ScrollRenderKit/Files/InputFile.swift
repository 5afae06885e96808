import FileSystem

/// Input files (pictures, scenarios, touch logs), read whole through the ``FileSystem`` layer:
/// regular files only, with their failures in the Kit's words.
package enum InputFile {
    package static func read(_ path: String, limit: Int = .max) throws(ScrollRenderError) -> [UInt8] {
        do throws(FileSystemError) {
            return try FileSystem.readRegularFile(path, limit: limit)
        } catch {
            throw inputError(error, path)
        }
    }

    /// The first `count` bytes of the file and its size.
    package static func readPrefix(_ path: String, count: Int) throws(ScrollRenderError) -> (bytes: [UInt8], fileSize: Int) {
        do throws(FileSystemError) {
            return try FileSystem.readPrefix(path, count: count)
        } catch {
            throw inputError(error, path)
        }
    }

    /// The file's SHA-256 in hex, read a megabyte at a time.
    package static func sha256(_ path: String) throws(ScrollRenderError) -> String {
        let hasher = SHA256()
        do throws(FileSystemError) {
            try FileSystem.forEachChunk(of: path) { chunk in hasher.update(chunk) }
        } catch {
            throw inputError(error, path)
        }
        return hasher.hexDigest()
    }

    /// A file-system failure in the Kit's words.
    private static func inputError(_ error: FileSystemError, _ path: String) -> ScrollRenderError {
        error.kind == .notFound ? .inputNotFound(path: path) : .inputUnreadable(path: path, reason: error.reason)
    }
}
