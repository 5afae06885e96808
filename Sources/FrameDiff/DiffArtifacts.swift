import FileSystem
import Foundation
import Raster

/// Writes, for a frame that differs, the three pictures a reviewer needs, side by side in one
/// folder: `<name>.expected.png`, `<name>.actual.png` and `<name>.diff.png` (a ``DifferenceImage``),
/// where `<name>` is the frame's file name without `.png`.
public struct DiffArtifacts: Sendable {
    public var folder: String
    public var differenceImage: DifferenceImage

    public init(folder: String, differenceImage: DifferenceImage = DifferenceImage()) {
        self.folder = folder
        self.differenceImage = differenceImage
    }

    /// Creates the folder (and its parents) if needed.
    public func prepare() throws(DiffError) {
        do throws(FileSystemError) {
            try FileSystem.makeFolders(folder)
        } catch {
            throw .cannotWrite(path: folder, reason: error.reason)
        }
    }

    /// Writes the three pictures for the frame named `name` and returns their paths.
    @discardableResult
    public func write(name: String, expected: RGBAImage, actual: RGBAImage,
                      tolerance: DiffTolerance = .exact) throws(DiffError) -> DiffReport.Images {
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        func path(_ suffix: String) -> String { FileSystem.join(folder, "\(base).\(suffix).png") }
        let images = DiffReport.Images(expected: path("expected"), actual: path("actual"), difference: path("diff"))
        try PNGFile.write(expected, to: images.expected)
        try PNGFile.write(actual, to: images.actual)
        try PNGFile.write(differenceImage.render(expected: expected, actual: actual, tolerance: tolerance), to: images.difference)
        return images
    }
}
