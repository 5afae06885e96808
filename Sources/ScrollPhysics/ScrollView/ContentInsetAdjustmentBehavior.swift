/// `UIScrollView.ContentInsetAdjustmentBehavior`: which parts of the safe area join `contentInset`
/// in `adjustedContentInset`.
public enum ContentInsetAdjustmentBehavior: String, Sendable, Hashable, Codable, CaseIterable {
    /// UIKit's default. Outside a navigation or tab bar controller — the scroll view this model
    /// stands for is a plain view controller's full-screen view — it adjusts like `scrollableAxes`.
    case automatic
    /// The safe area's top and bottom join when the content scrolls vertically, left and right
    /// when it scrolls horizontally.
    case scrollableAxes
    /// The safe area is ignored: `adjustedContentInset == contentInset`.
    case never
    /// The whole safe area joins on every edge.
    case always
}
