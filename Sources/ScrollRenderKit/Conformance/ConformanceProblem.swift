/// Why a conformance set or another implementation's offsets cannot be scored.
public enum ConformanceProblem: Sendable, Hashable {
    /// The folder's `index.json` is not a conformance set's of this version (`reason` says how).
    case notASet(path: String, reason: String)
    /// A file of the set differs from the SHA-256 its index gives: changed since the export.
    case fileChanged(path: String)
    /// No offsets for any vector in the folder: each vector's are `NAME.csv`.
    case noOffsets(folder: String, expected: [String])
}
