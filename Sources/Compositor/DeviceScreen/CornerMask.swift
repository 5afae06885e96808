#if canImport(Glibc)
import Glibc
#endif
import Raster

/// The four rounded corners of a whole-pixel rectangle, as runs per row: how many pixels lie wholly
/// outside the rounding, then the anti-aliased ones the arc crosses.
///
/// Coverage comes from ``RoundedRect`` for the top-left corner only; the rectangle is symmetric, so
/// the other three mirror it. A frame pays a fill for the outside run and a mix for a few edge
/// pixels per row, in the corners' rows alone.
struct CornerMask: Sendable {
    struct Row: Sendable {
        /// Pixels from the side that are wholly outside the screen.
        var outside: Int
        /// Coverage (0...255) of the pixels after them, up to the first wholly inside one.
        var edge: [UInt8]
    }

    let width: Int
    let height: Int
    let rows: [Row]

    /// The corners of a `width × height` pixel rectangle rounded with `radius` pixels.
    init(width: Int, height: Int, radius: Double) {
        (self.width, self.height) = (width, height)
        let shape = RoundedRect(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height), radius: radius)
        let reach = min(Int(ceil(shape.radius)), width / 2, height / 2)
        rows = (0..<reach).map { y in
            let coverage = (0..<reach).map { x in UInt8((shape.coverage(x: x, y: y) * 255).rounded()) }
            let outside = coverage.firstIndex { $0 > 0 } ?? reach
            let inside = coverage[outside...].firstIndex { $0 == 255 } ?? reach
            return Row(outside: outside, edge: Array(coverage[outside..<inside]))
        }
    }

    /// Replaces what lies outside the rounded corners of `target` by `outside` (straight alpha),
    /// mixing the edge pixels by coverage.
    func apply(outside: RGBA, to target: ChromeTarget) {
        precondition(target.width == width && target.height == height, "CornerMask: made for \(width)×\(height), given \(target.width)×\(target.height)")
        for (y, row) in rows.enumerated() {
            apply(row, outside: outside, to: target.row(y))
            if height - 1 - y != y { apply(row, outside: outside, to: target.row(height - 1 - y)) }
        }
    }

    /// One row's runs, from the left side and mirrored from the right.
    private func apply(_ row: Row, outside: RGBA, to pixels: UnsafeMutablePointer<UInt8>) {
        Blending.fillStraight(pixels, count: row.outside, with: outside)
        Blending.fillStraight(pixels + (width - row.outside) * 4, count: row.outside, with: outside)
        for (index, inside) in row.edge.enumerated() {
            let x = row.outside + index
            Blending.mixStraight(pixels + x * 4, toward: outside, inside: Int(inside))
            Blending.mixStraight(pixels + (width - 1 - x) * 4, toward: outside, inside: Int(inside))
        }
    }
}
