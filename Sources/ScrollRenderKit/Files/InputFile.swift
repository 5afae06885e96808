import FileSystem

/// Input files (pictures, scenarios, touch logs), read whole through the ``FileSystem`` layer:
/// regular files only, with their failures in the Kit's words.
package enum InputFile {
    package static func read(_ path: String, limit: Int = .max) throws(ScrollRenderError) -> [UInt8] {
        do throws(FileSystemError) {
            return try FileSystem.readRegularFile(path, limit: limit)
        } catch {
            throw error.kind == .notFound ? .inputNotFound(path: path) : .inputUnreadable(path: path, reason: error.reason)
        }
    }
}
