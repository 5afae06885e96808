/// Which suite a run checked, and which of its shards: what a merge holds its parts to, so that
/// parts of two suites, one shard twice or a shard missing cannot pass for one run.
public struct SuitePart: Sendable, Codable, Hashable {
    /// The suite's name (its folder's).
    public var suite: String
    /// The suite's folder, as the run was given it: where an approval puts the goldens.
    public var folder: String?
    /// Every case the suite's run selects, before it is split into shards, by name.
    public var cases: [String]
    /// This part: the `index`-th of `count` (1-based); 1 of 1 for a whole run.
    public var index: Int
    public var count: Int

    public init(suite: String, folder: String? = nil, cases: [String], index: Int = 1, count: Int = 1) {
        (self.suite, self.folder) = (suite, folder)
        self.cases = cases.sorted()
        (self.index, self.count) = (index, count)
    }

    /// "2/3".
    public var shard: String { "\(index)/\(count)" }
}
