import FileSystem

/// Output files written whole and atomically through the ``FileSystem`` layer, with their failures
/// in the Kit's words.
package enum OutputFile {
    package static func writeAtomically(_ bytes: [UInt8], to path: String, notOver input: String? = nil) throws(ScrollRenderError) {
        do throws(FileSystemError) {
            try FileSystem.writeAtomically(bytes, to: path, notOver: input)
        } catch {
            throw ScrollRenderError(writing: error, reporting: path)
        }
    }
}

extension ScrollRenderError {
    /// A write's failure as the Kit reports it, naming `path` (OUTDIR for a frame).
    init(writing error: FileSystemError, reporting path: String) {
        self = error.kind == .writeFailed
            ? .writeFailed(path: path, reason: error.reason)
            : .cannotCreateOutput(path: path, reason: error.reason)
    }
}
