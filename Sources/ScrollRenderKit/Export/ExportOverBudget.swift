/// An export no try could fit in its size budget: what the smallest try made (or was estimated
/// to make), so the user can choose what to give up.
public struct ExportOverBudget: Sendable, Equatable {
    public var path: String
    public var budget: ByteCount
    /// The smallest try, as its note describes it ("266×576 at 20 fps, 64 colours").
    public var smallestTry: String
    public var smallestSize: ByteCount
    /// The size is a sample's estimate: the try was not encoded whole.
    public var estimated: Bool
    /// A GIF: WebP or MP4 would keep the scroll in a fraction of the size.
    public var isGIF: Bool
}
