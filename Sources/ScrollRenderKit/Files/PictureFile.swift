import ImageCodecs

/// A picture file read only as far as decoding needs: the region a render shows near the top of a
/// giant baseline JPEG or non-interlaced PNG decodes from the file's first megabytes, since
/// decoding stops after the region's last row. A decode that runs out of bytes is retried with
/// four times as many, up to the whole file; a file that is really cut short still fails as such.
package struct PictureFile: Sendable {
    package let path: String
    /// The file's size: plausibility checks are against the file, not the part read.
    package let size: Int
    package private(set) var bytes: [UInt8]

    /// Enough for the headers and the first rows of any picture a phone shows.
    static let firstRead = 16 << 20

    package init(path: String, firstRead: Int = PictureFile.firstRead) throws(ScrollRenderError) {
        self.path = path
        (bytes, size) = try InputFile.readPrefix(path, count: firstRead)
    }

    package var isWhole: Bool { bytes.count >= size }

    /// Reads the rest (for decodes that need it all: progressive JPEG, interlaced PNG).
    package mutating func readAll() throws(ScrollRenderError) {
        if !isWhole { bytes = try InputFile.read(path) }
    }

    /// `body` over the bytes read so far, reading more while it fails for want of them; its
    /// errors name the file.
    package mutating func withEnoughBytes<T>(_ body: ([UInt8], _ fileSize: Int) throws(ImageCodecError) -> T) throws(ScrollRenderError) -> T {
        while true {
            do throws(ImageCodecError) {
                return try body(bytes, size)
            } catch {
                guard case .truncated = error, !isWhole else { throw .badImage(path: path, error) }
                let (more, _) = try InputFile.readPrefix(path, count: min(size, max(bytes.count, 1) * 4))
                // A file that shrank while being read is what it is now.
                if more.count <= bytes.count { throw .badImage(path: path, error) }
                bytes = more
            }
        }
    }
}
