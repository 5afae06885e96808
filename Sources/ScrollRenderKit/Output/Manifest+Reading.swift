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

    /// A manifest's bytes, decoded and range-checked (what the manifest fuzz harness feeds).
    public static func decode(_ bytes: [UInt8], path: String) throws(ScrollRenderError) -> Manifest {
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(bytes))
        } catch {
            throw .invalidManifest(path: path, reason: "not a scrollrender manifest: \(Scenario.describe(error))")
        }
        do throws(InvalidValue) {
            try manifest.checkNumbers()
        } catch {
            throw .invalidManifest(path: path, reason: "not a scrollrender manifest: \(error.problem)")
        }
        return manifest
    }

    /// The most pixels a side of a frame can have: a frame folder claiming more is not one of ours.
    static let maximumFrameSide = 1 << 15

    /// Every number a reader computes with is within what a render can write, so that no
    /// conversion or arithmetic on a hostile manifest can trap.
    func checkNumbers() throws(InvalidValue) {
        func check(_ ok: Bool, _ problem: @autoclosure () -> String) throws(InvalidValue) {
            if !ok { throw InvalidValue(problem()) }
        }
        try check(fps.isFinite && fps > 0 && fps <= RenderSettings.maximumFPS, "fps \(fps) is not a frame rate from 0 to \(RenderSettings.maximumFPS)")
        let sides = 1...Self.maximumFrameSide
        try check(sides.contains(pixelWidth) && sides.contains(pixelHeight),
                  "the frame size \(pixelWidth)×\(pixelHeight) is not from 1 to \(Self.maximumFrameSide) pixels a side")
        let counts = 0...RenderRequest.maximumFrameCount
        try check(counts.contains(frameCount) && counts.contains(totalFrames), "frameCount \(frameCount) or totalFrames \(totalFrames) is not from 0 to \(RenderRequest.maximumFrameCount)")
        try check(pattern == FrameNaming.pattern, "pattern \"\(FileSystem.printable(pattern))\" is not \(FrameNaming.pattern)")
        for frame in frames {
            try check(counts.contains(frame.index) && Self.isPlausible(frame.time) && Self.isPlausible(frame.contentOffset.x)
                      && Self.isPlausible(frame.contentOffset.y) && Self.isPlausible(frame.zoomScale),
                      "frame \(frame.index) has a number out of range (time, contentOffset or zoomScale)")
        }
        for event in events {
            try check(Self.isPlausible(event.time) && Self.isPlausible(event.contentOffset.x) && Self.isPlausible(event.contentOffset.y),
                      "the event \(FileSystem.printable(event.name)) has a time or contentOffset out of range")
        }
    }

    /// Finite and far inside what any conversion to an integer can hold.
    private static func isPlausible(_ value: Double) -> Bool {
        value.isFinite && abs(value) < 1e12
    }

    /// The manifest's frames are the contiguous run its range names, and each one is in the folder.
    static func checkFrames(of manifest: Manifest, in folder: String, path: String) throws(ScrollRenderError) {
        let expected = manifest.frameRange?.frames ?? 0..<0
        guard manifest.tool == "scrollrender", manifest.frameCount == manifest.frames.count,
              manifest.frames.map(\.index) == Array(expected), expected.upperBound <= manifest.totalFrames else {
            throw .invalidManifest(path: path, reason: "not a scrollrender manifest: its frames do not match its frameRange and frameCount")
        }
        for index in expected {
            let frame = FileSystem.join(folder, FrameNaming.name(index))
            if let problem = FileSystem.foreignFileProblem(frame, in: folder) { throw .inputUnreadable(path: frame, reason: problem) }
            guard FileSystem.kind(frame) != nil else {
                throw .invalidManifest(path: path, reason: "\(FrameNaming.name(index)) is missing from the folder, though the manifest lists it; render it again")
            }
        }
    }
}
