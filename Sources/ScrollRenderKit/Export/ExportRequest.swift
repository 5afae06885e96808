/// One file to make from a sequence: where, at what size, within what size budget, and how it plays.
public struct ExportRequest: Sendable, Hashable {
    public let path: String
    public let format: ExportFormat
    /// Scale to this width (keeping the aspect ratio); `nil`: by the rules (``ExportPlan``).
    public let width: Int?
    /// Try smaller widths, lower frame rates and lower quality until the file fits.
    public let maximumSize: ByteCount?
    /// The budget is the default one, not asked for: the size rules still choose the start.
    public let budgetIsDefault: Bool
    /// Whether a size was asked for at all (`--max-size none` too): then the frames' own size is
    /// the start, not a pull request's.
    public let sizeGiven: Bool
    public let controls: ExportControls

    /// What a GIF or an animated WebP is made to fit when no size is given: GitHub's limit for an
    /// attachment, so that the file can go into an issue or a pull request as it is.
    public static let defaultGIFBudget = ByteCount(bytes: 10_000_000)

    /// Narrower is unreadable; wider than any screen.
    public static let widthRange = 16...8192

    /// With `defaultBudget`, a GIF or WebP without a `maximumSize` is made to fit
    /// ``defaultGIFBudget`` (an APNG, lossless, gets a warning instead when it is larger).
    public init(path: String, width: Int? = nil, maximumSize: ByteCount? = nil, defaultBudget: Bool = false,
                controls: ExportControls = ExportControls()) throws(ScrollRenderError) {
        let format = try ExportFormat(path: path)
        self.format = format
        if let width, !Self.widthRange.contains(width) {
            throw .invalidValue(InvalidOptionValue(.exportWidth, given: String(width),
                                                   allowed: .range(Double(Self.widthRange.lowerBound)...Double(Self.widthRange.upperBound))))
        }
        if width != nil && controls.scale != nil {
            throw .conflictingOptions(.bothGiven(.exportWidth, .exportScale))
        }
        try controls.check()
        (self.path, self.width) = (path, width)
        let budgeted = format == .gif || format == .webp
        budgetIsDefault = maximumSize == nil && defaultBudget && budgeted
        sizeGiven = !defaultBudget || maximumSize != nil
        self.maximumSize = maximumSize ?? (budgetIsDefault ? Self.defaultGIFBudget : nil)
        self.controls = controls
    }
}
