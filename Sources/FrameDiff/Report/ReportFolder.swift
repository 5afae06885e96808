#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import FileSystem
import Foundation
import Geometry
import ImageCodecs
import Raster

/// `scrollrender diff --report DIR`: the folder a CI job uploads as an artifact — `index.html` and
/// the pictures it shows under `frames/`, referenced relative to the page.
///
/// It is built in a hidden folder beside DIR and renamed into place when complete; an earlier
/// report in DIR (nothing but `index.html` and `frames/*.png`) is replaced, anything else refused.
public struct ReportFolder: Sendable {
    public let path: String
    let staging: String

    /// Where the comparison writes each differing frame's expected, actual and difference pictures.
    public var framesFolder: String { FileSystem.join(staging, "frames") }

    /// The most frames the filmstrip shows; longer sequences show every n-th and every differing one.
    static let filmstripLimit = 2000

    /// Checks DIR and creates the staging folder.
    public static func begin(_ path: String) throws(DiffError) -> ReportFolder {
        let path = FileSystem.trimmingTrailingSlashes(path)
        if FileSystem.kind(path) != nil, !isEarlierReport(path) {
            throw .cannotWrite(path: path, reason: "it exists and is not an earlier report (only index.html and frames/ may be in it)")
        }
        let staging = FileSystem.temporaryName(for: path)
        // A report interrupted by a signal left its staging folder: the next one removes it.
        FileSystem.removeStaleStaging(in: FileSystem.parent(of: path), prefix: ".\(FileSystem.lastComponent(of: path)).scrollrender-")
        do throws(FileSystemError) {
            try FileSystem.makeFolders(FileSystem.parent(of: path))
            try FileSystem.makeFolders(FileSystem.join(staging, "frames"))
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        guard FileSystem.markAsStaging(staging) else { throw .cannotWrite(path: path, reason: FileSystemError.describe(errno)) }
        return ReportFolder(path: path, staging: staging)
    }

    /// Writes the filmstrip and the page for `report`, then puts the folder in place.
    public func finish(_ report: DiffReport, decoder: ImageDecoder = ImageDecoder()) throws(DiffError) {
        let entries = try self.entries(report, decoder: decoder)
        // Both manifests read once, for the curves and for where the motion parts; a page without
        // them still shows pixels.
        let sequences = report.kind != .images
        let expected = sequences ? try? FrameManifest.read(folder: report.expected).1 : nil
        let actual = sequences ? try? FrameManifest.read(folder: report.actual).1 : nil
        // The comparison's own motion verdict (at its offset tolerance), else one made here.
        let page = ReportPage(report: report, entries: entries,
                              expectedTrack: expected.map(MotionTrack.init) ?? .empty, actualTrack: actual.map(MotionTrack.init) ?? .empty,
                              motion: report.motion ?? expected.flatMap { e in actual.map { MotionComparison(expected: e, actual: $0) } })
        do throws(FileSystemError) {
            try FileSystem.writeNew(Array(page.html.utf8), to: FileSystem.join(staging, "index.html"))
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        try publish()
    }

    /// `report` with its pictures' paths in the published folder, where they are after ``finish(_:decoder:)``.
    public func published(_ report: DiffReport) -> DiffReport {
        var report = report
        let fix = { (path: String) in path.hasPrefix(staging + "/") ? self.path + path.dropFirst(staging.count) : path }
        for index in report.frames.indices {
            guard let images = report.frames[index].images else { continue }
            report.frames[index].images = DiffReport.Images(expected: fix(images.expected), actual: fix(images.actual), difference: fix(images.difference))
        }
        return report
    }

    /// Removes what this report wrote.
    public func discard() {
        FileSystem.removeStagingFolder(staging)
    }

    // MARK: - Entries

    /// One entry per frame of the compared window (sampled beyond ``filmstripLimit``), each with
    /// its thumbnail and, when it differs, its pictures, as paths relative to the page.
    private func entries(_ report: DiffReport, decoder: ImageDecoder) throws(DiffError) -> [ReportPage.Entry] {
        let byIndex = Dictionary(report.frames.map { ($0.index ?? 0, $0) }, uniquingKeysWith: { a, _ in a })
        let frames: [(index: Int, expected: String?, actual: String?)]
        if report.kind == .sequences {
            let (expected, actual) = (try FrameManifest.read(folder: report.expected).0, try FrameManifest.read(folder: report.actual).0)
            let window = SequenceComparison.window(expected, actual)
            let stride = max(1, (window.count + Self.filmstripLimit - 1) / Self.filmstripLimit)
            frames = window.filter { ($0 - window.lowerBound) % stride == 0 || byIndex[$0] != nil }.map { index in
                (index, expected.indices.contains(index) ? expected.fileName(index).map { FileSystem.join(report.expected, $0) } : nil,
                 actual.indices.contains(index) ? actual.fileName(index).map { FileSystem.join(report.actual, $0) } : nil)
            }
        } else {
            frames = [(0, report.expected, report.actual)]
        }
        let thumbs = thumbnails(frames.map(\.index), frames.map { $0.actual ?? $0.expected }, decoder: decoder)
        return frames.enumerated().map { position, frame in
            let found = byIndex[frame.index]
            let name = found?.name ?? FileSystem.lastComponent(of: frame.actual ?? frame.expected ?? "frame \(frame.index)")
            return ReportPage.Entry(
                index: frame.index, name: name, status: found?.status.rawValue ?? "identical", passed: found?.passed ?? true,
                message: found?.message ?? "identical", thumb: thumbs[position],
                expected: relative(found?.images?.expected), actual: relative(found?.images?.actual), diff: relative(found?.images?.difference),
                box: found?.boundingBox.map { Self.fractions($0, of: report.expectedSize) })
        }
    }

    /// Writes the thumbnail of frame `index` from a picture already decoded (the comparison's).
    public var thumbnailWriter: @Sendable (Int, RGBAImage) -> Void {
        let folder = framesFolder
        return { index, image in _ = try? PNGFile.write(Thumbnail.make(image, height: 96), to: FileSystem.join(folder, Self.thumbnailName(index))) }
    }

    static func thumbnailName(_ index: Int) -> String { "thumb_\(index).png" }

    /// The thumbnails of frames `indices` (from `sources`) under `frames/`: those the comparison
    /// made, and the others decoded on all cores; a frame that cannot be read has none.
    private func thumbnails(_ indices: [Int], _ sources: [String?], decoder: ImageDecoder) -> [String?] {
        let results = Slots<String>(count: sources.count)
        let folder = framesFolder
        DispatchQueue.concurrentPerform(iterations: sources.count) { position in
            let name = Self.thumbnailName(indices[position])
            if FileSystem.isRegularFile(FileSystem.join(folder, name)) { return results.set(position, "frames/" + name) }
            guard let source = sources[position], let image = try? PNGFile.read(source, decoder: decoder) else { return }
            if (try? PNGFile.write(Thumbnail.make(image, height: 96), to: FileSystem.join(folder, name))) != nil {
                results.set(position, "frames/" + name)
            }
        }
        return results.results
    }

    /// A box as fractions of the frame (left, top, width, height), for the page to outline it at any zoom.
    static func fractions(_ box: PixelBox, of size: PixelSize) -> [Double] {
        let (width, height) = (Double(max(1, size.width)), Double(max(1, size.height)))
        return [Double(box.x) / width, Double(box.y) / height, Double(box.width) / width, Double(box.height) / height]
    }

    /// A picture written into the staging folder, as the page refers to it.
    private func relative(_ path: String?) -> String? {
        guard let path, path.hasPrefix(framesFolder + "/") else { return nil }
        return "frames/" + FileSystem.lastComponent(of: path)
    }

    // MARK: - Publishing

    /// Puts the report in place, whole at every instant (``FileSystem/replaceFolder(_:with:)``).
    private func publish() throws(DiffError) {
        do throws(FileSystemError) {
            try FileSystem.replaceFolder(path, with: staging)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    /// Nothing but `index.html` and a `frames/` folder of PNGs: what this type writes.
    static func isEarlierReport(_ path: String) -> Bool {
        guard FileSystem.kind(path) == .folder, let names = FileSystem.entries(path) else { return false }
        return names.allSatisfy { name in
            switch name {
            case "index.html": FileSystem.isRegularFile(FileSystem.join(path, name))
            case "frames":
                FileSystem.kind(FileSystem.join(path, name)) == .folder
                    && (FileSystem.entries(FileSystem.join(path, name)) ?? [""]).allSatisfy { $0.hasSuffix(".png") }
            default: false
            }
        }
    }
}
