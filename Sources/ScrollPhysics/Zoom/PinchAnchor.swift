import Geometry

/// The content point under the fingers when a pinch begins; it stays under their centroid while
/// the pinch zooms, as in UIKit.
struct PinchAnchor: Sendable, Hashable {
    /// In unzoomed content coordinates.
    let contentPoint: Point
    let startScale: Double
    let startDistance: Double

    init(contentOffset: Point, zoomScale: Double, centroid: Point, distance: Double) {
        contentPoint = (contentOffset + centroid) / zoomScale
        startScale = zoomScale
        startDistance = distance
    }

    /// s_raw = s₀·dist/dist₀.
    func rawScale(distance: Double) -> Double {
        startDistance > 0 ? startScale * distance / startDistance : startScale
    }

    /// offset = p·s − c: the offset that puts the anchor under `centroid` at `scale`.
    func contentOffset(scale: Double, centroid: Point) -> Point {
        contentPoint * scale - centroid
    }
}
