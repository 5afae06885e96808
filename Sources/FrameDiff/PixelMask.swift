import Raster
import Geometry

/// The parts of a frame a comparison leaves out — a clock, an avatar, anything that changes from
/// run to run (Playwright's `mask`): their pixels are never counted, measured or boxed, and the
/// difference picture and the report show them hatched.
///
/// Masks are given in points, as the scroll view's frame is laid out, and cover every pixel they
/// touch at the frame's display scale.
public struct PixelMask: Sendable, Hashable {
    /// The masked boxes, each inside the frame and not empty.
    public private(set) var boxes: [ImageRegion]
    public let width: Int
    public let height: Int

    /// Boxes of pixels, clipped to a frame of `width` × `height`.
    public init(boxes: [ImageRegion], width: Int, height: Int) {
        (self.width, self.height) = (width, height)
        self.boxes = boxes.compactMap { box in
            let (x0, y0) = (max(0, box.x), max(0, box.y))
            let (x1, y1) = (min(width, box.x + box.width), min(height, box.y + box.height))
            return x1 > x0 && y1 > y0 ? ImageRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
        }
    }

    /// Rectangles in points on a frame of `width` × `height` pixels at `scale` pixels per point.
    public init(points rects: [Rect], scale: Double, width: Int, height: Int) {
        self.init(boxes: rects.map { Self.pixels(covering: $0, scale: scale) }, width: width, height: height)
    }

    /// Every pixel `rect` (in points) touches at `scale`; a tiny tolerance keeps 0.1 × 3 from reaching
    /// the next pixel.
    static func pixels(covering rect: Rect, scale: Double) -> ImageRegion {
        func clamped(_ value: Double) -> Int { Int(max(-1e9, min(1e9, value.isFinite ? value : 0))) }
        let x0 = clamped((rect.origin.x * scale + 1e-9).rounded(.down)), y0 = clamped((rect.origin.y * scale + 1e-9).rounded(.down))
        let x1 = clamped(((rect.origin.x + rect.size.width) * scale - 1e-9).rounded(.up))
        let y1 = clamped(((rect.origin.y + rect.size.height) * scale - 1e-9).rounded(.up))
        return ImageRegion(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    public var isEmpty: Bool { boxes.isEmpty }

    /// The columns of row `y` that are compared, in order: the row less every mask over it.
    func comparedRuns(row y: Int) -> [Range<Int>] {
        var covered = boxes.filter { $0.y <= y && y < $0.y + $0.height }.map { $0.x..<($0.x + $0.width) }
        guard !covered.isEmpty else { return [0..<width] }
        covered.sort { $0.lowerBound < $1.lowerBound }
        var runs: [Range<Int>] = []
        var x = 0
        for span in covered {
            if span.lowerBound > x { runs.append(x..<span.lowerBound) }
            x = max(x, span.upperBound)
        }
        if x < width { runs.append(x..<width) }
        return runs
    }

    /// Whether row `y` has a mask over it.
    func masks(row y: Int) -> Bool {
        boxes.contains { $0.y <= y && y < $0.y + $0.height }
    }

    /// The pixels compared: the frame less the masks (overlaps counted once).
    var comparedPixelCount: Int {
        guard !isEmpty else { return width * height }
        let rows = Set(boxes.flatMap { [$0.y, $0.y + $0.height] }).sorted()
        // Rows between two box edges share their runs.
        var masked = 0
        for (top, bottom) in zip(rows, rows.dropFirst()) {
            let compared = comparedRuns(row: top).reduce(0) { $0 + $1.count }
            masked += (width - compared) * (bottom - top)
        }
        return width * height - masked
    }
}
