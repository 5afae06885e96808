import Compositor
import ScrollPhysics

/// The scroll view and the scripted interaction for a render, built from its settings the way the
/// UIKit tutorials set it up: a `UIImageView` at the picture's natural size inside a
/// `UIScrollView` whose `contentSize` is that size.
public struct ScrollScene: Sendable {
    public var scrollView: ScrollView
    public var timeline: [TimelineStep]
    /// The pause between one gesture coming to rest and the next starting.
    public static let gestureGap = 0.1
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
        view.isPagingEnabled = settings.isPagingEnabled || settings.gestures.contains { if case .page = $0 { true } else { false } }
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
        timeline = settings.gestures.enumerated().map { index, gesture in
            let action = Self.action(for: gesture, in: view)
            return index == 0 ? .at(0, action) : .afterRest(delay: Self.gestureGap, action)
        }
    }

    /// UIKit's 1…1 unless a gesture zooms: then from aspect-fit (or 1) up to 4, so a pinch has room.
    static func defaultZoomRange(_ settings: RenderSettings, contentSize: Size) -> ClosedRange<Double> {
        guard settings.gestures.contains(where: \.isZoomGesture) else {
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
        case .drag(let translation):
            return .touches(.drag(translation: translation, from: center))
        case .pinch(let scale, let pinchCenter):
            return .touches(.pinch(scale: scale, center: pinchCenter ?? center))
        case .page(let pages):
            let axis: Axis = view.contentSize.width * view.zoomScale > view.boundsSize.width ? .horizontal : .vertical
            return .touches(.swipe(pages: pages, along: axis, pageSize: view.boundsSize[axis], from: center))
        case .scrollTo(let offset):
            return .setContentOffset(offset, animated: true)
        case .zoomTo(let rect):
            return .zoom(to: rect, animated: true)
        case .scrollToTop:
            return .scrollToTop
        }
    }
}
