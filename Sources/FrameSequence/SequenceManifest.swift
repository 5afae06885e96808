import Raster
import FileSystem
import Foundation
import Geometry
import ImageCodecs

/// What `OUTDIR/manifest.json` says of its sequence — the picture, the frames' size and rate,
/// which frames the folder holds, every frame's motion and every callback — read and range-checked
/// in one place for every reader: the render's own tools (export, merge, record, replay) and the
/// comparison layer, which needs nothing else of a render. The settings that made the sequence are
/// the render's to read (`ScrollRenderKit.Manifest`).
public struct SequenceManifest: Sendable, Decodable, Equatable {
    public struct Input: Sendable, Codable, Equatable {
        public var path: String
        public var sha256: String
        public var format: String
        public var pixelWidth: Int
        public var pixelHeight: Int
        public var exifOrientation: Int
        /// The picture was decoded at 1/decodeScale of its size by libjpeg's DCT scaling (1: full
        /// size), because no frame shows it larger than that.
        public var decodeScale: Int
        /// The part of the picture decoded (upright, at the decode scale): what the frames read.
        public var decodedRegion: ImageRegion?

        public init(path: String, sha256: String, format: String, pixelWidth: Int, pixelHeight: Int, exifOrientation: Int,
                    decodeScale: Int, decodedRegion: ImageRegion?) {
            (self.path, self.sha256, self.format) = (path, sha256, format)
            (self.pixelWidth, self.pixelHeight, self.exifOrientation) = (pixelWidth, pixelHeight, exifOrientation)
            (self.decodeScale, self.decodedRegion) = (decodeScale, decodedRegion)
        }
    }

    public struct Frame: Sendable, Codable, Equatable {
        public var index: Int
        public var time: Double
        public var contentOffset: Point
        public var zoomScale: Double
        public var isTracking: Bool
        public var isDragging: Bool
        public var isDecelerating: Bool
        public var isZooming: Bool
        public var isZoomBouncing: Bool

        public init(index: Int, time: Double, contentOffset: Point, zoomScale: Double, isTracking: Bool, isDragging: Bool,
                    isDecelerating: Bool, isZooming: Bool, isZoomBouncing: Bool) {
            (self.index, self.time, self.contentOffset, self.zoomScale) = (index, time, contentOffset, zoomScale)
            (self.isTracking, self.isDragging, self.isDecelerating) = (isTracking, isDragging, isDecelerating)
            (self.isZooming, self.isZoomBouncing) = (isZooming, isZoomBouncing)
        }

        /// Named here for ``SequenceManifest/json(frames:)`` too, which writes them as Codable does.
        enum CodingKeys: String, CodingKey {
            case index, time, contentOffset, zoomScale, isTracking, isDragging, isDecelerating, isZooming, isZoomBouncing
        }
    }

    /// One delegate callback — or, marked `kind: "contentTouch"`, one thing the content heard of a
    /// touch — with its UIKit name, when, where the view was, and its arguments.
    public struct Event: Sendable, Codable, Equatable {
        public var time: Double
        public var name: String
        /// `"contentTouch"` for what the content view heard (`touchesBegan`, …); absent for delegate callbacks.
        public var kind: String?
        /// Who receives a content-touch callback: `UIScrollView` or `ContentView`.
        public var receiver: String?
        /// Where the finger was, for a content-touch callback.
        public var location: Point?
        /// The Objective-C selector, e.g. `scrollViewDidEndDragging:willDecelerate:`.
        public var selector: String
        public var contentOffset: Point
        public var zoomScale: Double
        /// `scrollViewWillEndDragging`: release velocity in pt/ms, as UIKit passes it.
        public var velocity: Point?
        /// `scrollViewWillEndDragging`: the target UIKit proposed, and the one the delegate left.
        public var proposedTargetContentOffset: Point?
        public var targetContentOffset: Point?
        /// `scrollViewDidEndDragging`.
        public var willDecelerate: Bool?
        /// `scrollViewDidEndZooming`.
        public var scale: Double?

        public init(time: Double, name: String, selector: String, contentOffset: Point, zoomScale: Double) {
            (self.time, self.name, self.selector, self.contentOffset, self.zoomScale) = (time, name, selector, contentOffset, zoomScale)
        }

        /// Named here for ``SequenceManifest/json(events:)`` too, which writes them as Codable does.
        enum CodingKeys: String, CodingKey {
            case time, name, kind, receiver, location, selector, contentOffset, zoomScale, velocity
            case proposedTargetContentOffset, targetContentOffset, willDecelerate, scale
        }
    }

    /// The global numbers of the first and last frame in the folder (inclusive).
    public struct FrameRange: Sendable, Codable, Equatable {
        public var first: Int
        public var last: Int

