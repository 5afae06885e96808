import Raster

/// 8-bit blending onto finished frames, which hold straight (not premultiplied) alpha as PNG does:
/// the screen chrome is drawn after the compositor has converted its output.
extension Blending {
    /// Composites `color` at opacity `alpha` (0...255, already including the colour's own alpha) over
    /// the straight-alpha pixel at `pixel`. An opaque pixel stays opaque and exact: alpha 255 writes
    /// the colour itself, alpha 0 leaves the pixel alone.
    @inline(__always)
    static func blendOverStraight(_ pixel: UnsafeMutablePointer<UInt8>, _ color: RGBA, alpha: Int) {
        guard alpha > 0 else { return }
        let destinationAlpha = Int(pixel[3])
        let keep = 255 - alpha
        if destinationAlpha == 255 || alpha == 255 {
            pixel[0] = UInt8((Int(color.red) * alpha + Int(pixel[0]) * keep + 127) / 255)
            pixel[1] = UInt8((Int(color.green) * alpha + Int(pixel[1]) * keep + 127) / 255)
            pixel[2] = UInt8((Int(color.blue) * alpha + Int(pixel[2]) * keep + 127) / 255)
            pixel[3] = UInt8(alpha + multiply(destinationAlpha, keep))
            return
        }
        // Premultiplied "over", at scale 255²: source × a × 255 + destination × da × (255 − a).
        let below = destinationAlpha * keep
        let total = alpha * 255 + below
        pixel[0] = UInt8((Int(color.red) * alpha * 255 + Int(pixel[0]) * below + total / 2) / total)
        pixel[1] = UInt8((Int(color.green) * alpha * 255 + Int(pixel[1]) * below + total / 2) / total)
        pixel[2] = UInt8((Int(color.blue) * alpha * 255 + Int(pixel[2]) * below + total / 2) / total)
        pixel[3] = UInt8((total + 127) / 255)
    }

    /// Replaces the straight-alpha pixel at `pixel` by `inside` (0...255) parts of itself and the rest
    /// of `outside`, mixed in premultiplied space: what a shape's anti-aliased edge does between the
    /// picture it clips and what shows beyond it (a clear `outside` only lowers the pixel's alpha).
    @inline(__always)
    static func mixStraight(_ pixel: UnsafeMutablePointer<UInt8>, toward outside: RGBA, inside: Int) {
        if inside >= 255 { return }
        let rest = 255 - inside
        let pixelAlpha = Int(pixel[3]), outsideAlpha = Int(outside.alpha)
        if pixelAlpha == 255 && outsideAlpha == 255 {
            pixel[0] = UInt8((Int(pixel[0]) * inside + Int(outside.red) * rest + 127) / 255)
            pixel[1] = UInt8((Int(pixel[1]) * inside + Int(outside.green) * rest + 127) / 255)
            pixel[2] = UInt8((Int(pixel[2]) * inside + Int(outside.blue) * rest + 127) / 255)
            return
        }
        let mine = pixelAlpha * inside, theirs = outsideAlpha * rest
        let total = mine + theirs
        guard total > 0 else {
            pixel[0] = 0; pixel[1] = 0; pixel[2] = 0; pixel[3] = 0
            return
        }
        pixel[0] = UInt8((Int(pixel[0]) * mine + Int(outside.red) * theirs + total / 2) / total)
        pixel[1] = UInt8((Int(pixel[1]) * mine + Int(outside.green) * theirs + total / 2) / total)
        pixel[2] = UInt8((Int(pixel[2]) * mine + Int(outside.blue) * theirs + total / 2) / total)
        pixel[3] = UInt8((total + 127) / 255)
    }

    /// Writes `color` (straight alpha) into `count` pixels from `pixel` on.
    @inline(__always)
    static func fillStraight(_ pixel: UnsafeMutablePointer<UInt8>, count: Int, with color: RGBA) {
        guard count > 0 else { return }
        var pattern: UInt32 = 0
        withUnsafeMutableBytes(of: &pattern) { bytes in
            bytes[0] = color.red; bytes[1] = color.green; bytes[2] = color.blue; bytes[3] = color.alpha
        }
        UnsafeMutableRawPointer(pixel).withMemoryRebound(to: UInt32.self, capacity: count) { words in
            words.update(repeating: pattern, count: count)
        }
    }
}
