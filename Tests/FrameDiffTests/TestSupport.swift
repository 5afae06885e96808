import Foundation
import ImageCodecs
import Raster
@testable import FrameDiff
import _ScrollRenderTestSupport

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

    /// A folder like `scrollrender` writes: frames plus a manifest (with extra fields the diff ignores).
    @discardableResult
    static func sequence(_ frames: [RGBAImage], in folder: String, fps: Double = 60,
                         frameCount: Int? = nil) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, frame) in frames.enumerated() {
            try RenderFixtures.writePNG(frame, to: "\(folder)/frame_\(String(format: "%05d", index)).png", keepsAlpha: true)
        }
        let manifest = minimalManifest(fps: fps, width: frames.first?.width ?? 1, height: frames.first?.height ?? 1,
                                       frameCount: frameCount ?? frames.count)
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: "\(folder)/manifest.json"))
        return folder
    }

    /// The least a manifest holds for the one manifest reader: no motion, no settings given.
    static func minimalManifest(fps: Double, width: Int, height: Int, frameCount: Int) -> [String: Any] {
        [
            "tool": "scrollrender", "format": 2, "version": "test",
            "libraries": ["libjpegTurbo": "test", "libpng": "test", "zlib": "test"],
            "input": ["path": "p.png", "sha256": "", "format": "png", "pixelWidth": width, "pixelHeight": height,
                      "exifOrientation": 1, "decodeScale": 1],
            "settings": [String: Any](), "timeline": [Any](),
            "fps": fps, "pixelWidth": width, "pixelHeight": height, "frameCount": frameCount,
            "pattern": "frame_%05d.png", "frames": [Any](), "events": [Any](), "ffmpeg": ["gif": "", "mp4": ""],
        ]
    }
}

/// Numbers from a seed (a 64-bit linear congruential generator): the same trials on every run
/// and machine, so that a failing trial can be run again.
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `0 ..< bound`.
    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33) % bound
    }
}

extension SeededNumbers {
    /// Two pictures `width` pixels wide and one to nine rows tall, for the comparisons' tests:
    /// `channel` draws each byte of the expected and the actual picture, told whether it is alpha.
    mutating func picturePair(width: Int, channel: (inout SeededNumbers, _ isAlpha: Bool) -> (UInt8, UInt8))
        -> (expected: RGBAImage, actual: RGBAImage) {
        var expected = RGBAImage(width: width, height: 1 + next(below: 9)), actual = expected
        for index in expected.pixels.indices {
            (expected.pixels[index], actual.pixels[index]) = channel(&self, index % 4 == 3)
        }
        return (expected, actual)
    }
}
