import Raster

/// Lays a frame into a bigger picture with a band of one colour around it: the bezel before its
/// corners are rounded. Rows are copied whole; only the band is filled.
enum BezelPainter {
    static func paint(frame: UnsafeBufferPointer<UInt8>, width: Int, height: Int, band: Int, color: RGBA, into whole: ChromeTarget) {
        precondition(whole.width == width + 2 * band && whole.height == height + 2 * band, "BezelPainter: sizes do not match")
        for y in 0..<band {
            Blending.fillStraight(whole.row(y), count: whole.width, with: color)
            Blending.fillStraight(whole.row(whole.height - 1 - y), count: whole.width, with: color)
        }
        guard let source = frame.baseAddress else { return }
        for y in 0..<height {
            let row = whole.row(band + y)
            Blending.fillStraight(row, count: band, with: color)
            (row + band * 4).update(from: source + y * width * 4, count: width * 4)
            Blending.fillStraight(row + (band + width) * 4, count: band, with: color)
        }
    }
}
