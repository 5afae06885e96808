import Foundation
import ImageCodecs
import Raster
@testable import FrameDiff

/// Small pictures and frame folders for the diff tests.
enum Fixtures {
    /// A deterministic opaque picture with per-pixel detail.
    static func picture(width: Int = 16, height: Int = 12, seed: Int = 0) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGBA(red: UInt8(truncatingIfNeeded: x * 13 + seed),
                                   green: UInt8(truncatingIfNeeded: y * 17 + seed * 3),
                                   blue: UInt8(truncatingIfNeeded: (x &* 37) ^ (y &* 91)))
            }
        }
        return image
    }

    /// `image` with the pixel at (`x`, `y`) changed by `delta` in red (clamped).
    static func changing(_ image: RGBAImage, x: Int, y: Int, red delta: Int) -> RGBAImage {
        var copy = image
        var pixel = copy[x, y]
        pixel.red = UInt8(clamping: Int(pixel.red) + (Int(pixel.red) + delta > 255 ? -delta : delta))
        copy[x, y] = pixel
        return copy
    }

    static func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("framediff-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func writePNG(_ image: RGBAImage, to path: String) throws {
        try Data(PNGEncoder(keepsAlpha: true).encode(image)).write(to: URL(fileURLWithPath: path))
    }

    /// A folder like `scrollrender` writes: frames plus a manifest (with extra fields the diff ignores).
    @discardableResult
    static func sequence(_ frames: [RGBAImage], in folder: String, fps: Double = 60,
                         frameCount: Int? = nil) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, frame) in frames.enumerated() {
            try writePNG(frame, to: "\(folder)/frame_\(String(format: "%05d", index)).png")
        }
        let manifest: [String: Any] = [
            "tool": "scrollrender", "version": "test", "fps": fps,
            "pixelWidth": frames.first?.width ?? 0, "pixelHeight": frames.first?.height ?? 0,
            "frameCount": frameCount ?? frames.count, "pattern": "frame_%05d.png",
            "frames": [], "events": [],
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: "\(folder)/manifest.json"))
        return folder
    }
}
