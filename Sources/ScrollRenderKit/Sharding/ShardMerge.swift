import Raster
import FileSystem
import Foundation
import ImageCodecs

/// `scrollrender merge OUT SHARD…`: joins the parts of one sequence — rendered by `--frames` or
/// `--shard` on any machine — into one folder, exactly as one run would have written it.
///
/// Every check runs before anything is written: the parts must come from the same version,
/// libraries, picture and settings, must not overlap, and must cover the whole sequence. The
/// frames are then hard-linked (copied across file systems) into a staging folder and published
/// the way a render publishes, so OUT is never partial.
public struct ShardMerge: Sendable {
    /// One part: its folder and what its manifest says.
    public struct Part: Sendable {
        public let path: String
        public let manifest: Manifest
    }

    /// What the merge did.
    public struct Result: Sendable {
        public let manifest: Manifest
        public let linked: Int
        public let copied: Int
    }

    public let outputPath: String
    /// The parts in frame order.
    public let parts: [Part]
    /// Replace an earlier sequence in OUT, as a render's `--force` does.
    public var force = false

    /// Reads every part's manifest and checks that together they are one whole sequence.
    public init(outputPath: String, shardPaths: [String]) throws(ScrollRenderError) {
        guard !shardPaths.isEmpty else { throw .emptyInput(.noShards) }
        self.outputPath = outputPath
        try OutputPaths.refuseInputs(outputs: [outputPath], inputs: shardPaths.map { OutputPaths.Input($0, "the part") })
        var parts: [Part] = []
        for path in shardPaths {
            parts.append(Part(path: path, manifest: try Manifest.read(folder: path)))
        }
        self.parts = parts.sorted { ($0.manifest.frameRange?.first ?? -1) < ($1.manifest.frameRange?.first ?? -1) }
        try Self.checkSameSequence(self.parts)
        try Self.checkCoverage(self.parts)
    }

    /// Publishes the merged sequence in OUT; on failure or a signal nothing is left behind.
    public func run(cancellation: Cancellation = Cancellation()) throws(ScrollRenderError) -> Result {
        let target = try OutputFolder.prepare(outputPath, force: force)
        guard cancellation.beginStaging() else { throw .interrupted(signal: cancellation.signalNumber ?? SIGINT) }
        let folder = try target.beginStaging()
        do throws(ScrollRenderError) {
            var linked = 0
            for part in parts {
                for frame in part.manifest.frames {
                    if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
                    let name = FrameNaming.name(frame.index)
                    if try folder.place(FileSystem.join(part.path, name), named: name) { linked += 1 }
                }
            }
            let manifest = mergedManifest(outputPath: folder.path)
            try folder.write(try manifest.jsonBytes(), named: "manifest.json")
            try folder.publish()
            return Result(manifest: manifest, linked: linked, copied: manifest.frameCount - linked)
        } catch {
            folder.discard()
            throw error
        }
    }

    /// The manifest one run would have written into OUT.
    func mergedManifest(outputPath: String) -> Manifest {
        var manifest = parts[0].manifest
        manifest.frames = parts.flatMap(\.manifest.frames)
        manifest.input.decodedRegion = Self.union(parts.filter { $0.manifest.frameCount > 0 }.compactMap(\.manifest.input.decodedRegion))
        manifest.frameCount = manifest.totalFrames
        manifest.partial = false
        manifest.exports = nil  // what a part exported shows only its frames
        manifest.frameRange = manifest.totalFrames > 0 ? Manifest.FrameRange(0..<manifest.totalFrames) : nil
        manifest.ffmpeg = FrameNaming.ffmpegCommands(Exporter.Source(folder: outputPath, manifest: manifest))
        manifest.settings.headerPath = Manifest.headerPath(manifest.settings.headerPath, writtenIn: outputPath)
        return manifest
    }

    // MARK: - Checks

