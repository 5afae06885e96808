import Raster

/// A small copy of a frame for the report's filmstrip: each pixel the average of the block of
/// frame pixels it stands for, so that motion and differences stay visible at a glance.
enum Thumbnail {
    static func make(_ image: RGBAImage, height target: Int) -> RGBAImage {
        let factor = max(1, (image.height + target - 1) / max(1, target))
        let width = max(1, image.width / factor), height = max(1, image.height / factor)
        var out = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var sum = (0, 0, 0, 0), count = 0
                for dy in 0..<factor where y * factor + dy < image.height {
                    for dx in 0..<factor where x * factor + dx < image.width {
                        let p = image[x * factor + dx, y * factor + dy]
                        sum = (sum.0 + Int(p.red), sum.1 + Int(p.green), sum.2 + Int(p.blue), sum.3 + Int(p.alpha))
                        count += 1
                    }
                }
                let c = max(1, count)
                out[x, y] = RGBA(red: UInt8(sum.0 / c), green: UInt8(sum.1 / c), blue: UInt8(sum.2 / c), alpha: UInt8(sum.3 / c))
            }
        }
        return out
    }
}
