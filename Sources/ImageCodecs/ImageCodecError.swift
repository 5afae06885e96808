import Raster
import TextFormat
/// Why a picture could not be decoded or encoded, in words a user understands.
///
/// The cases are closed so that the command line can map each to an exit status in one place.
public enum ImageCodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are neither a JPEG nor a PNG.
    case unsupportedFormat(String)
    /// The file is a JPEG or PNG, but damaged or using a feature the library refuses.
    case corruptData(ImageFormat, String)
    /// The file ends before the picture does.
    case truncated(ImageFormat, String)
    /// The header claims more pixels than the configured limit; nothing was allocated for them.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// A region was asked of a picture that does not contain it (`width` × `height` upright, at the
    /// decoding scale).
    case regionOutsidePicture(ImageRegion, width: Int, height: Int)
    /// Decoding the region would allocate `bytes` (at least), over the caller's ceiling `limit`;
    /// nothing was decoded.
    case regionTooLarge(ImageRegion, bytes: Int, limit: Int)
    /// The pixels could not be stored as a PNG.
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .unsupportedFormat(let detail):
            "not a JPEG or PNG picture (\(detail))"
        case .corruptData(let format, let message):
            "corrupt \(format.name) data: \(message)"
        case .truncated(let format, let message):
            "truncated \(format.name) file: \(message)"
        case .tooLarge(let width, let height, let limit):
            "picture too large: \(width)×\(height) is \(width * height) pixels, over the limit of \(limit)"
        case .regionOutsidePicture(let region, let width, let height):
            "the region \(region) is not inside the \(width)×\(height) picture"
        case .regionTooLarge(let region, let bytes, let limit):
            "decoding the region \(region) needs \(TextFormat.bytes(bytes)), over the limit of \(TextFormat.bytes(limit))"
        case .encodingFailed(let message):
            "could not encode PNG: \(message)"
        }
    }
}
