import ImageCodecs
import Raster

/// Reads and decodes an input picture, naming the file in every error. Input PNGs are read by
/// libpng, whatever they hold; scrollrender's own reader is for its frames.
package struct ImageLoader: Sendable {
    package var decoder: ImageDecoder

    package init(decoder: ImageDecoder = ImageDecoder()) {
        self.decoder = decoder
        self.decoder.readsSimplePNGsItself = false
    }

    /// The picture at `path`, upright, as RGBA8.
    package func load(_ path: String, scale: JPEGScale = .full) throws(ScrollRenderError) -> DecodedImage {
        try decode(InputFile.read(path), path: path, scale: scale)
    }

    /// The picture at `path`, upright, as RGBA8, refused before decoding when decoding it and
    /// writing it out again (as much once more) would need over `maximumMemory` bytes.
    package func load(_ path: String, scale: JPEGScale = .full, maximumMemory: Int) throws(ScrollRenderError) -> DecodedImage {
        let bytes = try InputFile.read(path)
        // A picture too large for any limit, or shorter than its claim, is the picture's fault (65).
        let info = try decodableInfo(bytes, path: path)
        let output = Double(info.width) * Double(info.height) * Double(RGBAImage.bytesPerPixel) / Double(scale.rawValue * scale.rawValue)
        func refused(_ needed: Double) -> ScrollRenderError {
            .overMemoryLimit(MemoryShortfall(.decoding(path: path, width: info.width, height: info.height), needed: Int(min(needed, 1e18)), limit: maximumMemory))
        }
        guard output < Double(maximumMemory) else { throw refused(output) }
        do throws(ImageCodecError) {
            return try decoder.decode(bytes, scale: scale, maximumBytes: maximumMemory - Int(output))
        } catch .regionTooLarge(_, let needed, _) {
            throw refused(Double(needed) + output)
        } catch {
            throw .badImage(path: path, error)
        }
    }

    /// Decodes bytes already read from `path`.
    package func decode(_ bytes: [UInt8], path: String, scale: JPEGScale = .full) throws(ScrollRenderError) -> DecodedImage {
        do throws(ImageCodecError) {
            return try decoder.decode(bytes, scale: scale)
        } catch {
            throw .badImage(path: path, error)
        }
    }

    /// The header of the picture at `path`, without decoding its pixels.
    package func info(_ path: String) throws(ScrollRenderError) -> ImageInfo {
        try info(InputFile.read(path), path: path)
    }

    /// The header of bytes already read from `path`.
    package func info(_ bytes: [UInt8], path: String) throws(ScrollRenderError) -> ImageInfo {
        do throws(ImageCodecError) {
            return try decoder.info(of: bytes)
        } catch {
            throw .badImage(path: path, error)
        }
    }

    /// The header of bytes read from `path`, refused up front (before any work is planned) when the
    /// picture is over the pixel limit: a data error naming the file.
    package func decodableInfo(_ bytes: [UInt8], path: String) throws(ScrollRenderError) -> ImageInfo {
        let info = try info(bytes, path: path)
        do throws(ImageCodecError) { try decoder.checkSize(info, fileSize: bytes.count) } catch { throw .badImage(path: path, error) }
        return info
    }
}