    /// Every part was rendered by the same scrollrender from the same picture with the same settings.
    static func checkSameSequence(_ parts: [Part]) throws(ScrollRenderError) {
        let first = parts[0]
        for part in parts.dropFirst() {
            let (a, b) = (first.manifest, part.manifest)
            let difference: String? =
                a.version != b.version ? "made by scrollrender \(b.version), not \(a.version)"
                : a.libraries != b.libraries ? "decoded with other libraries (libjpeg-turbo, libpng or zlib versions differ)"
                : a.input.sha256 != b.input.sha256 ? "rendered from another picture (SHA-256 \(b.input.sha256.prefix(12))…, not \(a.input.sha256.prefix(12))…)"
                : a.settings != b.settings ? "rendered with other settings (\(differingSettings(a, b)) differ)"
                : a.input != Self.comparable(b.input, as: a.input) ? "decoded differently (format, size, orientation or DCT scale)"
                : a.totalFrames != b.totalFrames || a.events != b.events
                    ? "a different motion (\(b.totalFrames) frames, not \(a.totalFrames))" : nil
            if let difference {
                throw .shardsDoNotFit(.otherSequence(part: part.path, first: first.path, difference: difference))
            }
        }
    }

    /// No frame is in two parts, and every frame is in one.
    static func checkCoverage(_ parts: [Part]) throws(ScrollRenderError) {
        var previous: Part?
        for part in parts {
            guard let range = part.manifest.frameRange else { continue }
            if let previous, let before = previous.manifest.frameRange, range.first <= before.last {
                let overlap = Manifest.FrameRange(range.first..<(min(range.last, before.last) + 1))
                throw .shardsDoNotFit(.overlap(first: previous.path, second: part.path, frames: describe([overlap])))
            }
            previous = part
        }
        let total = parts[0].manifest.totalFrames
        let gaps = missingRanges(covered: parts.compactMap(\.manifest.frameRange), total: total)
        if !gaps.isEmpty {
            throw .shardsDoNotFit(.gaps(total: total, missing: describe(gaps)))
        }
    }

    /// The runs of frames in `0..<total` that no range covers; `ranges` are in order and disjoint.
    static func missingRanges(covered ranges: [Manifest.FrameRange], total: Int) -> [Manifest.FrameRange] {
        var gaps: [Manifest.FrameRange] = []
        var next = 0
        for range in ranges {
            if range.first > next { gaps.append(Manifest.FrameRange(next..<range.first)) }
            next = max(next, range.last + 1)
        }
        if next < total { gaps.append(Manifest.FrameRange(next..<total)) }
        return gaps
    }

    /// `120-179, 240`.
    static func describe(_ ranges: [Manifest.FrameRange]) -> String {
        ranges.map { $0.first == $0.last ? "\($0.first)" : "\($0.first)-\($0.last)" }.joined(separator: ", ")
    }

    /// The names of the settings two manifests disagree on, as a scenario names them.
    static func differingSettings(_ a: Manifest, _ b: Manifest) -> String {
        guard case .object(let x) = ScenarioWriter.settings(a.settings), case .object(let y) = ScenarioWriter.settings(b.settings) else { return "settings" }
        var keys = Set(x.keys).union(y.keys).filter { x[$0] != y[$0] }.sorted()
        if a.settings.steps != b.settings.steps { keys.append("timeline") }
        return keys.isEmpty ? "settings" : keys.joined(separator: ", ")
    }

    /// `input` as `other` would say it if it were the same picture: parts may be rendered from
    /// copies of the picture anywhere, and each decodes only the region its own frames read.
    private static func comparable(_ input: Manifest.Input, as other: Manifest.Input) -> Manifest.Input {
        var input = input
        input.path = other.path
        input.decodedRegion = other.decodedRegion
        return input
    }

    /// The smallest region holding every part's.
    static func union(_ regions: [ImageRegion]) -> ImageRegion? {
        guard !regions.isEmpty else { return nil }
        let left = regions.map(\.x).min()!, top = regions.map(\.y).min()!
        let right = regions.map { $0.x + $0.width }.max()!, bottom = regions.map { $0.y + $0.height }.max()!
        return ImageRegion(x: left, y: top, width: right - left, height: bottom - top)
    }
}
