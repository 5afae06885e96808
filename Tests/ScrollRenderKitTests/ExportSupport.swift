import Foundation
import Geometry
import ImageCodecs
import Raster
import ScrollPhysics
@testable import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// Renders and exports in process, as a library caller does, and reads the files back (a GIF by
/// its blocks, ``GIFBlocks``; any format's pixels through ffmpeg, ``FFmpegFrames``).
enum ExportSupport {
    /// A PNG of `width × height` whose pixel at (x, y) is `color(x, y)`.
    static func picture(_ width: Int, _ height: Int, in folder: URL, named name: String = "p.png",
                        color: (Int, Int) -> RGBA) throws -> String {
        try RenderFixtures.write(makeImage(width: width, height: height, color), named: name, in: folder)
    }

    /// A picture with fine detail everywhere, so that frames differ as it scrolls.
    static func detailed(_ width: Int, _ height: Int, in folder: URL) throws -> String {
        try picture(width, height, in: folder) { x, y in
            RGBA(red: UInt8(truncatingIfNeeded: x * 3), green: UInt8(truncatingIfNeeded: y), blue: UInt8(truncatingIfNeeded: (x &* 37) ^ (y &* 91)))
        }
    }

    /// Settings from `given` (setting, value) over `base`.
    static func settings(_ given: [(Setting, SettingValue)], steps: [TimelineStep] = []) throws -> RenderSettings {
        var settings = RenderSettings()
        for (setting, value) in given { try settings.set(setting, to: value) }
        settings.steps = steps
        return settings
    }

    /// Renders `settings` over `image` into `folder/frames`, exporting `exports`; the manifest.
    @discardableResult
    static func render(_ settings: RenderSettings, image: String, in folder: URL, exports: [ExportRequest] = [],
                       results: (([Exporter.Result]) -> Void)? = nil) throws -> Manifest {
        var request = try RenderRequest(imagePath: image, outputPath: folder.appendingPathComponent("frames").path, settings: settings)
        request.exports = exports
        var session = RenderSession(request)
        let collected = Collected()
        session.onExported = { collected.set($0) }
        let manifest = try session.run()
        results?(collected.get())
        return manifest
    }

    /// Exports the frame folder `folder/frames` as `scrollrender export` does.
    static func export(_ requests: [ExportRequest], from folder: URL, settings change: ((inout RenderSettings) throws -> Void)? = nil) throws -> [Exporter.Result] {
        let frames = folder.appendingPathComponent("frames").path
        var manifest = try Manifest.read(folder: frames)
        try change?(&manifest.settings)
        return try Exporter(source: Exporter.Source(folder: frames, manifest: manifest)).export(requests)
    }

    final class Collected: @unchecked Sendable {
        private var results: [Exporter.Result] = []
        private let lock = NSLock()
        func set(_ results: [Exporter.Result]) { lock.withLock { self.results = results } }
        func get() -> [Exporter.Result] { lock.withLock { results } }
    }

    // MARK: - Reading files back

    /// The little-endian number of `count` bytes at `offset` of the chunk named `name` (an APNG's
    /// `acTL`, a WebP's `ANIM`), or `nil` when the file has none.
    static func chunkField(_ path: String, chunk name: String, offset: Int, count: Int, bigEndian: Bool = false) throws -> Int? {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tag = Array(name.utf8)
        guard let at = (0..<(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == tag }) else { return nil }
        let field = bytes[(at + 4 + offset)..<(at + 4 + offset + count)]
        return (bigEndian ? Array(field) : field.reversed()).reduce(0) { $0 << 8 | Int($1) }
    }
}
