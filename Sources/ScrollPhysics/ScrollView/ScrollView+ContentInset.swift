import Geometry

/// `contentInset`, `safeAreaInsets` and `adjustedContentInset`: the room around the content that
/// scrolling may reveal. The adjusted inset governs everything the insets do — the offset limits,
/// where a pull comes to rest, where scroll-to-top stops, the indicators' proportions.
extension ScrollView {
    /// `adjustedContentInset`: `contentInset` plus the parts of the safe area that
    /// ``contentInsetAdjustmentBehavior`` lets in.
    ///
    /// Whether an axis scrolls is judged for the content at the configured `zoomScale`, as UIKit
    /// judges it at layout; a pinch does not move the insets mid-gesture.
    public var adjustedContentInset: EdgeInsets {
        let safe = safeAreaInsets
        let vertical: Bool, horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: (vertical, horizontal) = (false, false)
        case .always: (vertical, horizontal) = (true, true)
        case .automatic, .scrollableAxes: (vertical, horizontal) = (scrollsWithSafeArea(.vertical), scrollsWithSafeArea(.horizontal))
        }
        return EdgeInsets(top: contentInset.top + (vertical ? safe.top : 0),
                          left: contentInset.left + (horizontal ? safe.left : 0),
                          bottom: contentInset.bottom + (vertical ? safe.bottom : 0),
                          right: contentInset.right + (horizontal ? safe.right : 0))
    }

    /// The insets the indicators' tracks keep clear of: `scrollIndicatorInsets`, plus the safe
    /// area when `automaticallyAdjustsScrollIndicatorInsets` (iOS 13's default), so that they
    /// stay clear of the notch, the rounded corners and the home indicator.
    public var adjustedScrollIndicatorInsets: EdgeInsets {
        guard automaticallyAdjustsScrollIndicatorInsets else { return scrollIndicatorInsets }
        let (a, b) = (scrollIndicatorInsets, safeAreaInsets)
        return EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }

    /// `scrollableAxes`: the axis scrolls when the content and its own insets are longer than the
    /// bounds, or when it always bounces.
    private func scrollsWithSafeArea(_ axis: Axis) -> Bool {
        let content = contentSize[axis] * zoomScale + contentInset.leading(axis) + contentInset.trailing(axis)
        return alwaysBounces(axis) || content > boundsSize[axis]
    }
}
