import Foundation
import ImageCodecs
import Raster
import ScrollRenderKit

/// Small pictures and frame folders for end-to-end render tests.
enum RenderFixtures {
    /// A deterministic opaque picture: gradients plus per-pixel detail, so every crop is unique.
    static func picture(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let detail = UInt8(truncatingIfNeeded: (x &* 37) ^ (y &* 91))
                image[x, y] = RGBA(red: UInt8(truncatingIfNeeded: x), green: UInt8(truncatingIfNeeded: y), blue: detail)
            }
        }
        return image
    }

    /// Writes `image` as a PNG into `folder` and returns its path.
    @discardableResult
    static func write(_ image: RGBAImage, named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(PNGEncoder(keepsAlpha: false).encode(image)).write(to: url)
        return url.path
    }

    static func frame(_ index: Int, in folder: URL) throws -> RGBAImage {
        let url = folder.appendingPathComponent(FrameNaming.name(index))
        return try ImageDecoder().decode([UInt8](Data(contentsOf: url))).image
    }

    static func manifest(in folder: URL) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    /// The `width`×`height` crop of `image` at (`x`, `y`).
    static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var output = RGBAImage(width: width, height: height)
        for row in 0..<height {
            for column in 0..<width { output[column, row] = image[x + column, y + row] }
        }
        return output
    }
}
