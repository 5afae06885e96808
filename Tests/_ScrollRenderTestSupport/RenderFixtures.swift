import Foundation
import FrameSequence
import ImageCodecs
import Raster
import ScrollRenderKit

/// Builds a picture from a function of (x, y).
public func makeImage(width: Int, height: Int, _ color: (Int, Int) -> RGBA) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            image[x, y] = color(x, y)
        }
    }
    return image
}

/// Small pictures, PNG files of them, and what a render wrote, read back.
public enum RenderFixtures {
    /// A deterministic opaque picture: gradients plus per-pixel detail, so every crop is unique.
    public static func picture(width: Int, height: Int) -> RGBAImage {
        makeImage(width: width, height: height) { x, y in
            RGBA(red: UInt8(truncatingIfNeeded: x), green: UInt8(truncatingIfNeeded: y), blue: UInt8(truncatingIfNeeded: (x &* 37) ^ (y &* 91)))
        }
    }

    /// Writes `image` as a PNG at `path` (its alpha channel only when `keepsAlpha`).
    public static func writePNG(_ image: RGBAImage, to path: String, keepsAlpha: Bool = false) throws {
        try Data(PNGEncoder(keepsAlpha: keepsAlpha).encode(image)).write(to: URL(fileURLWithPath: path))
    }

    /// Writes `image` as a PNG into `folder` and returns its path.
    @discardableResult
    public static func write(_ image: RGBAImage, named name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try writePNG(image, to: path)
        return path
    }

    /// Frame `index` of the sequence in `folder`, decoded.
    public static func frame(_ index: Int, in folder: URL) throws -> RGBAImage {
        let url = folder.appendingPathComponent(FrameNaming.name(index))
        return try ImageDecoder().decode([UInt8](Data(contentsOf: url))).image
    }

    public static func manifest(in folder: URL) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    /// The `width`×`height` crop of `image` at (`x`, `y`).
    public static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        makeImage(width: width, height: height) { column, row in image[x + column, y + row] }
    }
}
