@_exported import FrameSequence
import Foundation
import Geometry
import ImageCodecs
import ScrollPhysics

/// `OUTDIR/manifest.json`: how the sequence was made and what the scroll view did in every frame,
/// so that tests and tools can check motion without looking at pixels.
@dynamicMemberLookup
public struct Manifest: Sendable, Codable, Equatable {
    /// What any reader needs of a sequence is ``SequenceManifest``'s (the comparison layer reads
    /// that alone); these are its parts.
    public typealias Input = SequenceManifest.Input
    public typealias Frame = SequenceManifest.Frame
    public typealias Event = SequenceManifest.Event
    public typealias FrameRange = SequenceManifest.FrameRange

    public struct Libraries: Sendable, Codable, Equatable {
        public var libjpegTurbo = CodecLibraryVersions.libjpegTurbo
        public var libpng = CodecLibraryVersions.libpng
        public var zlib = CodecLibraryVersions.zlib
    }

    /// A file made from the frames by `--export`, and the ffmpeg command that made it.
    public struct Export: Sendable, Codable, Equatable {
        public var file: String
        public var format: ExportFormat
        public var pixelWidth: Int
        public var pixelHeight: Int
        public var fps: Double
        public var bytes: Int
        public var ffmpeg: String
    }

    public struct FFmpeg: Sendable, Codable, Equatable {
        public var gif: String
        public var mp4: String
    }

    /// What any reader of a frame folder reads (the picture, the frames' size and rate, which
    /// frames the folder holds, every frame's motion and every callback), reached as the
    /// manifest's own properties: `manifest.fps` is `manifest.sequence.fps`.
    public var sequence: SequenceManifest
    public var version: String
    public var libraries = Libraries()
    public var settings: RenderSettings
    public var ffmpeg: FFmpeg
    /// What `--export` made from the frames; absent when nothing was exported.
    public var exports: [Export]?
    /// Every gesture's touch samples at the times the simulation handled them, so that an export
    /// of the folder can show the fingers (`showTouches`); absent when no finger touched.
    public var touches: [HandledTouches]?

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<SequenceManifest, Value>) -> Value {
        get { sequence[keyPath: keyPath] }
        _modify { yield &sequence[keyPath: keyPath] }
    }

    /// Pretty-printed JSON with sorted keys, so the same render gives the same bytes. The frames
    /// and events, two objects a frame, are written ten times faster than `Codable` writes them
    /// (``SequenceManifest/json(frames:)``) where JSONEncoder wrote a marker for each.
    public func jsonBytes() throws(ScrollRenderError) -> [UInt8] {
        guard let frames = SequenceManifest.json(frames: sequence.frames), let events = SequenceManifest.json(events: sequence.events) else {
            // A number that is not finite: JSONEncoder says where.
            return try Self.encoded(self)
        }
        let marked = Marked(manifest: self)
        var bytes = try Self.encoded(marked)
        for (marker, text) in [(marked.framesMarker, frames), (marked.eventsMarker, events)] {
            guard let range = bytes.firstRange(of: Array("\"\(marker)\"".utf8)) else {
                throw .manifestNotEncodable(keyPath: "", reason: "JSONEncoder did not write \(marker)")
            }
            bytes.replaceSubrange(range, with: text)
        }
        return bytes
    }

    private static func encoded(_ value: some Encodable) throws(ScrollRenderError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value)) + [0x0A]
        } catch EncodingError.invalidValue(_, let context) {
            throw .manifestNotEncodable(keyPath: Scenario.keyPath(context.codingPath), reason: context.debugDescription)
        } catch {
            throw .manifestNotEncodable(keyPath: "", reason: "\(error)")
        }
    }

    /// The manifest with a marker string in the place of its frames and of its events: random, so
    /// that no string of the manifest (a picture's path) can be one.
    private struct Marked: Encodable {
        let manifest: Manifest
        let framesMarker = "frames-" + UUID().uuidString, eventsMarker = "events-" + UUID().uuidString

        func encode(to encoder: any Encoder) throws {
            try manifest.encode(to: encoder, motion: (framesMarker, eventsMarker))
        }
    }
}

/// Manifests written before sequences could be split have no `totalFrames` or `partial`: they are whole.
extension Manifest {
    private enum CodingKeys: String, CodingKey {
        case tool, format, version, libraries, input, settings, timeline, fps, pixelWidth, pixelHeight, pattern, frameCount
        case totalFrames, partial, frameRange, frames, events, ffmpeg, exports, displayScale, touches, keyframes
    }

