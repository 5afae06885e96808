import FileSystem
import Foundation
import Geometry
import FrameSequence

/// What a diff needs of a sequence's manifest — frame rate, size, count, naming, the part of the
/// sequence a folder holds — taken from the one manifest reader, ``SequenceManifest/decode(_:path:)``,
/// whose range checks every reader shares.
public struct FrameManifest: Sendable, Hashable {
    public var fps: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var frameCount: Int
    /// A printf-style file name: `frame_%05d.png`; frame numbers start at 0.
    public var pattern: String
    /// Set when the folder holds only part of its sequence (`--frames`, `--shard`).
    public var partial: Bool?
    /// The global numbers of the folder's first and last frame, when it holds part of a sequence.
    public var frameRange: FrameRange?
    /// The frames of the whole sequence, of which the folder may hold a part.
    public var totalFrames: Int?
    /// The SHA-256 of the picture the sequence was rendered from, when the manifest says.
    public var inputSHA256: String?
    /// Pixels per point: masks given in points cover pixels at this scale.
    public var displayScale = 1.0
    /// A keyframe golden's pictured frames; `nil`: every frame it holds is on disk.
    public var keyframes: Set<Int>?

    public struct FrameRange: Sendable, Hashable {
        public var first: Int
        public var last: Int
    }

    public init(fps: Double, pixelWidth: Int, pixelHeight: Int, frameCount: Int, pattern: String = "frame_%05d.png") {
        (self.fps, self.pixelWidth, self.pixelHeight, self.frameCount, self.pattern) = (fps, pixelWidth, pixelHeight, frameCount, pattern)
    }

    /// The diff's view of a manifest.
    public init(_ manifest: SequenceManifest) {
        self.init(fps: manifest.fps, pixelWidth: manifest.pixelWidth, pixelHeight: manifest.pixelHeight,
                  frameCount: manifest.frameCount, pattern: manifest.pattern)
        partial = manifest.partial
        frameRange = manifest.frameRange.map { FrameRange(first: $0.first, last: $0.last) }
        totalFrames = manifest.totalFrames
        inputSHA256 = manifest.input.sha256.isEmpty ? nil : manifest.input.sha256
        displayScale = manifest.displayScale
        keyframes = manifest.keyframes.map(Set.init)
    }

    /// Whether frame `index`'s picture is compared: every frame, but in a keyframe golden its
    /// keyframes alone (frames beyond its end are still extra).
    public func isPictured(_ index: Int) -> Bool {
        guard let keyframes, indices.contains(index) else { return true }
        return keyframes.contains(index)
    }

    public var size: PixelSize { PixelSize(width: pixelWidth, height: pixelHeight) }

    public var isPartial: Bool { partial == true }

    /// The global numbers of the frames in the folder.
    public var indices: Range<Int> {
        let first = isPartial ? frameRange?.first ?? 0 : 0
        return first..<(first + frameCount)
    }

    /// The length of the whole sequence.
    public var sequenceLength: Int { isPartial ? totalFrames ?? frameCount : frameCount }

    /// The most frames a sequence can have: scrollrender refuses to render more.
    public static let maximumFrameCount = SequenceManifest.maximumFrameCount

    /// The manifest of the sequence in `folder`, read once, with the motion it records.
    public static func read(folder: String) throws(DiffError) -> (FrameManifest, SequenceManifest) {
        guard FileSystem.kind(folder) != nil else { throw .notFound(path: folder) }
        guard FileSystem.isFolder(folder) else { throw .unreadable(path: folder, reason: "it is a file, not a frame folder") }
        let path = FileSystem.join(folder, "manifest.json")
        guard FileSystem.kind(path) != nil else { throw .missingManifest(folder: folder) }
        let bytes = try PNGFile.readBytes(path, of: folder)
        do throws(SequenceManifest.Problem) {
            // The reader's checks hold `pattern` to frame_%05d.png, so every frame has a name.
            let manifest = try SequenceManifest.decode(bytes)
            return (FrameManifest(manifest), manifest)
        } catch {
            throw .invalidManifest(path: path, reason: error.description)
        }
    }

    /// The file name of frame `index`, or `nil` when the pattern is not of the `%d` / `%0Nd` form
    /// or would name anything but a file in the manifest's own folder (a hostile golden could
    /// otherwise make `--diff-out` or a report write outside its folder).
    public func fileName(_ index: Int) -> String? {
        guard let name = expandedPattern(index), !name.contains("/"), name != ".", name != ".." else { return nil }
        return name
    }

    private func expandedPattern(_ index: Int) -> String? {
        guard let percent = pattern.firstIndex(of: "%"),
              let d = pattern[percent...].firstIndex(of: "d") else { return nil }
        let widthText = pattern[pattern.index(after: percent)..<d]
        guard widthText.count <= 2, widthText.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let width = Int(widthText) ?? 0
        guard width <= 9 else { return nil }
        let suffix = pattern[pattern.index(after: d)...]
        guard !suffix.contains("%") else { return nil }
        let digits = String(index)
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return String(pattern[..<percent]) + padded + String(suffix)
    }
}
