import FileSystem
import Foundation
import FrameDiff

/// A suite's HTML report, `DIR/index.html` with each case's diff page in `DIR/NAME/`, built in a
/// staging folder beside DIR and put in place whole when the run is done; DIR may hold only an
/// earlier suite report. `results.json` beside the index lets shards be merged.
public struct SuiteReportFolder: Sendable {
    public let path: String
    /// Where the cases' pages go while the run lasts.
    public let staging: String

    static let resultsName = "results.json"

    public static func begin(_ path: String) throws(DiffError) -> SuiteReportFolder {
        let path = FileSystem.trimmingTrailingSlashes(path)
        if FileSystem.kind(path) != nil, !isEarlierReport(path) {
            throw .cannotWrite(path: path, reason: "it exists and is not an earlier suite report (index.html, results.json and a folder per scenario)")
        }
        let staging = FileSystem.temporaryName(for: path)
        FileSystem.removeStaleStaging(in: FileSystem.parent(of: path), prefix: ".\(FileSystem.lastComponent(of: path)).scrollrender-")
        do throws(FileSystemError) {
            try FileSystem.makeFolders(staging)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        guard FileSystem.markAsStaging(staging) else { throw .cannotWrite(path: path, reason: FileSystemError.describe(errno)) }
        return SuiteReportFolder(path: path, staging: staging)
    }

    /// Writes the index and `results.json`, then puts the folder in place; the report naming its
    /// pictures where they now are.
    @discardableResult
    public func finish(_ written: SuiteReport) throws(DiffError) -> SuiteReport {
        let report = written.movingPictures(from: staging, to: path)
        do throws(FileSystemError) {
            try FileSystem.writeNew(Array(report.indexPage.utf8), to: FileSystem.join(staging, "index.html"))
            try FileSystem.writeNew(report.json(), to: FileSystem.join(staging, Self.resultsName))
            try FileSystem.replaceFolder(path, with: staging)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        return report
    }

    public func discard() {
        for name in FileSystem.entries(staging) ?? [] where FileSystem.isFolder(FileSystem.join(staging, name)) {
            FileSystem.removeStagingFolder(FileSystem.join(staging, name))
        }
        FileSystem.removeFlatFolder(staging)
    }

    /// The report a suite run (a shard) left in `folder`.
    public static func read(_ folder: String) throws(DiffError) -> SuiteReport {
        let path = FileSystem.join(folder, resultsName)
        let bytes: [UInt8]
        do throws(FileSystemError) {
            bytes = try FileSystem.readRegularFile(path, limit: 256 << 20)
        } catch {
            throw error.kind == .notFound ? .notFound(path: path) : .unreadable(path: path, reason: error.reason)
        }
        do {
            return try JSONDecoder().decode(SuiteReport.self, from: Data(bytes))
        } catch {
            throw .invalidManifest(path: path, reason: "not a scrollrender test report")
        }
    }

    /// Merges the reports of a suite's shards into this one: every case's page, one index.
    public func merge(_ parts: [String]) throws(DiffError) -> SuiteReport {
        var reports: [SuiteReport] = []
        for part in parts {
            let report = try Self.read(part)
            for result in report.results where result.page != nil {
                let source = FileSystem.join(part, result.name), target = FileSystem.join(staging, result.name)
                guard FileSystem.kind(target) == nil else {
                    throw .cannotWrite(path: target, reason: "two shards hold the scenario \(FileSystem.printable(result.name))")
                }
                try Self.copyPage(source, to: target)
            }
            reports.append(report.movingPictures(from: part, to: path))
        }
        return try finish(SuiteReport.merged(reports))
    }

    /// A case's page folder (index.html, frames/*.png), linked file by file.
    private static func copyPage(_ source: String, to target: String) throws(DiffError) {
        do throws(FileSystemError) {
            try copyFiles(source, to: target)
        } catch {
            throw .cannotWrite(path: target, reason: error.reason)
        }
    }

    private static func copyFiles(_ source: String, to target: String) throws(FileSystemError) {
        try FileSystem.makeFolders(target)
        for name in FileSystem.entries(source) ?? [] {
            let from = FileSystem.join(source, name), to = FileSystem.join(target, name)
            switch FileSystem.kind(from) {
            case .folder: try copyFiles(from, to: to)
            case .regularFile: try FileSystem.linkOrCopy(from, to: to)
            default: break
            }
        }
    }

    /// An earlier suite report: `index.html`, `results.json` and case folders, nothing else.
    static func isEarlierReport(_ path: String) -> Bool {
        guard FileSystem.kind(path) == .folder, let names = FileSystem.entries(path) else { return false }
        return names.contains(resultsName) && names.allSatisfy { name in
            name == "index.html" || name == resultsName || FileSystem.kind(FileSystem.join(path, name)) == .folder
        }
    }
}
