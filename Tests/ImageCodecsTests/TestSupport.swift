import FileSystem
import Foundation
import ImageCodecs
import Raster
import Testing
import _ScrollRenderTestSupport

/// Paths and helpers shared by the codec tests.
enum TestSupport {
    /// `../shared/corpus` beside the package, as CI lays it out; absent in other clones.
    static let corpus = TestFiles.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static var corpusIsAvailable: Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("manifest.json").path)
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil),
                               "missing fixture \(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    static func sha256(_ pixels: [UInt8]) -> String {
        SHA256.hex(pixels)
    }

    /// A deterministic picture with gradients, noise-like detail and varying alpha.
    static func patternImage(width: Int, height: Int, opaque: Bool) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        var seed: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_103_515_245 &+ 12345
                image[x, y] = RGBA(red: UInt8(truncatingIfNeeded: x * 255 / max(width - 1, 1)),
                                   green: UInt8(truncatingIfNeeded: y * 255 / max(height - 1, 1)),
                                   blue: UInt8(truncatingIfNeeded: seed >> 16),
                                   alpha: opaque ? 255 : UInt8(truncatingIfNeeded: (x + y) * 7))
            }
        }
        return image
    }
}
