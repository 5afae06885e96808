import Synchronization

/// A stream's bytes kept in memory, written from any thread.
public final class OutputBuffer: Sendable {
    private let bytes = Mutex<[UInt8]>([])

    public init() {}

    func append(_ more: [UInt8]) {
        bytes.withLock { $0 += more }
    }

    /// What was written so far.
    public var contents: [UInt8] { bytes.withLock { $0 } }

    /// What was written so far, as UTF-8 text.
    public var text: String { String(decoding: contents, as: UTF8.self) }
}
