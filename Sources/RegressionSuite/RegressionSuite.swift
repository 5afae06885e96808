import FileSystem
import ScrollRenderKit

/// A folder of regression scenarios, as `scrollrender test SUITE` reads it: each scenario file
/// `SUITE/NAME.json` and each golden `SUITE/goldens/NAME/` (frames and `manifest.json`, or the
/// manifest alone for a motion golden) is a case named NAME. A case re-renders from its scenario
/// file, or — a golden without one — from its golden's manifest, which is a scenario.
public struct RegressionSuite: Sendable {
    /// One case: what renders it, and where its golden is or goes.
    public struct Case: Sendable, Hashable {
        public var name: String
        /// `SUITE/NAME.json`, when the suite has it.
        public var scenario: String?
        public var golden: String
    }

    public let folder: String
    public let cases: [Case]

    /// Where goldens live inside a suite.
    public static let goldensFolder = "goldens"

    /// The cases of the suite at `folder`, by name.
    public init(folder: String) throws(ScrollRenderError) {
        let folder = FileSystem.trimmingTrailingSlashes(folder)
        guard FileSystem.kind(folder) != nil else { throw .inputNotFound(path: folder) }
        guard FileSystem.isFolder(folder) else { throw .inputUnreadable(path: folder, reason: "it is a file, not a suite folder") }
        let goldens = FileSystem.join(folder, Self.goldensFolder)
        var names: Set<String> = []
        for entry in FileSystem.entries(folder) ?? [] where entry.hasSuffix(".json") && FileSystem.isRegularFile(FileSystem.join(folder, entry)) {
            names.insert(String(entry.dropLast(5)))
        }
        for entry in FileSystem.entries(goldens) ?? [] where FileSystem.isRegularFile(FileSystem.join(goldens, entry, "manifest.json")) {
            names.insert(entry)
        }
        guard !names.isEmpty else {
            throw .invalidArgument("\(folder) holds no scenario (NAME.json) and no golden (\(Self.goldensFolder)/NAME/manifest.json)")
        }
        self.folder = folder
        cases = names.sorted().map { name in
            let scenario = FileSystem.join(folder, name + ".json")
            return Case(name: name, scenario: FileSystem.isRegularFile(scenario) ? scenario : nil,
                        golden: FileSystem.join(goldens, name))
        }
    }

    /// The cases a CI job runs: those `filter` names (all when empty), then the K-th of N
    /// balanced parts of them.
    public func selected(names filter: [String], shard: (index: Int, count: Int)?) -> [Case] {
        let named = filter.isEmpty ? cases : cases.filter { filter.contains($0.name) }
        guard let shard else { return named }
        let range = FrameSelection.shardRange(index: shard.index, count: shard.count, total: named.count)
        return Array(named[range])
    }
}

extension FileSystem {
    static func join(_ folder: String, _ name: String, _ more: String) -> String {
        join(join(folder, name), more)
    }
}
