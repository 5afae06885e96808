/// One file to make from a sequence: where, at what width, and within what size.
public struct ExportRequest: Sendable, Hashable {
    public let path: String
    public let format: ExportFormat
    /// Scale to this width (keeping the aspect ratio); `nil`: the frames' own width.
    public let width: Int?
    /// Try smaller widths, lower frame rates and lower quality until the file fits.
    public let maximumSize: ByteCount?

    /// What a GIF is made to fit when no size is given: GitHub's limit for an attachment, so that
    /// the file can go into an issue or a pull request as it is.
    public static let defaultGIFBudget = ByteCount(bytes: 10_000_000)

    /// Narrower is unreadable; wider than any screen.
    public static let widthRange = 16...8192

    /// With `defaultBudget`, a GIF without a `maximumSize` is made to fit ``defaultGIFBudget``.
    public init(path: String, width: Int? = nil, maximumSize: ByteCount? = nil, defaultBudget: Bool = false) throws(ScrollRenderError) {
        let format = try ExportFormat(path: path)
        self.format = format
        if let width, !Self.widthRange.contains(width) {
            throw .invalidArgument("\(option: .exportWidth) must be from \(Self.widthRange.lowerBound) to \(Self.widthRange.upperBound) pixels, not \(width)")
        }
        self.path = path
        self.width = width
        self.maximumSize = maximumSize ?? (defaultBudget && format == .gif ? Self.defaultGIFBudget : nil)
    }
}
