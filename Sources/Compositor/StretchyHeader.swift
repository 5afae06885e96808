import Geometry

/// The classic iOS stretchy header, done the way seed 004 does it: a `UIImageView` pinned to the top
/// of the screen *under* a full-screen `UIScrollView` whose `contentInset.top` equals the header's
/// initial height (width × 9/16), with `contentMode = .scaleAspectFill`, and a
/// `scrollViewDidScroll:` that sets the header's height to `−contentOffset.y × 1.2` while
/// `contentOffset.y < 0`.
///
/// The compositor draws the header picture aspect-filled into ``frame(viewWidth:contentOffsetY:stretchFactor:)``
/// and the content over it.
public enum StretchyHeader {
    /// The seed's factor: the header grows 1.2 pt per point the content is pulled down.
    public static let defaultStretchFactor = 1.2

    /// The storyboard height of the header, `viewWidth × 9/16`. The scroll view's `contentInset.top`
    /// equals it, so at rest `contentOffset.y == −initialHeight`.
    public static func initialHeight(viewWidth: Double) -> Double {
        viewWidth * 9 / 16
    }

    /// The header's frame in view coordinates for a given vertical content offset.
    ///
    /// The frame is pinned at the view's top-left corner and spans its full width. Its height follows
    /// the seed's `scrollViewDidScroll:` exactly and continuously:
    ///
    /// - while `contentOffset.y < 0`: `−contentOffset.y × stretchFactor`. At rest
    ///   (`contentOffset.y == −initialHeight`) that is `stretchFactor × initialHeight`, taller than the
    ///   `initialHeight` of content inset above the content, so its lower part lies behind the content;
    ///   pulling down stretches it (the aspect-filled picture grows), scrolling up shrinks it, always
    ///   reaching the content's top edge.
    /// - once `contentOffset.y ≥ 0`: height 0. The seed simply stops updating the frame there, leaving
    ///   whatever sliver the last callback set, which the content covers anyway; a zero height states
    ///   that the header is hidden and costs nothing to draw.
    ///
    /// The storyboard height ``initialHeight(viewWidth:)`` is what the image view has before the
    /// first scroll callback; every rendered frame comes after one, so it does not enter the formula.
    ///
    /// - Parameters:
    ///   - viewWidth: The scroll view's width in points.
    ///   - contentOffsetY: `contentOffset.y` in points.
    ///   - stretchFactor: Points of header height per point of pull, usually ``defaultStretchFactor``.
    public static func frame(
        viewWidth: Double, contentOffsetY: Double, stretchFactor: Double = defaultStretchFactor
    ) -> Rect {
        let height = contentOffsetY < 0 ? -contentOffsetY * stretchFactor : 0
        return Rect(x: 0, y: 0, width: viewWidth, height: height)
    }
}
