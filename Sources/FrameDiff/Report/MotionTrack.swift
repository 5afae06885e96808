import FileSystem
import Foundation

/// The motion a sequence's manifest records — `contentOffset` and `zoomScale` at every frame, and
/// the delegate callbacks — read leniently: a manifest without them gives an empty track, so that
/// the report still shows pixels.
struct MotionTrack: Sendable, Decodable {
    struct Sample: Sendable, Decodable {
        struct Offset: Sendable, Decodable { var x: Double; var y: Double }
        var time: Double
        var contentOffset: Offset
        var zoomScale: Double
    }

    struct Event: Sendable, Decodable {
        var time: Double
        var name: String
    }

    var frames: [Sample]
    var events: [Event]

    static let empty = MotionTrack(frames: [], events: [])

    init(frames: [Sample], events: [Event]) {
        self.frames = frames
        self.events = events
    }

    private enum CodingKeys: String, CodingKey { case frames, events }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        frames = ((try? c.decodeIfPresent([Sample].self, forKey: .frames)) ?? nil) ?? []
        events = ((try? c.decodeIfPresent([Event].self, forKey: .events)) ?? nil) ?? []
    }

    /// The track of the sequence in `folder`, or an empty one.
    static func read(folder: String) -> MotionTrack {
        guard let bytes = try? FileSystem.readRegularFile(FileSystem.join(folder, "manifest.json"), limit: 256 << 20),
              let track = try? JSONDecoder().decode(MotionTrack.self, from: Data(bytes)) else { return .empty }
        return MotionTrack(frames: track.frames.filter { [$0.time, $0.contentOffset.x, $0.contentOffset.y, $0.zoomScale].allSatisfy(\.isFinite) },
                           events: track.events.filter { $0.time.isFinite })
    }
}
