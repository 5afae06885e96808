/// A run of checks as its outputs see it: what it is called and every case's result, by name.
/// `diff` is a run of one case, `test` a run of a suite's, a merge a run joined from its shards'.
public struct CheckRun: Sendable {
    /// `scrollrender diff`, `scrollrender test Examples`.
    public var name: String
    /// The suite and shard a suite's run checked.
    public var part: SuitePart?
    /// Sorted by case name.
    public var results: [CheckResult]
    /// The command that approves every failing case at once, as the caller spells it.
    public var approval: String?

    public init(name: String, part: SuitePart? = nil, results: [CheckResult]) {
        (self.name, self.part) = (name, part)
        self.results = results.sorted { $0.name < $1.name }
    }

    public var passed: Bool { !results.contains(where: \.fails) }

    /// "passed: 12 scenarios checked", or what failed.
    public var summary: String {
        let failing = results.filter(\.fails)
        let recorded = results.filter { $0.status == .recorded }.count
        let tail = recorded > 0 ? "; \(recorded) recorded" : ""
        guard !failing.isEmpty else { return "passed: \(Self.scenarios(results.count)) checked\(tail)" }
        let counts = [CheckResult.Status.failed, .missing, .error].compactMap { status -> String? in
            let count = failing.filter { $0.status == status }.count
            return count == 0 ? nil : "\(count) \(status == .failed ? "different" : status == .missing ? "without a golden" : "not compared")"
        }
        return "FAILED: \(counts.joined(separator: ", ")) of \(Self.scenarios(results.count)) (\(failing.map(\.name).joined(separator: ", ")))\(tail)"
    }

    static func scenarios(_ count: Int) -> String { count == 1 ? "1 scenario" : "\(count) scenarios" }
}
