import Geometry

/// `contentInset` and `adjustedContentInset`: the room around the content that scrolling may reveal.
extension ScrollView {
    /// `adjustedContentInset`: the content inset, as the model has no safe area to add.
    public var adjustedContentInset: EdgeInsets { contentInset }
}
