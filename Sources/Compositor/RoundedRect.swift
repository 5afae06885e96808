#if canImport(Glibc)
import Glibc
#endif

/// An axis-aligned rounded rectangle in device pixels, and how much of each pixel it covers.
///
/// Coverage is the exact area of `pixel ∩ shape` wherever the pixel does not reach into a corner's
/// `radius × radius` square (the product of the overlaps along x and y). Pixels that do are
/// supersampled on a 16×16 grid (1/256 steps, finer than 8-bit output), which only concerns a few
/// dozen pixels per corner.
struct RoundedRect {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
    /// Clamped to half the shorter side, so a radius of `thickness / 2` gives a pill.
    var radius: Double

    init(minX: Double, minY: Double, maxX: Double, maxY: Double, radius: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
        self.radius = max(0, min(radius, (maxX - minX) / 2, (maxY - minY) / 2))
    }

    static let supersampling = 16

    /// The fraction of pixel `[x, x+1) × [y, y+1)` inside the shape, in 0...1.
    func coverage(x: Int, y: Int) -> Double {
        let left = Double(x), top = Double(y)
        let overlapX = min(left + 1, maxX) - max(left, minX)
        let overlapY = min(top + 1, maxY) - max(top, minY)
        if overlapX <= 0 || overlapY <= 0 { return 0 }
        let nearCornerX = left < minX + radius || left + 1 > maxX - radius
        let nearCornerY = top < minY + radius || top + 1 > maxY - radius
        if radius <= 0 || !(nearCornerX && nearCornerY) {
            return min(1, overlapX) * min(1, overlapY)
        }
        // Farther than half the pixel's diagonal from the arc, every sample agrees: skip them.
        let centreX = left + 0.5, centreY = top + 0.5
        let dx = centreX - min(max(centreX, minX + radius), maxX - radius)
        let dy = centreY - min(max(centreY, minY + radius), maxY - radius)
        let fromArc = (dx * dx + dy * dy).squareRoot() - radius
        if fromArc >= 0.7072 { return 0 }
        if fromArc <= -0.7072 && overlapX >= 1 && overlapY >= 1 { return 1 }
        return Self.supersampledCoverage(x: x, y: y, contains: contains)
    }

    /// The fraction of the 16×16 sample points of pixel `(x, y)` whose signed distance to an outline
    /// (`distance`, negative inside, in pixels) is negative: the same count as
    /// ``supersampledCoverage(x:y:contains:)``, found faster. The samples come in 4×4 groups; a group
    /// whose centre is farther from the outline than its farthest sample (0.133 px) lies on one
    /// side of it and counts whole, so only the few groups an edge crosses are sampled one by one.
    static func supersampledCoverage(x: Int, y: Int, distance: (Double, Double) -> Double) -> Double {
        let n = supersampling, group = 4
        let step = 1 / Double(n), spread = 1.5 * step * 2.0.squareRoot()
        let left = Double(x), top = Double(y)
        var inside = 0
        for gy in stride(from: 0, to: n, by: group) {
            for gx in stride(from: 0, to: n, by: group) {
                let centre = distance(left + Double(gx + group / 2) * step, top + Double(gy + group / 2) * step)
                if centre > spread { continue }
                if centre < -spread { inside += group * group; continue }
                for sy in gy..<(gy + group) {
                    for sx in gx..<(gx + group) where distance(left + (Double(sx) + 0.5) * step, top + (Double(sy) + 0.5) * step) < 0 {
                        inside += 1
                    }
                }
            }
        }
        return Double(inside) / Double(n * n)
    }

    /// The fraction of the 16×16 sample points of pixel `(x, y)` that `contains` accepts: the
    /// coverage of a pixel an edge crosses.
    static func supersampledCoverage(x: Int, y: Int, contains: (Double, Double) -> Bool) -> Double {
        let n = supersampling
        let step = 1 / Double(n)
        let left = Double(x), top = Double(y)
        var inside = 0
        for sy in 0..<n {
            let py = top + (Double(sy) + 0.5) * step
            for sx in 0..<n {
                let px = left + (Double(sx) + 0.5) * step
                if contains(px, py) { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    /// Whether the point lies inside the shape.
    func contains(_ px: Double, _ py: Double) -> Bool {
        guard px >= minX, px < maxX, py >= minY, py < maxY else { return false }
        let cx = min(max(px, minX + radius), maxX - radius)
        let cy = min(max(py, minY + radius), maxY - radius)
        let dx = px - cx, dy = py - cy
        return dx * dx + dy * dy <= radius * radius
    }
}
