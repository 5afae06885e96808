import FileSystem
import Geometry
import ScrollRenderKit
import TextFormat

/// Two sequences compared on their motion alone — every frame's `contentOffset` and `zoomScale`,
/// and the delegate callbacks in order — as a motion golden (a folder holding only
/// `manifest.json`, a few kilobytes) is compared: an iOS team checking its scroll physics needs
/// no pixels.
public struct MotionComparison: Sendable, Hashable {
    /// How far an offset may part, in points (zoom scales: that over 1000, relative).
    public var offsetTolerance: Double
    /// The lengths of the whole sequences (a part's manifest gives its whole sequence's).
    public var expectedFrames: Int
    public var actualFrames: Int
    /// The frames whose motion was compared: every frame, or — when a manifest records part of its
    /// sequence (`--frames`, `--shard`) — the frames both manifests hold.
    public var comparedFrames: Range<Int>
    /// Set when a manifest holds part of its sequence: the motion of the other frames is unknown.
    public var isPartial: Bool
    /// The first frame that parts beyond the tolerance, if any.
    public var firstParting: Parting?
    /// The largest offset difference of any frame both have, in points.
    public var largestOffsetDifference: Double
    /// The first delegate callback that differs (by name, in order), if any.
    public var firstCallbackDifference: CallbackDifference?

    public struct Parting: Sendable, Hashable, Codable {
        public var index: Int
        public var time: Double
        public var expected: Point
        public var actual: Point
        public var expectedZoomScale: Double
        public var actualZoomScale: Double
    }

    public struct CallbackDifference: Sendable, Hashable, Codable {
        /// Its position among the callbacks.
        public var position: Int
        public var expected: String?
        public var actual: String?
    }

    public init(expected: Manifest, actual: Manifest, offsetTolerance: Double = 0) {
        self.offsetTolerance = offsetTolerance
        expectedFrames = expected.totalFrames
        actualFrames = actual.totalFrames
        isPartial = expected.partial || actual.partial
        comparedFrames = Self.held(expected).clamped(to: Self.held(actual))
        largestOffsetDifference = 0
        let actualByIndex = Dictionary(actual.frames.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        for a in expected.frames where comparedFrames.contains(a.index) {
            guard let b = actualByIndex[a.index] else { continue }
            let distance = max(abs(a.contentOffset.x - b.contentOffset.x), abs(a.contentOffset.y - b.contentOffset.y))
            largestOffsetDifference = max(largestOffsetDifference, distance)
            let zoomParts = abs(a.zoomScale - b.zoomScale) > max(offsetTolerance / 1000, 1e-9) * max(a.zoomScale, b.zoomScale)
            if firstParting == nil, distance > offsetTolerance || zoomParts {
                firstParting = Parting(index: a.index, time: a.time, expected: a.contentOffset, actual: b.contentOffset,
                                       expectedZoomScale: a.zoomScale, actualZoomScale: b.zoomScale)
            }
        }
        let (names, otherNames) = (expected.events.map(\.name), actual.events.map(\.name))
        if let position = (0..<max(names.count, otherNames.count)).first(where: { names[safe: $0] != otherNames[safe: $0] }) {
            firstCallbackDifference = CallbackDifference(position: position, expected: names[safe: position], actual: otherNames[safe: position])
        }
    }

    /// The frames a manifest records motion for, by number.
    private static func held(_ manifest: Manifest) -> Range<Int> {
        manifest.partial ? manifest.frameRange?.frames ?? 0..<0 : 0..<manifest.frameCount
    }

    /// Equal where compared. A part passes on the frames it holds; ``isPartial`` says so.
    public var passed: Bool {
        firstParting == nil && firstCallbackDifference == nil && expectedFrames == actualFrames && !comparedFrames.isEmpty
    }

    /// Which frames were compared, for a part: "frames 0–0 of 190 compared".
    public var comparedNote: String? {
        guard isPartial else { return nil }
        guard !comparedFrames.isEmpty else { return "no frames compared: the manifests hold no frame in common" }
        return "frames \(comparedFrames.lowerBound)–\(comparedFrames.upperBound - 1) of \(max(expectedFrames, actualFrames)) compared"
    }

    /// One sentence per way the motion differs.
    public var problems: [String] {
        var lines: [String] = []
        if let parting = firstParting {
            lines.append("motion parts at frame \(parting.index) (t = \(TextFormat.number(parting.time, places: 3)) s): contentOffset "
                         + "expected \(Self.point(parting.expected)), actual \(Self.point(parting.actual))"
                         + (parting.expectedZoomScale == parting.actualZoomScale ? "" :
                            ", zoomScale expected \(TextFormat.number(parting.expectedZoomScale)), actual \(TextFormat.number(parting.actualZoomScale))")
                         + "; largest offset difference \(TextFormat.number(largestOffsetDifference, places: 2)) pt")
        }
        if expectedFrames != actualFrames {
            lines.append("frame count differs: expected \(expectedFrames), actual \(actualFrames)")
        }
        if let callback = firstCallbackDifference {
            lines.append("delegate callbacks differ at callback \(callback.position + 1): expected \(callback.expected ?? "none"), actual \(callback.actual ?? "none")")
        }
        return lines
    }

    static func point(_ point: Point) -> String {
        "(\(TextFormat.number(point.x, places: 2)), \(TextFormat.number(point.y, places: 2)))"
    }

    /// Whether `folder` is a motion golden: a manifest and no frames.
    public static func isMotionGolden(_ folder: String) -> Bool {
        guard FileSystem.isRegularFile(FileSystem.join(folder, "manifest.json")), let names = FileSystem.entries(folder) else { return false }
        return !names.contains { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
