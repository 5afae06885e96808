extension Array {
    /// Binary search over elements in time order: the index of the last whose time (`key`) is at
    /// or before `t`, 0 if none is. The simulation's phases and a recording's writes are found so.
    public func lastIndex(atOrBefore t: Double, key: (Element) -> Double) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if key(self[middle]) <= t { low = middle + 1 } else { high = middle }
        }
        return Swift.max(0, low - 1)
    }
}
