import Raster

/// SSIM (Wang et al. 2004) of two pictures' luma, over 8×8 windows every 4 pixels as ffmpeg's
/// `ssim` filter takes them: 1 for the same picture, about 0.96 where a GIF's palette shows.
enum StructuralSimilarity {
    static func mean(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "pictures of one size")
        let (x, y) = (luma(a), luma(b))
        let c1 = 6.5025, c2 = 58.5225  // (0.01 × 255)², (0.03 × 255)²
        var total = 0.0, windows = 0
        for top in stride(from: 0, through: a.height - 8, by: 4) {
            for left in stride(from: 0, through: a.width - 8, by: 4) {
                var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
                for row in top..<(top + 8) {
                    for column in left..<(left + 8) {
                        let p = x[row * a.width + column], q = y[row * a.width + column]
                        (sx, sy, sxx, syy, sxy) = (sx + p, sy + q, sxx + p * p, syy + q * q, sxy + p * q)
                    }
                }
                let (mx, my) = (sx / 64, sy / 64)
                let (vx, vy, cov) = (sxx / 64 - mx * mx, syy / 64 - my * my, sxy / 64 - mx * my)
                total += (2 * mx * my + c1) * (2 * cov + c2) / ((mx * mx + my * my + c1) * (vx + vy + c2))
                windows += 1
            }
        }
        return total / Double(max(1, windows))
    }

    private static func luma(_ image: RGBAImage) -> [Double] {
        stride(from: 0, to: image.pixels.count, by: 4).map { (at: Int) -> Double in
            let red = 0.299 * Double(image.pixels[at]), green = 0.587 * Double(image.pixels[at + 1])
            return red + green + 0.114 * Double(image.pixels[at + 2])
        }
    }
}
