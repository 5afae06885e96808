import FileSystem
import GoldenCheck
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
    /// What the suite's defaults file gives every case: a `check` and a `picture`.
    let defaults: SuiteFile?

    /// The suite's defaults: `{"check": {...}, "picture": "..."}`, under every scenario's own.
    public static let defaultsFile = "scrollrender.json"

    /// Where goldens live inside a suite.
    public static let goldensFolder = "goldens"

    /// The cases of the suite at `folder`, by name. Every name is checked where it is read, and
    /// a scenario or golden that is a link must lead inside the suite.
    public init(folder: String) throws(SuiteError) {
        let folder = FileSystem.trimmingTrailingSlashes(folder)
        guard FileSystem.kind(folder) != nil else { throw .notFound(path: folder) }
        guard FileSystem.isFolder(folder) else { throw .notAFolder(path: folder) }
        let goldens = FileSystem.join(folder, Self.goldensFolder)
        var names: Set<String> = []
        for entry in FileSystem.entries(folder) ?? [] where entry.hasSuffix(".json") && entry != Self.defaultsFile {
            let path = FileSystem.join(folder, entry)
            try Self.confine(path, to: folder)
            guard FileSystem.isFolder(path) == false else { continue }
            names.insert(try Self.caseName(String(entry.dropLast(5)), path: path))
        }
        if FileSystem.kind(goldens) != nil { try Self.confine(goldens, to: folder) }
        for entry in FileSystem.entries(goldens) ?? [] {
            let path = FileSystem.join(goldens, entry)
            try Self.confine(path, to: folder)
            guard FileSystem.kind(FileSystem.join(path, "manifest.json")) != nil else { continue }
            names.insert(try Self.caseName(entry, path: path))
        }
        guard !names.isEmpty else { throw .empty(path: folder) }
        let defaults = FileSystem.join(folder, Self.defaultsFile)
        if FileSystem.kind(defaults) != nil {
            try Self.confine(defaults, to: folder)
            do throws(SuiteFile.ReadingProblem) {
                let file = try SuiteFile.read(defaults)
                _ = try file.picturePath(file: defaults, suite: folder)
                self.defaults = file
            } catch {
                throw .badDefaults(path: defaults, keyPath: error.keyPath, problem: error.message)
            }
        } else {
            self.defaults = nil
        }
        self.folder = folder
        cases = names.sorted().map { name in
            let scenario = FileSystem.join(folder, name + ".json")
            return Case(name: name, scenario: FileSystem.kind(scenario) != nil ? scenario : nil, golden: FileSystem.join(goldens, name))
        }
    }

    private static func caseName(_ name: String, path: String) throws(SuiteError) -> String {
        if let problem = CaseName.problem(name) { throw .badName(path: path, problem: problem) }
        return name
    }

    /// A link is followed only when it leads inside the suite: a golden or scenario from a pull
    /// request must not make the run read, publish or replace anything else.
    private static func confine(_ path: String, to folder: String) throws(SuiteError) {
        guard FileSystem.kind(path) == .link else { return }
        let target = PathOverlap.resolved(path), root = PathOverlap.resolved(folder)
        guard target.hasPrefix(root + "/") else { throw .outside(path: path, leadsTo: target) }
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
