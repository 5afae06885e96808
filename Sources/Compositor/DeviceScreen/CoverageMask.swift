#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster

/// A few rows of anti-aliased coverage, rasterized once and blended in one colour on every frame.
///
/// The status bar, the sensor housing, the home indicator and a touch are each one of these: their
/// outlines cost a signed distance per pixel (and supersampling on their edges) only when the mask is
/// made, and a frame pays one multiply-add per covered pixel. Each row is kept as runs of covered
/// pixels, the empty space between glyphs costing nothing and the wholly covered ones (the island's
/// inside) a plain fill when the colour is opaque.
struct CoverageMask: Sendable {
    /// Where the mask's top-left pixel lies in the frame, before any shift given to ``draw``.
    let originX: Int
    let originY: Int
    let width: Int
    let height: Int
    /// Opacity per pixel, 0...255: coverage times the opacity of the part that covers it.
    let alpha: [UInt8]
    /// Per row, its runs of covered columns, in order.
    let runs: [[Run]]

    /// Columns of one row that are all wholly covered (opacity 255), or all partly.
    struct Run: Sendable, Equatable {
        var columns: Range<Int>
        var isOpaque: Bool
    }

    /// Rasterizes `parts` (in frame pixels, each with its opacity in 0...1) over the pixels their
    /// bounds touch; parts that overlap combine as layers do ("over").
    init(parts: [(shape: VectorShape, opacity: Double)]) {
        let boxes = parts.map(\.shape.bounds)
        let box = VectorShape.enclosing(boxes)
        let x0 = Int(floor(box.minX)) - 1, y0 = Int(floor(box.minY)) - 1
        let x1 = Int(ceil(box.maxX)) + 1, y1 = Int(ceil(box.maxY)) + 1
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)) { x, y in
            var clear = 1.0
            let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
            for (part, box) in zip(parts, boxes) {
                // A pixel this far from a part's box is wholly outside the part.
                if box.width > 0, VectorShape.boxDistance(centre, box) >= VectorShape.halfPixelDiagonal { continue }
                let coverage = part.shape.coverage(x: x, y: y)
                if coverage > 0 { clear *= 1 - coverage * part.opacity }
            }
            return 1 - clear
        }
    }

    /// A mask of `width × height` pixels at `(x, y)` whose opacity at frame pixel `(px, py)` is
    /// `opacity(px, py)` in 0...1.
    init(x: Int, y: Int, width: Int, height: Int, opacity: (Int, Int) -> Double) {
        originX = x
        originY = y
        (self.width, self.height) = (width, height)
        var alpha = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                alpha[row * width + column] = UInt8((min(max(opacity(x + column, y + row), 0), 1) * 255).rounded())
            }
        }
        self.alpha = alpha
        runs = (0..<height).map { row in Self.runs(of: alpha[(row * width)..<((row + 1) * width)]) }
    }

    /// A row's covered columns, split where opacity changes between 255 and less.
    private static func runs(of row: ArraySlice<UInt8>) -> [Run] {
        var runs = [Run]()
        for (column, value) in zip(0..., row) where value > 0 {
            let isOpaque = value == 255
            if let last = runs.last, last.columns.upperBound == column, last.isOpaque == isOpaque {
                runs[runs.count - 1].columns = last.columns.lowerBound..<(column + 1)
            } else {
                runs.append(Run(columns: column..<(column + 1), isOpaque: isOpaque))
            }
        }
        return runs
    }

    /// The frame pixels the mask covers when drawn shifted by `(dx, dy)`.
    func frame(shiftedBy dx: Int = 0, _ dy: Int = 0) -> (x: Range<Int>, y: Range<Int>) {
        ((originX + dx)..<(originX + dx + width), (originY + dy)..<(originY + dy + height))
    }

    /// Composites `color` through the mask over the straight-alpha `target`, at `opacity` (0...1),
    /// shifted by `(dx, dy)` pixels; pixels outside the target are skipped.
    func draw(_ color: RGBA, opacity: Double = 1, shiftedBy dx: Int = 0, _ dy: Int = 0, into target: ChromeTarget) {
        // Opacity and the colour's own alpha folded into one factor out of 255.
        let scale = Int((min(max(opacity, 0), 1) * Double(color.alpha)).rounded())
        guard scale > 0, width > 0 else { return }
        let left = originX + dx, top = originY + dy
        let rows = max(0, -top)..<min(height, target.height - top)
        let visible = max(0, -left)..<max(0, target.width - left)
        guard !rows.isEmpty, !visible.isEmpty else { return }
        alpha.withUnsafeBufferPointer { alpha in
            for row in rows {
                let pixels = target.row(top + row) + left * 4
                let values = alpha.baseAddress! + row * width
                for run in runs[row] {
                    let columns = run.columns.clamped(to: visible)
                    if columns.isEmpty { continue }
                    if run.isOpaque && scale == 255 {
                        Blending.fillStraight(pixels + columns.lowerBound * 4, count: columns.count, with: color)
                    } else {
                        blend(color, scale: scale, values: values, columns: columns, into: pixels)
                    }
                }
            }
        }
    }

    /// The per-pixel blend, with the opaque frame's case written out: `round((c·a + d·(255 − a)) / 255)`
    /// by shifts rather than a division.
    @inline(__always)
    private func blend(_ color: RGBA, scale: Int, values: UnsafePointer<UInt8>, columns: Range<Int>, into pixels: UnsafeMutablePointer<UInt8>) {
        let red = Int(color.red), green = Int(color.green), blue = Int(color.blue)
        for column in columns {
            var a = Int(values[column])
            if a == 0 { continue }
            if scale != 255 { a = Blending.multiply(a, scale) }
            let pixel = pixels + column * 4
            guard pixel[3] == 255 else {
                Blending.blendOverStraight(pixel, color, alpha: a)
                continue
            }
            let keep = 255 &- a
            pixel[0] = UInt8(truncatingIfNeeded: Blending.divideBy255(red &* a &+ Int(pixel[0]) &* keep))
            pixel[1] = UInt8(truncatingIfNeeded: Blending.divideBy255(green &* a &+ Int(pixel[1]) &* keep))
            pixel[2] = UInt8(truncatingIfNeeded: Blending.divideBy255(blue &* a &+ Int(pixel[2]) &* keep))
        }
    }
}
