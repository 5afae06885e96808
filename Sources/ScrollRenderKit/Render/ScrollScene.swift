import Compositor
import Geometry
import ScrollPhysics

/// The scroll view and the scripted interaction for a render, built from its settings the way the
/// UIKit tutorials set it up: a `UIImageView` at the picture's natural size inside a
/// `UIScrollView` whose `contentSize` is that size.
public struct ScrollScene: Sendable {
    public var scrollView: ScrollView
    public var timeline: [TimelineStep]
    /// The largest zoom a zooming gesture allows when no range is given.
    public static let defaultMaximumZoomScale = 4.0

    public init(settings: RenderSettings, contentPixelWidth: Int, contentPixelHeight: Int, hasHeader: Bool) {
        let contentSize = Size(width: Double(contentPixelWidth) / settings.imageScale,
                               height: Double(contentPixelHeight) / settings.imageScale)
        var view = ScrollView()
        view.boundsSize = settings.viewSize
        view.displayScale = settings.displayScale
        view.contentSize = contentSize
        view.contentInset = settings.contentInset
        if hasHeader {
            view.contentInset.top += StretchyHeader.initialHeight(viewWidth: settings.viewSize.width)
        }
        view.contentOffset = settings.contentOffset
            ?? Point(x: -view.contentInset.left, y: -view.contentInset.top)
        view.decelerationRate = DecelerationRate(rawValue: settings.decelerationRate)
        view.isPagingEnabled = settings.isPagingEnabled || settings.steps.contains { $0.gesture.isPaging }
        view.bounces = settings.bounces
        view.alwaysBounceHorizontal = settings.alwaysBounceHorizontal
        view.alwaysBounceVertical = settings.alwaysBounceVertical
        view.isDirectionalLockEnabled = settings.isDirectionalLockEnabled
        let range = settings.zoomRange ?? Self.defaultZoomRange(settings, contentSize: contentSize)
        view.minimumZoomScale = range.lowerBound
        view.maximumZoomScale = range.upperBound
        view.zoomScale = settings.zoomScale
        view.bouncesZoom = settings.bouncesZoom
        view.showsVerticalScrollIndicator = settings.indicatorStyle != nil
        view.showsHorizontalScrollIndicator = settings.indicatorStyle != nil
        view.indicatorStyle = settings.indicatorStyle ?? .default
        scrollView = view
        timeline = settings.steps.map { step in
            let action = Self.action(for: step.gesture, in: view)
            return switch step.start {
            case .at(let time): .at(time, action)
            case .afterRest(let delay): .afterRest(delay: delay, action)
            }
        }
    }

    /// UIKit's 1…1 unless a gesture zooms: then from aspect-fit (or 1) up to 4, so a pinch has room.
    static func defaultZoomRange(_ settings: RenderSettings, contentSize: Size) -> ClosedRange<Double> {
        guard settings.steps.contains(where: { $0.gesture.isZoomGesture }) else {
            return settings.zoomScale...settings.zoomScale
        }
        let fit = min(settings.viewSize.width / contentSize.width, settings.viewSize.height / contentSize.height)
        return min(fit, 1, settings.zoomScale)...max(defaultMaximumZoomScale, settings.zoomScale)
    }

    static func action(for gesture: Gesture, in view: ScrollView) -> TimelineStep.Action {
        let center = Point(x: view.boundsSize.width / 2, y: view.boundsSize.height / 2)
        switch gesture {
        case .fling(let velocity):
            return .touches(.fling(velocity: velocity, from: center))
        case .drag(let translation, let hold, let duration):
            return .touches(.drag(translation: translation, hold: hold, from: center, duration: duration))
        case .dragPath(let points):
            return .touches(.path(points.map { (time: $0.time, location: $0.location) }))
        case .touch(let duration):
            return .touches(.hold(at: center, duration: duration))
        case .pinch(let scale, let pinchCenter, let duration):
            let script = duration.map { TouchScript.pinch(scale: scale, center: pinchCenter ?? center, duration: $0) }
            return .touches(script ?? .pinch(scale: scale, center: pinchCenter ?? center))
        case .page(let pages):
            let axis: Axis = view.contentSize.width * view.zoomScale > view.boundsSize.width ? .horizontal : .vertical
            return .touches(.swipe(pages: pages, along: axis, pageSize: view.boundsSize[axis], from: center))
        case .scrollTo(let offset, let animated):
            return .setContentOffset(offset, animated: animated)
        case .zoomTo(let rect, let animated):
            return .zoom(to: rect, animated: animated)
        case .setZoomScale(let scale, let animated):
            return .setZoomScale(scale, animated: animated)
        case .scrollToTop:
            return .scrollToTop
        case .flashScrollIndicators:
            return .flashScrollIndicators
        case .wait(let seconds):
            return .wait(seconds)
        }
    }
}
