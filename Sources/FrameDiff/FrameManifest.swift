import FileSystem
import Foundation
import Geometry

/// The few fields of a sequence's `manifest.json` that a diff needs; everything else in the
/// manifest (physics, events, tool versions) is ignored, so that the diff keeps working when the
/// renderer adds fields.
public struct FrameManifest: Sendable, Hashable, Decodable {
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

    public struct FrameRange: Sendable, Hashable, Decodable {
        public var first: Int
        public var last: Int
    }

    public init(fps: Double, pixelWidth: Int, pixelHeight: Int, frameCount: Int, pattern: String = "frame_%05d.png") {
        self.fps = fps
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.frameCount = frameCount
        self.pattern = pattern
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
    public static let maximumFrameCount = 100_000

    /// The manifest of the sequence in `folder`.
    public static func read(folder: String) throws(DiffError) -> FrameManifest {
        guard FileSystem.kind(folder) != nil else { throw .notFound(path: folder) }
        guard FileSystem.isFolder(folder) else { throw .unreadable(path: folder, reason: "it is a file, not a frame folder") }
        let path = FileSystem.join(folder, "manifest.json")
        guard FileSystem.kind(path) != nil else { throw .missingManifest(folder: folder) }
        let bytes = try PNGFile.readBytes(path)
        let manifest: FrameManifest
        do {
            manifest = try JSONDecoder().decode(FrameManifest.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw .invalidManifest(path: path, reason: describe(error))
        } catch {
            throw .invalidManifest(path: path, reason: "\(error)")
        }
        guard manifest.frameCount >= 0 else {
            throw .invalidManifest(path: path, reason: "frameCount is negative (\(manifest.frameCount))")
        }
        // Bounded by what a render can write, so a manifest's claim cannot make a comparison run forever.
        guard manifest.frameCount <= maximumFrameCount else {
            throw .invalidManifest(path: path, reason: "frameCount \(manifest.frameCount) is over the \(maximumFrameCount) frames a sequence can have")
        }
        if manifest.isPartial {
            let first = manifest.frameRange?.first ?? 0
            guard first >= 0, first <= maximumFrameCount - manifest.frameCount, manifest.frameCount <= manifest.totalFrames ?? 0,
                  manifest.indices.upperBound <= manifest.totalFrames ?? 0 else {
                throw .invalidManifest(path: path, reason: "frameRange and totalFrames do not fit frameCount \(manifest.frameCount)")
            }
        }
        guard manifest.fileName(0) != nil else {
            throw .invalidManifest(path: path, reason: "pattern \"\(FileSystem.printable(manifest.pattern))\" needs one %d or %0Nd (N up to 9), like frame_%05d.png, and names a file in its own folder")
        }
        guard manifest.fps.isFinite, manifest.fps > 0, manifest.fps <= maximumFPS else {
            throw .invalidManifest(path: path, reason: "fps \(manifest.fps) is not a frame rate from 0 to \(Int(maximumFPS))")
        }
        let sides = 1...maximumFrameSide
        guard sides.contains(manifest.pixelWidth), sides.contains(manifest.pixelHeight) else {
            throw .invalidManifest(path: path, reason: "the frame size \(manifest.pixelWidth)×\(manifest.pixelHeight) is not from 1 to \(maximumFrameSide) pixels a side")
        }
        return manifest
    }

    /// A render writes at most 1000 frames a second, and frames at most 32,768 pixels a side.
    public static let maximumFPS = 1000.0
    public static let maximumFrameSide = 1 << 15

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

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, _):
            return "the key \"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
