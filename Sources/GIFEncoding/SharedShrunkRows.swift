import Dispatch

/// Output rows of a whole-number shrink (``FrameScaler/blockSize``) that many frames share. A
/// scroll's frames show the same content rows at different offsets, so where a frame's block of
/// rows is a block of the content's rows, its output row is that block's, made once: by its first
/// content row (`key`), a row of the content shrunk as ``FrameScaler/shrinkRow(_:columns:rows:into:)``
/// shrinks a frame's. Made for a batch of frames, taking over the rows the batch before made.
public final class SharedShrunkRows: @unchecked Sendable {
    public let scaler: FrameScaler
    /// What else the rows depend on (the content's zoom and first column): rows are taken over
    /// only from a batch that says the same.
    public let identity: [Double]
    private let slots: [Int: Int]
    /// The rows, one after another, written once on all cores before any frame reads them.
    private let storage: UnsafeMutablePointer<UInt8>
    private var rowLength: Int { scaler.width * 4 }

    /// The rows starting at content rows `keys`, those `previous` holds for the same scaler and
    /// identity copied, the others shrunk from the content's rows at `contentRow(_)` on all cores;
    /// `nil` when `scaler` shrinks by weights (an output row then mixes rows of several blocks).
    public init?(scaler: FrameScaler, identity: [Double], keys: Set<Int>, reusing previous: SharedShrunkRows?,
                 contentRow: @escaping @Sendable (Int) -> UnsafePointer<UInt8>) {
        guard scaler.blockSize != nil else { return nil }
        (self.scaler, self.identity) = (scaler, identity)
        let keys = keys.sorted()
        slots = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        storage = .allocate(capacity: max(1, keys.count * scaler.width * 4))
        let previous = previous.flatMap { $0.scaler.scalesAlike(scaler) && $0.identity == identity ? $0 : nil }
        let length = rowLength
        let chunks = min(keys.count, 16)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for slot in (chunk * keys.count / chunks)..<((chunk + 1) * keys.count / chunks) {
                let key = keys[slot], out = self.storage + slot * length
                if let known = previous?.row(startingAt: key) {
                    out.update(from: known, count: length)
                } else {
                    // Output row 0 of the content's rows from `key` on.
                    scaler.shrinkRow(0, columns: 0..<scaler.width, rows: { contentRow(key + $0) }, into: out)
                }
            }
        }
    }

    deinit { storage.deallocate() }

    /// The output row of the content's block of rows from `key` on, when this batch made it.
    public func row(startingAt key: Int) -> UnsafePointer<UInt8>? {
        slots[key].map { UnsafePointer(storage + $0 * rowLength) }
    }
}
