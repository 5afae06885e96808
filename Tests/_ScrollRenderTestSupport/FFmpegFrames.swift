import Foundation
import Raster

/// A file's frames as ffmpeg decodes them — a decoder we did not write — to check what the
/// exports made and what the GIF encoder wrote.
public enum FFmpegFrames {
    /// The frames of `path` (or of a pattern, with `input` options such as `-framerate`) as RGBA
    /// images of `width`×`height`: every frame as stored, or one every 1/`fps` s when `fps` is
    /// given (a GIF's merged frames shown again, as ffmpeg's `fps` filter picks them); only the
    /// first `count` of them when `count` is given.
    public static func decode(_ path: String, width: Int, height: Int, fps: Double? = nil, count: Int? = nil,
                              input: [String] = []) throws -> [RGBAImage] {
        let raw = TestFiles.scratch.appendingPathComponent("decoded-\(UUID().uuidString).rgba").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let rate = fps.map { ["-vf", "fps=\($0)"] } ?? ["-fps_mode", "passthrough"]
        let frames = count.map { ["-frames:v", "\($0)"] } ?? []
        let result = try CommandRunner.run(program: "/usr/bin/ffmpeg", ["-v", "error"] + input + ["-i", path] + rate + frames
                                           + ["-f", "rawvideo", "-pix_fmt", "rgba", raw])
        guard result.status == 0 else { throw Failure(path: path, message: result.standardError) }
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        let size = width * height * 4
        return stride(from: 0, to: data.count - size + 1, by: size).map {
            RGBAImage(width: width, height: height, pixels: [UInt8](data[$0..<($0 + size)]))
        }
    }

    /// ffmpeg could not read the file.
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "ffmpeg could not read \(path): \(message)" }
    }
}
