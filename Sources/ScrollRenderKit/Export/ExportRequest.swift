/// One file to make from a sequence: where, at what width, and within what size.
public struct ExportRequest: Sendable, Hashable {
    public let path: String
    public let format: ExportFormat
    /// Scale to this width (keeping the aspect ratio); `nil`: the frames' own width.
    public let width: Int?
    /// Try smaller widths, lower frame rates and lower quality until the file fits.
    public let maximumSize: ByteCount?

    /// Narrower is unreadable; wider than any screen.
    public static let widthRange = 16...8192

    public init(path: String, width: Int? = nil, maximumSize: ByteCount? = nil) throws(ScrollRenderError) {
        format = try ExportFormat(path: path)
        if let width, !Self.widthRange.contains(width) {
            throw .invalidArgument("\(option: .exportWidth) must be from \(Self.widthRange.lowerBound) to \(Self.widthRange.upperBound) pixels, not \(width)")
        }
        self.path = path
        self.width = width
        self.maximumSize = maximumSize
    }
}
