import FileSystem
import FrameDiff
import ScrollRenderKit
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The HTML report a CI job uploads: one comparison's page (`diff --report DIR`), or a suite's
/// index of every case — failing first — with a page per failing case in `DIR/NAME/`. It owns one
/// staging folder beside DIR, where every page is written where it will be read, and puts it in
/// place once, whole; DIR may hold only an earlier report of ours (its marker file says so).
public final class HTMLReporter: CheckReporter {
    public enum Layout: Sendable {
        /// One comparison's page at the report's root, titled so; written `always`, or only when
        /// the case fails (a passing test's page would only be thrown away).
        case page(title: String, always: Bool)
        /// An index, and a page for each failing case.
        case suite
    }

    /// Written into every report, so that only a report of ours is ever replaced.
    public static let markerName = ".scrollrender-report"

    /// Where the report is put.
    public let path: String
    let staging: String
    let layout: Layout
    let naming: @Sendable (NamedTerm) -> String

    private struct State {
        /// The cases whose page was written.
        var pages: Set<String> = []
        var failure: ReportError?
        var published = false
    }
    private let state = Mutex(State())

    /// Checks DIR and creates the staging folder beside it.
    public init(path: String, layout: Layout, naming: @escaping @Sendable (NamedTerm) -> String) throws(ReportError) {
        let path = FileSystem.trimmingTrailingSlashes(path)
        if FileSystem.kind(path) != nil, !Self.isEarlierReport(path) { throw .notAnEarlierReport(path: path) }
        let staging = FileSystem.temporaryName(for: path)
        // A report interrupted by a signal left its staging folder: the next one removes it.
        FileSystem.removeStaleStaging(in: FileSystem.parent(of: path), prefix: ".\(FileSystem.lastComponent(of: path)).scrollrender-")
        do throws(FileSystemError) {
            try FileSystem.makeFolders(FileSystem.parent(of: path))
            try FileSystem.makeFolders(staging)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        guard FileSystem.markAsStaging(staging) else { throw .cannotWrite(path: path, reason: FileSystemError.describe(errno)) }
        (self.path, self.staging, self.layout, self.naming) = (path, staging, layout, naming)
    }

    /// Whether the report was put in place (a diff whose sides could not be compared has none).
    public var isPublished: Bool { state.withLock { $0.published } }

    public func page(for name: String) throws(ReportError) -> ComparisonPage? {
        do throws(DiffError) {
            switch layout {
            case .page: return try ComparisonPage(folder: staging, shownFolder: path)
            case .suite: return try ComparisonPage(folder: FileSystem.join(staging, name), shownFolder: FileSystem.join(path, name))
            }
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
    }

    /// Writes the case's page when it is one to look at; a passing case's folder (its thumbnails) goes.
    public func caseEnded(_ result: CheckResult) {
        let (folder, shown, title, index): (String, String, String, String?) = switch layout {
        case .page(let title, _): (staging, path, title, nil)
        case .suite: (FileSystem.join(staging, result.name), FileSystem.join(path, result.name), result.name, "../index.html")
        }
        let wanted: Bool = if case .page(_, always: true) = layout { true } else { result.status == .failed }
        guard wanted, let comparison = result.comparison else {
            if case .suite = layout { FileSystem.removeStagingFolder(folder) }
            if case .suite = layout, result.status == .missing { keepActual(result, in: folder) }
            return
        }
        do throws(DiffError) {
            try ComparisonPage(folder: folder, shownFolder: shown).write(comparison, title: title, index: index,
                                                                          lead: [result.changes].compactMap { $0 })
            state.withLock { _ = $0.pages.insert(result.name) }
        } catch {
            state.withLock { $0.failure = $0.failure ?? .cannotWrite(path: shown, reason: error.description) }
        }
        if case .suite = layout {
            keepActual(result, in: folder)
            if let gif = BeforeAfterGIF.make(comparison) { try? FileSystem.writeNew(gif, to: FileSystem.join(folder, Self.beforeAfterName)) }
        }
    }

    /// A failing case's golden beside its actual render, a small GIF a pull request comment shows.
    public static let beforeAfterName = "before-after.gif"

    /// Where a case's actual sequence is kept in a suite report.
    public static let actualFolder = "actual"

    /// A failing or missing case's actual sequence, kept in the report (`NAME/actual/`, compact as
    /// it was rendered), so that what was reviewed is what an approval records.
    private func keepActual(_ result: CheckResult, in folder: String) {
        guard let actual = result.actual, FileSystem.kind(actual) == .folder else { return }
        do throws(FileSystemError) {
            let kept = FileSystem.join(folder, Self.actualFolder)
            try FileSystem.makeFolders(kept)
            for name in FileSystem.entries(actual) ?? [] where FileSystem.kind(FileSystem.join(actual, name)) == .regularFile {
                _ = try FileSystem.linkOrCopy(FileSystem.join(actual, name), to: FileSystem.join(kept, name))
            }
        } catch {
            state.withLock { $0.failure = $0.failure ?? .cannotWrite(path: FileSystem.join(path, result.name), reason: error.reason) }
        }
    }

    /// Writes `bytes` into the report, beside its index (a merge's `results.json`).
    public func stage(_ bytes: [UInt8], named name: String) throws(ReportError) {
        do throws(FileSystemError) {
            try FileSystem.writeNew(bytes, to: FileSystem.join(staging, name))
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    /// Writes the index (a suite's) and the marker, and puts the report in place; a page report
    /// without a page (nothing was compared) is not put anywhere.
    public func end(_ run: CheckRun) throws(ReportError) {
        let (pages, failure) = state.withLock { ($0.pages, $0.failure) }
        if let failure {
            discard()
            throw failure
        }
        if case .page = layout, pages.isEmpty { return discard() }
        do throws(FileSystemError) {
            if case .suite = layout {
                let index = SuiteIndexPage(run: run, pages: pages, naming: naming)
                try FileSystem.writeNew(Array(index.html.utf8), to: FileSystem.join(staging, "index.html"))
            }
            try FileSystem.writeNew(Array("A scrollrender report: a later report may replace this folder.\n".utf8),
                                    to: FileSystem.join(staging, Self.markerName))
            try FileSystem.replaceFolder(path, with: staging)
        } catch {
            discard()
            throw .cannotWrite(path: path, reason: error.reason)
        }
        state.withLock { $0.published = true }
    }

    public func discard() {
        for name in FileSystem.entries(staging) ?? [] where FileSystem.kind(FileSystem.join(staging, name)) == .folder {
            FileSystem.removeStagingFolder(FileSystem.join(staging, name))
        }
        FileSystem.removeFlatFolder(staging)
    }

    /// Copies a shard's page of case `name` from the report `part` into this one: regular files
    /// only, never a link, so that nothing outside the part is read.
    public func adoptPage(_ name: String, from part: String) throws(ReportError) {
        let source = FileSystem.join(part, name)
        guard FileSystem.kind(source) == .folder else { return }
        let target = FileSystem.join(staging, name)
        guard FileSystem.kind(target) == nil else { throw .unreadable(path: part, reason: "two parts hold the case \(FileSystem.printable(name))") }
        do throws(FileSystemError) {
            try Self.copyFiles(source, to: target)
        } catch {
            throw .cannotWrite(path: FileSystem.join(path, name), reason: error.reason)
        }
        state.withLock { _ = $0.pages.insert(name) }
    }

    private static func copyFiles(_ source: String, to target: String) throws(FileSystemError) {
        try FileSystem.makeFolders(target)
        for name in FileSystem.entries(source) ?? [] {
            let from = FileSystem.join(source, name), to = FileSystem.join(target, name)
            switch FileSystem.kind(from) {
            case .folder: try copyFiles(from, to: to)
            case .regularFile: try FileSystem.writeNew(try FileSystem.readRegularFile(from), to: to)
            default: break
            }
        }
    }

    /// A folder holding our marker, a regular file (not a link to one).
    static func isEarlierReport(_ path: String) -> Bool {
        FileSystem.kind(path) == .folder && FileSystem.kind(FileSystem.join(path, markerName)) == .regularFile
    }
}
