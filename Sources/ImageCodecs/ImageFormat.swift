/// The picture formats scrollrender reads, recognised by their first bytes rather than the file name.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case jpeg
    case png

    /// The format the bytes begin with, or `nil` when they are neither.
    public init?(sniffing bytes: some Collection<UInt8>) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else {
            return nil
        }
    }

    /// The name users know the format by.
    public var name: String { self == .jpeg ? "JPEG" : "PNG" }
}
