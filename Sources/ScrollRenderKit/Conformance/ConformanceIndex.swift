import Foundation

/// `index.json` of an exported conformance set: what the set is (its format version and the
/// model's), each vector's view, input and files, and every file's SHA-256, so that a score can
/// tell a set it did not write or one changed since.
public struct ConformanceIndex: Sendable, Codable, Hashable {
    public struct Vector: Sendable, Codable, Hashable {
        public var name: String
        public var summary: String
        public var evidence: ConformanceVector.Evidence
        public var evidenceNote: String
        public var input: ConformanceVector.Input
        public var inputRate: Double
        public var view: ConformanceVector.View
        /// When each gesture's finger (or fingers) lifted, on the vector's clock.
        public var releases: [Double]
        /// `NAME.input.csv`, `NAME.expected.csv`, `NAME.callbacks.csv`.
        public var inputFile: String
        public var expectedFile: String
        public var callbacksFile: String
        /// A recorded vector's recording (`NAME.recorded.csv`, UIKit's offsets as recorded), and the
        /// model's error against it on compare-motion's checks.
        public var recordedFile: String?
        public var modelError: [RecordedMotionCheck]?
    }

    public struct File: Sendable, Codable, Hashable {
        public var name: String
        public var sha256: String
    }

    /// "scrollrender conformance vectors".
    public var format: String
    public var version: Int
    /// The model that wrote the expected offsets: `scrollrender 0.1.0`.
    public var model: String
    public var vectors: [Vector]
    public var files: [File]

    public static let formatName = "scrollrender conformance vectors"
    public static let fileName = "index.json"
    /// An index of a few dozen vectors is kilobytes.
    static let maximumFileSize = 1 << 20

    /// Sorted keys, two-space indents, a final newline: the same bytes for the same set.
    public func jsonBytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(((try? encoder.encode(self)) ?? Data())) + Array("\n".utf8)
    }
}
