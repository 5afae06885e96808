import Foundation

/// One result slot per item of a batch, filled from several threads, read when all are done.
final class Slots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    var results: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
