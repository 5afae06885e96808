import Dispatch
import Synchronization

/// A file's SHA-256 computed on another thread, so that reading a large picture a second time
/// overlaps decoding it (a 900-megapixel JPEG is a third of a gigabyte to hash).
final class BackgroundDigest: Sendable {
    private let result = Mutex<Result<String, ScrollRenderError>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts hashing `path` at once.
    init(path: String) {
        DispatchQueue.global().async { [self] in
            let digest = Result { () throws(ScrollRenderError) in try InputFile.sha256(path) }
            result.withLock { $0 = digest }
            finished.signal()
        }
    }

    /// The digest, waiting for it if it is not done; the read's failure if it failed.
    func value() throws(ScrollRenderError) -> String {
        finished.wait()
        finished.signal()  // later calls return at once
        return try result.withLock { $0! }.get()
    }
}
