/// Work that would need more memory than the run may use (``RunOption/maximumMemory``), refused
/// before it starts, with where the memory would go so that the user knows what to lower.
public struct MemoryShortfall: Sendable, Hashable {
    public var work: Work
    /// About how many bytes it would need at its peak.
    public var needed: Int
    /// The most the run may use, in bytes.
    public var limit: Int

    public init(_ work: Work, needed: Int, limit: Int) {
        (self.work, self.needed, self.limit) = (work, needed, limit)
    }

    /// What would need the memory.
    public enum Work: Sendable, Hashable {
        /// A render: the region of the picture its frames read (and its mipmaps), the header
        /// picture, and the frames in flight, in bytes.
        case render(picture: Int, header: Int, framesInFlight: Int)
        /// Decoding the picture at `path`, of `width`×`height` pixels.
        case decoding(path: String, width: Int, height: Int)
        /// The export to `path`, from frames of `frameWidth`×`frameHeight` pixels.
        case export(path: String, frameWidth: Int, frameHeight: Int)
        /// recording-to-scenario's stand-in picture at `path`, of `width`×`height` pixels.
        case standInPicture(path: String, width: Int, height: Int)
    }
}
