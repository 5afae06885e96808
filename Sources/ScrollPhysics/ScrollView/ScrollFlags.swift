/// The read-only UIKit flags.
struct ScrollFlags: Sendable, Hashable {
    var isTracking = false
    var isDragging = false
    var isDecelerating = false
    var isZooming = false
    var isZoomBouncing = false
}
