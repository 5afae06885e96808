import ImageCodecs

/// Reads and decodes an input picture, naming the file in every error.
public struct ImageLoader: Sendable {
    public var decoder: ImageDecoder

    public init(decoder: ImageDecoder = ImageDecoder()) {
        self.decoder = decoder
    }

    /// The picture at `path`, upright, as RGBA8.
    public func load(_ path: String, scale: JPEGScale = .full) throws(ScrollRenderError) -> DecodedImage {
        try decode(InputFile.read(path), path: path, scale: scale)
    }

    /// Decodes bytes already read from `path`.
    public func decode(_ bytes: [UInt8], path: String, scale: JPEGScale = .full) throws(ScrollRenderError) -> DecodedImage {
        do throws(ImageCodecError) {
            return try decoder.decode(bytes, scale: scale)
        } catch {
            throw .badImage(path: path, error)
        }
    }

    /// The header of the picture at `path`, without decoding its pixels.
    public func info(_ path: String) throws(ScrollRenderError) -> ImageInfo {
        try info(InputFile.read(path), path: path)
    }

    /// The header of bytes already read from `path`.
    public func info(_ bytes: [UInt8], path: String) throws(ScrollRenderError) -> ImageInfo {
        do throws(ImageCodecError) {
            return try decoder.info(of: bytes)
        } catch {
            throw .badImage(path: path, error)
        }
    }
}
