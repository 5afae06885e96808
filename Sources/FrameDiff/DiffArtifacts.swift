import FileSystem
import Foundation
import Raster

/// Writes, for a frame that differs, the three pictures a reviewer needs, side by side in one
/// folder: `<name>.expected.png`, `<name>.actual.png` and `<name>.diff.png` (a ``DifferenceImage``),
/// where `<name>` is the frame's file name without `.png`.
public struct DiffArtifacts: Sendable {
    public var folder: String
    public var differenceImage: DifferenceImage
    /// The most frames whose pictures are written (a report keeps its size bounded; the rest are
    /// still counted and listed); `nil` writes every differing frame's.
    public var frameLimit: Int?
    /// Whether the expected and actual pictures may be the frame files themselves, linked: the
    /// fastest, for a local folder of every frame (`--diff-out`). A report's few pictures are
    /// encoded again, with the Paeth filter, to be uploaded: frames are written with the Up
    /// filter, which decodes faster (the main job's: 1.7 MB a frame, 1.2 MB with Paeth).
    public var linksFrameFiles: Bool
    /// Where a reader will find ``folder``'s pictures, when it is staged and put in place later (a
    /// report): the report names them there, so no output has to rewrite a path afterwards.
    public var shownFolder: String?

    public init(folder: String, differenceImage: DifferenceImage = DifferenceImage(), frameLimit: Int? = nil,
                linksFrameFiles: Bool = true, shownFolder: String? = nil) {
        self.folder = folder
        self.differenceImage = differenceImage
        self.frameLimit = frameLimit
        self.linksFrameFiles = linksFrameFiles
        self.shownFolder = shownFolder
    }

    /// The pictures a report keeps in `folder` (shown in `shownFolder` once the report is in
    /// place): those of the first ``reportFrameLimit`` failing frames, encoded small.
    public static func report(folder: String, shownFolder: String? = nil) -> DiffArtifacts {
        DiffArtifacts(folder: folder, frameLimit: reportFrameLimit, linksFrameFiles: false, shownFolder: shownFolder)
    }

    /// How many failing frames a report keeps the pictures of (a main-job report is then about
    /// 30 MB, what CI artifact stores and reviewers take).
    public static let reportFrameLimit = 8

    /// Creates the folder (and its parents) if needed.
    public func prepare() throws(DiffError) {
        do throws(FileSystemError) {
            try FileSystem.makeFolders(folder)
        } catch {
            throw .cannotWrite(path: folder, reason: error.reason)
        }
    }

    /// Writes the three pictures for the frame named `name` and returns their paths (as shown:
    /// under ``shownFolder`` when it is set). With
    /// `files` and ``linksFrameFiles``, the expected and actual pictures are those files, linked
    /// (or copied) rather than encoded again.
    @discardableResult
    public func write(name: String, expected: RGBAImage, actual: RGBAImage, tolerance: DiffTolerance = .exact,
                      mask: [ImageRegion] = [], files: (expected: String, actual: String)? = nil) throws(DiffError) -> DiffReport.Images {
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        func path(_ suffix: String, in folder: String) -> String { FileSystem.join(folder, "\(base).\(suffix).png") }
        let written = DiffReport.Images(expected: path("expected", in: folder), actual: path("actual", in: folder), difference: path("diff", in: folder))
        for (image, file, target) in [(expected, files?.expected, written.expected), (actual, files?.actual, written.actual)] {
            if linksFrameFiles, let file, (try? FileSystem.linkOrCopy(file, to: target)) != nil { continue }
            try PNGFile.write(image, to: target)
        }
        try PNGFile.write(differenceImage.render(expected: expected, actual: actual, tolerance: tolerance, mask: mask), to: written.difference)
        guard let shownFolder else { return written }
        return DiffReport.Images(expected: path("expected", in: shownFolder), actual: path("actual", in: shownFolder),
                                 difference: path("diff", in: shownFolder))
    }
}

/// The pictures written into one ``DiffArtifacts`` folder during a comparison, up to its frame
/// limit; the folder is made when the first frame needs it.
struct WrittenPictures {
    let artifacts: DiffArtifacts
    /// Each written frame's pictures, by frame name.
    private(set) var images: [String: DiffReport.Images] = [:]

    init(_ artifacts: DiffArtifacts) {
        self.artifacts = artifacts
    }

    mutating func write(_ name: String, _ expected: RGBAImage, _ actual: RGBAImage, tolerance: DiffTolerance,
                        mask: [ImageRegion], files: (expected: String, actual: String)?) throws(DiffError) {
        guard images.count < artifacts.frameLimit ?? .max else { return }
        if images.isEmpty { try artifacts.prepare() }
        images[name] = try artifacts.write(name: name, expected: expected, actual: actual, tolerance: tolerance, mask: mask, files: files)
    }
}
