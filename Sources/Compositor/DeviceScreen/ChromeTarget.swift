/// The screen's pixels inside a straight-alpha RGBA8 picture: the whole frame, or the frame's place
/// inside a bezel. Chrome is drawn in the screen's own pixel coordinates, `(0, 0)` at its top left.
struct ChromeTarget {
    let base: UnsafeMutablePointer<UInt8>
    /// Pixels per row of the whole picture.
    let stride: Int
    let originX: Int
    let originY: Int
    /// The screen's size in pixels.
    let width: Int
    let height: Int

    /// The first byte of screen row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        base + ((originY + y) * stride + originX) * 4
    }
}
