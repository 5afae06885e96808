import FileSystem
import ScrollPhysics
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
        if let problem = FileSystem.foreignFileProblem(path, in: folder) { throw .inputUnreadable(path: path, reason: problem) }
        var manifest = try decode(try InputFile.read(path, limit: sizeLimit), path: path)
        try checkFrames(of: manifest, in: folder, path: path)
        if let header = manifest.settings.headerPath, !header.hasPrefix("/") {
            manifest.settings.headerPath = PathOverlap.resolved(FileSystem.join(folder, header))
        }
        return manifest
    }

    /// A header picture's path as a manifest in `folder` writes it: relative to that folder, as
    /// a scenario's paths are to the scenario's, so that `--scenario OUT/manifest.json` finds the
    /// picture from anywhere and the manifest names no machine's folders.
    static func headerPath(_ path: String?, writtenIn folder: String) -> String? {
        path.map { PathOverlap.relative($0, from: folder) }
    }

    /// A manifest's bytes, decoded and range-checked (what the manifest fuzz harness feeds): the
    /// sequence's part by ``SequenceManifest``'s one reader and its checks, then the settings.
    public static func decode(_ bytes: [UInt8], path: String) throws(ScrollRenderError) -> Manifest {
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(bytes))
        } catch {
            throw .invalidManifest(path: path, reason: "not a scrollrender manifest: \(Scenario.describe(error))")
        }
        do throws(SequenceManifest.Problem) {
            try manifest.sequence.checkNumbers()
        } catch {
            throw .invalidManifest(path: path, reason: "not a scrollrender manifest: \(error.description)")
        }
        guard manifest.touchesArePlausible else {
            throw .invalidManifest(path: path, reason: "not a scrollrender manifest: a touch sample has a time or location out of range, or no finger")
        }
        return manifest
    }

    /// Every recorded touch sample has one to ten fingers at finite places and times, far inside
    /// what drawing them can convert to pixels.
    private var touchesArePlausible: Bool {
        func plausible(_ value: Double) -> Bool { value.isFinite && abs(value) < 1e12 }
        return (touches ?? []).lazy.flatMap(\.samples).allSatisfy { sample in
            plausible(sample.time) && (1...10).contains(sample.locations.count)
                && sample.locations.allSatisfy { plausible($0.x) && plausible($0.y) }
        }
    }

    /// The manifest's frames are the contiguous run its range names, and each one is in the folder
    /// (a keyframe golden's keyframes).
    static func checkFrames(of manifest: Manifest, in folder: String, path: String) throws(ScrollRenderError) {
        let expected = manifest.frameRange?.frames ?? 0..<0
        guard manifest.tool == "scrollrender", manifest.frameCount == manifest.frames.count,
              manifest.frames.map(\.index) == Array(expected), expected.upperBound <= manifest.totalFrames else {
            throw .invalidManifest(path: path, reason: "not a scrollrender manifest: its frames do not match its frameRange and frameCount")
        }
        for index in manifest.keyframes ?? Array(expected) {
            let frame = FileSystem.join(folder, FrameNaming.name(index))
            if let problem = FileSystem.foreignFileProblem(frame, in: folder) { throw .inputUnreadable(path: frame, reason: problem) }
            guard FileSystem.kind(frame) != nil else {
                throw .invalidManifest(path: path, reason: "\(FrameNaming.name(index)) is missing from the folder, though the manifest lists it; render it again")
            }
        }
    }
}