    /// The manifest's format: 2 writes `settings` and `timeline` in the scenario grammar, so that
    /// `scrollrender --scenario OUT/manifest.json IMAGE OUT2` renders the same sequence; 1 (no
    /// `format` key) wrote the settings in keys of their own, still read.
    public static let format = 2

    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, motion: nil)
    }

    /// With `motion`, its two strings stand in for the frames and the events.
    private func encode(to encoder: any Encoder, motion: (frames: String, events: String)?) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sequence.tool, forKey: .tool)
        try c.encode(Self.format, forKey: .format)
        try c.encode(version, forKey: .version)
        try c.encode(libraries, forKey: .libraries)
        try c.encode(sequence.input, forKey: .input)
        try c.encode(ScenarioWriter.settings(settings), forKey: .settings)
        try c.encode(ScenarioWriter.timeline(settings.steps), forKey: .timeline)
        try c.encode(sequence.fps, forKey: .fps)
        try c.encode(sequence.pixelWidth, forKey: .pixelWidth)
        try c.encode(sequence.pixelHeight, forKey: .pixelHeight)
        try c.encode(settings.scrollView.displayScale, forKey: .displayScale)
        try c.encode(sequence.pattern, forKey: .pattern)
        try c.encode(sequence.frameCount, forKey: .frameCount)
        try c.encode(sequence.totalFrames, forKey: .totalFrames)
        try c.encode(sequence.partial, forKey: .partial)
        try c.encodeIfPresent(sequence.frameRange, forKey: .frameRange)
        if let motion {
            try c.encode(motion.frames, forKey: .frames)
            try c.encode(motion.events, forKey: .events)
        } else {
            try c.encode(sequence.frames, forKey: .frames)
            try c.encode(sequence.events, forKey: .events)
        }
        try c.encode(ffmpeg, forKey: .ffmpeg)
        try c.encodeIfPresent(exports, forKey: .exports)
        try c.encodeIfPresent(touches, forKey: .touches)
        try c.encodeIfPresent(sequence.keyframes, forKey: .keyframes)
    }

    /// The settings and timeline of a format-2 manifest, read as a scenario's are.
    private static func scenarioSettings(_ c: KeyedDecodingContainer<CodingKeys>) throws -> RenderSettings {
        let settings = try c.decode(JSONValue.self, forKey: .settings)
        let timeline = try c.decodeIfPresent(JSONValue.self, forKey: .timeline)
        do throws(ScrollRenderError) {
            return try Scenario(settings: settings, timeline: timeline, file: "manifest.json").settings
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.settings], debugDescription: "\(error)"))
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let format = try c.decodeIfPresent(Int.self, forKey: .format) ?? 1
        guard format <= Self.format else {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.format], debugDescription: "format \(format) is newer than this scrollrender reads (\(Self.format)); update scrollrender"))
        }
        // The sequence's part, read as every reader of a frame folder reads it.
        sequence = try SequenceManifest(from: decoder)
        version = try c.decode(String.self, forKey: .version)
        libraries = try c.decode(Libraries.self, forKey: .libraries)
        settings = format >= 2 ? try Self.scenarioSettings(c) : try c.decode(RenderSettings.self, forKey: .settings)
        ffmpeg = try c.decode(FFmpeg.self, forKey: .ffmpeg)
        exports = try c.decodeIfPresent([Export].self, forKey: .exports)
        touches = try c.decodeIfPresent([HandledTouches].self, forKey: .touches)
    }
}

extension Manifest.Frame {
    init(index: Int, state: ScrollViewState) {
        self.init(index: index, time: state.time, contentOffset: state.contentOffset, zoomScale: state.zoomScale,
                  isTracking: state.isTracking, isDragging: state.isDragging, isDecelerating: state.isDecelerating,
                  isZooming: state.isZooming, isZoomBouncing: state.isZoomBouncing)
    }
}

extension Manifest.Event {
    /// Delegate callbacks and content-touch callbacks in one list, in time order; at one instant
    /// the content hears first (a pan takes the touch back before it begins dragging).
    static func timeline(_ simulation: ScrollSimulation) -> [Manifest.Event] {
        var merged: [Manifest.Event] = []
        var content = simulation.contentTouchEvents[...]
        for event in simulation.events {
            while let touch = content.first, touch.time <= event.time {
                merged.append(Manifest.Event(touch, state: simulation.state(at: touch.time)))
                content = content.dropFirst()
            }
            merged.append(Manifest.Event(event))
        }
        merged += content.map { Manifest.Event($0, state: simulation.state(at: $0.time)) }
        return merged
    }

    init(_ touch: ContentTouchEvent, state: ScrollViewState) {
        self.init(time: touch.time, name: touch.callback.rawValue, selector: touch.callback.selector,
                  contentOffset: state.contentOffset, zoomScale: state.zoomScale)
        kind = "contentTouch"
        receiver = touch.callback.receiver
        location = touch.location
    }

    init(_ event: DelegateEvent) {
        self.init(time: event.time, name: event.name, selector: event.selector,
                  contentOffset: event.contentOffset, zoomScale: event.zoomScale)
        switch event.callback {
        case .willEndDragging(let velocity, let proposed, let target):
            self.velocity = velocity
            proposedTargetContentOffset = proposed
            targetContentOffset = target
        case .didEndDragging(let willDecelerate):
            self.willDecelerate = willDecelerate
        case .didEndZooming(let scale):
            self.scale = scale
        default:
            break
        }
    }
}

extension FrameNaming {
    /// The commands that make a GIF and an MP4 of the folder's frames: the recipes `export` uses,
    /// at full size and quality, ready to paste.
    static func ffmpegCommands(_ source: Exporter.Source) -> Manifest.FFmpeg {
        Manifest.FFmpeg(gif: Exporter.command(format: .gif, source: source, output: "out.gif"),
                        mp4: Exporter.command(format: .mp4, source: source, output: "out.mp4"))
    }
}