        public init(_ range: Range<Int>) {
            (first, last) = (range.lowerBound, range.upperBound - 1)
        }

        public var frames: Range<Int> { first..<(last + 1) }

        /// A range read from a file is checked as it is built: `first...last` within what a
        /// sequence can hold, so that no later arithmetic on it can overflow.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            first = try c.decode(Int.self, forKey: .first)
            last = try c.decode(Int.self, forKey: .last)
            guard 0 <= first, first <= last, last < SequenceManifest.maximumFrameCount else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                    "frameRange \(first)-\(last) is not a run of frame numbers from 0 to \(SequenceManifest.maximumFrameCount - 1)"))
            }
        }

        private enum CodingKeys: String, CodingKey { case first, last }
    }

    public var tool: String
    public var input: Input
    public var fps: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var pattern: String
    /// The frames in this folder: all of the sequence, or a shard's part of it.
    public var frameCount: Int
    /// The frames of the whole sequence.
    public var totalFrames: Int
    /// The folder holds part of the sequence (`--frames`, `--shard`).
    public var partial: Bool
    /// Which frames the folder holds, by global number; absent when it holds none.
    public var frameRange: FrameRange?
    public var frames: [Frame]
    public var events: [Event]
    /// A keyframe golden's pictured frames, by global number: the folder holds only their files,
    /// and the motion of every frame. Absent: every frame of ``frameRange`` is on disk.
    public var keyframes: [Int]?
    /// Device pixels per point of the frames (`UIScreen.scale`): masks given in points cover
    /// pixels at it. Manifests before it was written give it in `settings.scale` when it was
    /// set, else it is the default of 2 (a device's own scale, implied by its name alone, is not
    /// known to this reader).
    public var displayScale: Double

    public init(tool: String = "scrollrender", input: Input, fps: Double, pixelWidth: Int, pixelHeight: Int,
                frameCount: Int, totalFrames: Int, partial: Bool, frameRange: FrameRange?, frames: [Frame], events: [Event],
                keyframes: [Int]? = nil, displayScale: Double) {
        (self.tool, self.input, self.fps, self.pixelWidth, self.pixelHeight, pattern) = (tool, input, fps, pixelWidth, pixelHeight, FrameNaming.pattern)
        (self.frameCount, self.totalFrames, self.partial, self.frameRange) = (frameCount, totalFrames, partial, frameRange)
        (self.frames, self.events, self.keyframes, self.displayScale) = (frames, events, keyframes, displayScale)
    }

    /// The view's scale when no setting gives one.
    public static let defaultDisplayScale = 2.0

    /// A sequence longer than this is refused before any work (over 27 minutes at 60 fps).
    public static let maximumFrameCount = 100_000
    /// The most frames a second a render writes.
    public static let maximumFPS = 1000.0
    /// The most pixels a side of a frame can have: a frame folder claiming more is not one of ours.
    public static let maximumFrameSide = 1 << 15

    private enum CodingKeys: String, CodingKey {
        case tool, input, fps, pixelWidth, pixelHeight, pattern, frameCount, totalFrames, partial, frameRange, frames, events
        case displayScale, settings, keyframes
    }

    private enum SettingsKeys: String, CodingKey { case scale }

    /// Manifests written before sequences could be split have no `totalFrames` or `partial`: they are whole.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        tool = try c.decode(String.self, forKey: .tool)
        input = try c.decode(Input.self, forKey: .input)
        fps = try c.decode(Double.self, forKey: .fps)
        pixelWidth = try c.decode(Int.self, forKey: .pixelWidth)
        pixelHeight = try c.decode(Int.self, forKey: .pixelHeight)
        pattern = try c.decode(String.self, forKey: .pattern)
        frameCount = try c.decode(Int.self, forKey: .frameCount)
        totalFrames = try c.decodeIfPresent(Int.self, forKey: .totalFrames) ?? frameCount
        partial = try c.decodeIfPresent(Bool.self, forKey: .partial) ?? false
        frameRange = try c.decodeIfPresent(FrameRange.self, forKey: .frameRange)
            ?? (frameCount > 0 && !partial ? FrameRange(0..<frameCount) : nil)
        frames = try c.decode([Frame].self, forKey: .frames)
        events = try c.decode([Event].self, forKey: .events)
        keyframes = try c.decodeIfPresent([Int].self, forKey: .keyframes)
        let settings = try? c.nestedContainer(keyedBy: SettingsKeys.self, forKey: .settings)
        displayScale = try c.decodeIfPresent(Double.self, forKey: .displayScale)
            ?? (try? settings?.decodeIfPresent(Double.self, forKey: .scale)) ?? Self.defaultDisplayScale
    }
}
