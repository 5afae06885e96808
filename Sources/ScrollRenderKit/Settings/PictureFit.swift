/// How `fit` scales the picture to the view, as a content mode would: the picture's width to the
/// view's width (a screenshot of an app), its height to the view's height, or the smallest scale
/// that covers the whole view. Replaces working out `imageScale` by hand (a 1170-pixel screenshot
/// on a 402-point view is `--image-scale 2.9104`).
public enum PictureFit: String, Sendable, Hashable, CaseIterable {
    case width, height, fill

    /// The `imageScale` (picture pixels per point) that fits a `pictureWidth × pictureHeight`
    /// picture to a view of `viewWidth × viewHeight` points.
    public func imageScale(pictureWidth: Int, pictureHeight: Int, viewWidth: Double, viewHeight: Double) -> Double {
        let across = Double(pictureWidth) / viewWidth, down = Double(pictureHeight) / viewHeight
        switch self {
        case .width: return across
        case .height: return down
        case .fill: return min(across, down)
        }
    }
}
