import Foundation
import GIFBlocks
import Geometry
import ImageCodecs
import Raster
import ScrollPhysics
@testable import ScrollRenderKit
import Testing

/// Renders and exports in process, as a library caller does, and reads the files back: a GIF by
/// its blocks, any format's pixels through ffmpeg (a decoder we did not write).
enum ExportSupport {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kit-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A PNG of `width × height` whose pixel at (x, y) is `color(x, y)`.
    static func picture(_ width: Int, _ height: Int, in folder: URL, named name: String = "p.png",
                        color: (Int, Int) -> RGBA) throws -> String {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = color(x, y) } }
        let url = folder.appendingPathComponent(name)
        try Data(PNGEncoder(keepsAlpha: false).encode(image)).write(to: url)
        return url.path
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

    /// What a GIF's blocks say (``GIFBlocks``).
    static func gif(_ path: String) throws -> GIFBlocks {
        try GIFBlocks(path: path)
    }

    /// The little-endian number of `count` bytes at `offset` of the chunk named `name` (an APNG's
    /// `acTL`, a WebP's `ANIM`), or `nil` when the file has none.
    static func chunkField(_ path: String, chunk name: String, offset: Int, count: Int, bigEndian: Bool = false) throws -> Int? {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tag = Array(name.utf8)
        guard let at = (0..<(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == tag }) else { return nil }
        let field = bytes[(at + 4 + offset)..<(at + 4 + offset + count)]
        return (bigEndian ? Array(field) : field.reversed()).reduce(0) { $0 << 8 | Int($1) }
    }

    /// A file's frames as ffmpeg decodes them (RGBA, every frame as stored: no rate change).
    static func decoded(_ path: String, width: Int, height: Int) throws -> [RGBAImage] {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("decoded-\(UUID().uuidString).rgba").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let status = try run(["/usr/bin/ffmpeg", "-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", raw])
        try #require(status == 0, "ffmpeg could not read \(path)")
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        let size = width * height * 4
        return stride(from: 0, to: data.count - size + 1, by: size).map {
            RGBAImage(width: width, height: height, pixels: [UInt8](data[$0..<($0 + size)]))
        }
    }

    /// Runs a program and waits for exactly it (`waitpid` on its own id): Foundation's `Process`
    /// once missed a child's exit in the full suite, where many tests start and reap children.
    static func run(_ arguments: [String]) throws -> Int32 {
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        try #require(spawned == 0, "cannot start \(arguments[0]): \(spawned)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
