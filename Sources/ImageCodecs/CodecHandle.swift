/// One picture being decoded by a C library, in the two steps the size guard needs:
/// read the header, then (only if the size is acceptable) decode into memory we allocated.
protocol CodecHandle: AnyObject {
    /// Reads the header; `outputWidth`/`outputHeight` are the decoded size before orientation.
    func readHeader() throws(ImageCodecError) -> CodecHeader
    /// Decodes every row as RGBA8 into `pixels`, `stride` bytes apart.
    func decode(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) throws(ImageCodecError)
    /// Recoverable damage reported so far.
    var warnings: [String] { get }
}

struct CodecHeader {
    var info: ImageInfo
    var outputWidth: Int
    var outputHeight: Int
}
