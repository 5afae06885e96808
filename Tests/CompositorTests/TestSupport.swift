import Compositor
import Raster
import Geometry
import _ScrollRenderTestSupport

/// A grey level as an opaque colour.
func grey(_ value: UInt8) -> RGBA { RGBA(red: value, green: value, blue: value) }

/// Deterministic pseudo-random opaque picture (a 64-bit LCG), photo-unlike but full of detail.
func noiseImage(width: Int, height: Int, seed: UInt64 = 1) -> RGBAImage {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    func next() -> UInt8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
    return makeImage(width: width, height: height) { _, _ in RGBA(red: next(), green: next(), blue: next()) }
}

/// A compositor over `content` with a plain background, view size in points.
func compositor(
    content: RGBAImage, viewWidth: Double, viewHeight: Double, scale: Double = 1,
    pointsPerPixel: Double = 1, background: RGBA = .white, header: RGBAImage? = nil,
    opaqueOutput: Bool = true, mipmapped: Bool = true
) -> Compositor {
    Compositor(
        viewSize: Size(width: viewWidth, height: viewHeight), displayScale: scale, background: background,
        content: SourceImage(content, mipmapped: mipmapped), contentPointsPerPixel: pointsPerPixel,
        header: header.map { SourceImage($0) }, opaqueOutput: opaqueOutput)
}

/// The exact mean of one channel over a block of `image`.
func blockMean(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int, channel: Int) -> Double {
    var sum = 0
    for yy in y..<(y + height) {
        for xx in x..<(x + width) {
            sum += Int(image.pixels[(yy * image.width + xx) * 4 + channel])
        }
    }
    return Double(sum) / Double(width * height)
}

/// The largest absolute channel difference between two colours.
func maxDelta(_ a: RGBA, _ b: RGBA) -> Int {
    max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
        abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
}
