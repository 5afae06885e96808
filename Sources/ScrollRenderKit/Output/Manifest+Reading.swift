import FileSystem
import Foundation

/// A frame folder written by scrollrender, read back (to merge its parts or export it).
extension Manifest {
    /// Manifests of 100,000 frames are a few tens of MB; anything far larger is not one of ours.
    static let sizeLimit = 256 << 20

    /// The manifest of the frame folder `folder`, checked against the frames on disk.
    public static func read(folder: String) throws(ScrollRenderError) -> Manifest {
        guard FileSystem.kind(folder) != nil else { throw .inputNotFound(path: folder) }
        guard FileSystem.isFolder(folder) else { throw .inputUnreadable(path: folder, reason: "it is a file, not a frame folder") }
        let path = FileSystem.join(folder, "manifest.json")
        let bytes = try InputFile.read(path, limit: sizeLimit)
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(bytes))
        } catch {
            throw .invalidManifest(path: path, reason: "not a scrollrender manifest: \(Scenario.describe(error))")
        }
        try checkFrames(of: manifest, in: folder, path: path)
        return manifest
    }

    /// The manifest's frames are the contiguous run its range names, and each one is in the folder.
    static func checkFrames(of manifest: Manifest, in folder: String, path: String) throws(ScrollRenderError) {
        let expected = manifest.frameRange?.frames ?? 0..<0
        guard manifest.tool == "scrollrender", manifest.frameCount == manifest.frames.count,
              manifest.frames.map(\.index) == Array(expected), expected.upperBound <= manifest.totalFrames else {
            throw .invalidManifest(path: path, reason: "not a scrollrender manifest: its frames do not match its frameRange and frameCount")
        }
        for index in expected where !FileSystem.isRegularFile(FileSystem.join(folder, FrameNaming.name(index))) {
            throw .invalidManifest(path: path, reason: "\(FrameNaming.name(index)) is missing from the folder, though the manifest lists it; render it again")
        }
    }
}
