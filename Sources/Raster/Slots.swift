import Synchronization

/// One result slot per item of a batch, filled from several threads, read when all are done: how
/// the diff's frame workers and the GIF encoder's hand back what they made, in order.
package final class Slots<Value: Sendable>: Sendable {
    private let values: Mutex<[Value?]>

    package init(count: Int) { values = Mutex(Array(repeating: nil, count: count)) }

    package func set(_ index: Int, _ value: Value) {
        values.withLock { $0[index] = value }
    }

    package var results: [Value?] {
        values.withLock { $0 }
    }
}
