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

    public init(folder: String, differenceImage: DifferenceImage = DifferenceImage(), frameLimit: Int? = nil) {
        self.folder = folder
        self.differenceImage = differenceImage
        self.frameLimit = frameLimit
    }

    /// The pictures a report keeps: those of the first 8 failing frames (a main-job report is then
    /// about 30 MB, what CI artifact stores and reviewers take).
    public static let reportFrameLimit = 8

    /// Creates the folder (and its parents) if needed.
    public func prepare() throws(DiffError) {
        do throws(FileSystemError) {
            try FileSystem.makeFolders(folder)
        } catch {
            throw .cannotWrite(path: folder, reason: error.reason)
        }
    }

    /// Writes the three pictures for the frame named `name` and returns their paths. With
    /// `files`, the expected and actual pictures are those files, linked (or copied) rather than
    /// encoded again.
    @discardableResult
    public func write(name: String, expected: RGBAImage, actual: RGBAImage,
                      tolerance: DiffTolerance = .exact, files: (expected: String, actual: String)? = nil) throws(DiffError) -> DiffReport.Images {
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        func path(_ suffix: String) -> String { FileSystem.join(folder, "\(base).\(suffix).png") }
        let images = DiffReport.Images(expected: path("expected"), actual: path("actual"), difference: path("diff"))
        for (image, file, target) in [(expected, files?.expected, images.expected), (actual, files?.actual, images.actual)] {
            if let file, (try? FileSystem.linkOrCopy(file, to: target)) != nil { continue }
            try PNGFile.write(image, to: target)
        }
        try PNGFile.write(differenceImage.render(expected: expected, actual: actual, tolerance: tolerance), to: images.difference)
        return images
    }
}
