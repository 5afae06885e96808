import Compositor
import Geometry
import ScrollPhysics

/// The scroll view and the scripted interaction for a render, set up the way the UIKit tutorials
/// do it: a `UIImageView` at the picture's natural size inside a `UIScrollView` whose
/// `contentSize` is that size. Only what is derived is decided here; every property the settings
/// give is used as given.
struct ScrollScene: Sendable {
    var scrollView: ScrollView
    var timeline: [TimelineStep]
    /// The delegate: what it does to `targetContentOffset`.
    var options = SimulationOptions()
    /// The largest zoom a zooming gesture allows when no range is given.
    static let defaultMaximumZoomScale = 4.0

    init(settings: RenderSettings, contentPixelWidth: Int, contentPixelHeight: Int, hasHeader: Bool) {
        var view = settings.scrollView
        view.contentSize = Size(width: Double(contentPixelWidth) / settings.imageScale,
                                height: Double(contentPixelHeight) / settings.imageScale)
        if hasHeader {
            view.contentInset.top += StretchyHeader.initialHeight(viewWidth: view.boundsSize.width)
        }
        if !settings.isGiven(.offset) {
            // As a view controller leaves a new scroll view: the content's top-left inside the
            // adjusted insets (below the status bar on a device).
            view.contentOffset = view.minimumContentOffset
        }
        if !settings.isGiven(.zoomRange) {
            (view.minimumZoomScale, view.maximumZoomScale) = Self.defaultZoomRange(view, steps: settings.steps)
        }
        if settings.steps.contains(where: \.action.pages) { view.isPagingEnabled = true }
        scrollView = view
        timeline = settings.steps
        if let adjustment = settings.targetContentOffset {
            options.willEndDragging = { _, proposed in adjustment.target(for: proposed) }
        }
    }

    /// UIKit's 1…1 (at the given zoom) unless a step zooms: then from aspect-fit (or 1) up to 4,
    /// so that a pinch has room.
    static func defaultZoomRange(_ view: ScrollView, steps: [TimelineStep]) -> (Double, Double) {
        guard steps.contains(where: \.action.zooms) else { return (view.zoomScale, view.zoomScale) }
        let fit = min(view.boundsSize.width / view.contentSize.width, view.boundsSize.height / view.contentSize.height)
        return (min(fit, 1, view.zoomScale), max(defaultMaximumZoomScale, view.zoomScale))
    }
}
