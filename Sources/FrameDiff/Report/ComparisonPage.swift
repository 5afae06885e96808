import Dispatch
import FileSystem
import Foundation
import Geometry
import ImageCodecs
import Raster

/// One comparison's page of a report: `index.html` and the pictures it shows under `frames/`,
/// referenced relative to the page. It is written into a folder its report owns (a staging folder
/// put in place once the report is whole) and names its pictures where they will be read.
public struct ComparisonPage: Sendable {
    /// Where the page is written.
    public let folder: String
    /// Where the page will be read, once its report is in place.
    public let shownFolder: String

    /// Where the comparison writes each differing frame's expected, actual and difference pictures.
    public var framesFolder: String { FileSystem.join(folder, "frames") }

    /// The pictures of the first few failing frames, named where they will be read.
    public var artifacts: DiffArtifacts {
        .report(folder: framesFolder, shownFolder: FileSystem.join(shownFolder, "frames"))
    }

    /// The most frames the filmstrip shows; longer sequences show every n-th and every differing one.
    static let filmstripLimit = 2000

    /// Creates the page's picture folder.
    public init(folder: String, shownFolder: String) throws(DiffError) {
        (self.folder, self.shownFolder) = (folder, shownFolder)
        do throws(FileSystemError) {
            try FileSystem.makeFolders(framesFolder)
        } catch {
            throw .cannotWrite(path: shownFolder, reason: error.reason)
        }
    }

    /// Writes the filmstrip and the page for `comparison`, titled `title`; `index` is a link back
    /// to the report's index, relative to the page, when the page is one of many; `lead` are lines
    /// that explain the result before anything else (what changed since the golden).
    public func write(_ comparison: DiffComparison, title: String, index: String? = nil, lead: [String] = [],
                      decoder: ImageDecoder = ImageDecoder()) throws(DiffError) {
        let report = comparison.report
        let manifests = comparison.manifests
        let page = ReportPage(report: report, entries: entries(report, manifests: manifests, decoder: decoder), title: title, index: index, lead: lead,
                              expectedTrack: manifests.map { MotionTrack($0.expected) } ?? .empty,
                              actualTrack: manifests.map { MotionTrack($0.actual) } ?? .empty,
                              motion: report.motion ?? manifests.map { MotionComparison(expected: $0.expected, actual: $0.actual) })
        do throws(FileSystemError) {
            try FileSystem.writeNew(Array(page.html.utf8), to: FileSystem.join(folder, "index.html"))
        } catch {
            throw .cannotWrite(path: shownFolder, reason: error.reason)
        }
    }

    // MARK: - Entries

    /// One entry per frame of the compared window (sampled beyond ``filmstripLimit``), each with
    /// its thumbnail and, when it differs, its pictures, as paths relative to the page.
    private func entries(_ report: DiffReport, manifests: DiffComparison.Manifests?, decoder: ImageDecoder) -> [ReportPage.Entry] {
        let byIndex = Dictionary(report.frames.map { ($0.index ?? 0, $0) }, uniquingKeysWith: { a, _ in a })
        let frames: [(index: Int, expected: String?, actual: String?)]
        if report.kind == .sequences, let manifests {
            let (expected, actual) = (FrameManifest(manifests.expected), FrameManifest(manifests.actual))
            let window = SequenceComparison.window(expected, actual)
            let stride = max(1, (window.count + Self.filmstripLimit - 1) / Self.filmstripLimit)
            frames = window.filter { ($0 - window.lowerBound) % stride == 0 || byIndex[$0] != nil }.map { index in
                (index, expected.indices.contains(index) ? expected.fileName(index).map { FileSystem.join(report.expected, $0) } : nil,
                 actual.indices.contains(index) ? actual.fileName(index).map { FileSystem.join(report.actual, $0) } : nil)
            }
        } else if report.kind == .images {
            frames = [(0, report.expected, report.actual)]
        } else {
            frames = []
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
    static func fractions(_ box: ImageRegion, of size: PixelSize) -> [Double] {
        let (width, height) = (Double(max(1, size.width)), Double(max(1, size.height)))
        return [Double(box.x) / width, Double(box.y) / height, Double(box.width) / width, Double(box.height) / height]
    }

    /// A picture of this page's, as the page refers to it.
    private func relative(_ path: String?) -> String? {
        let shownFrames = FileSystem.join(shownFolder, "frames")
        guard let path, path.hasPrefix(shownFrames + "/") else { return nil }
        return "frames/" + FileSystem.lastComponent(of: path)
    }
}
