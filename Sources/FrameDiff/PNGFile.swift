import FileSystem
import Foundation
import Geometry
import ImageCodecs
import Raster

/// Reads and writes the PNG files the diff works on, turning every failure into a ``DiffError``.
public enum PNGFile {
    /// The decoded pixels of the PNG at `path`.
    public static func read(_ path: String, decoder: ImageDecoder = ImageDecoder()) throws(DiffError) -> RGBAImage {
        try decode(try readBytes(path), path: path, decoder: decoder)
    }

    /// The decoded pixels of `bytes`, read from `path`.
    static func decode(_ bytes: [UInt8], path: String, decoder: ImageDecoder) throws(DiffError) -> RGBAImage {
        try checkSignature(bytes, path: path)
        do {
            return try decoder.decode(bytes).image
        } catch {
            throw .corruptPNG(path: path, reason: error.description)
        }
    }

    /// The size a PNG's header gives, without decoding its pixels.
    static func size(of bytes: [UInt8], path: String, decoder: ImageDecoder) throws(DiffError) -> PixelSize {
        try checkSignature(bytes, path: path)
        do {
            let info = try decoder.info(of: bytes)
            return PixelSize(width: info.width, height: info.height)
        } catch {
            throw .corruptPNG(path: path, reason: error.description)
        }
    }

    private static func checkSignature(_ bytes: [UInt8], path: String) throws(DiffError) {
        switch ImageFormat(sniffing: bytes) {
        case .png?:
            break
        case .jpeg?:
            throw .notPNG(path: path, detail: "it is a JPEG")
        case nil:
            throw .notPNG(path: path, detail: bytes.isEmpty ? "the file is empty" : "unrecognised first bytes")
        }
    }

    /// The bytes of `path`, a file of the frame folder `folder`: a link leading out of it is refused.
    static func readBytes(_ path: String, of folder: String) throws(DiffError) -> [UInt8] {
        if let problem = FileSystem.foreignFileProblem(path, in: folder) { throw .unreadable(path: path, reason: problem) }
        return try readBytes(path)
    }

    /// The bytes of the file at `path`.
    static func readBytes(_ path: String) throws(DiffError) -> [UInt8] {
        do throws(FileSystemError) {
            return try FileSystem.readRegularFile(path)
        } catch {
            throw error.kind == .notFound ? .notFound(path: path) : .unreadable(path: path, reason: error.reason)
        }
    }

    /// Writes `image` as a lossless PNG (RGB when it is opaque, else RGBA), with the fast encoder
    /// (a report's pictures are many) and the Paeth filter: they are uploaded and viewed, not
    /// decoded again by scrollrender, so size matters more than decode speed (a main-job frame
    /// is 1.2 MB, against 1.7 MB with Up).
    public static func write(_ image: RGBAImage, to path: String) throws(DiffError) {
        let bytes: [UInt8]
        do {
            bytes = try PNGEncoder(method: .fast, filter: .paeth, keepsAlpha: !image.isOpaque).encode(image)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
        do throws(FileSystemError) {
            try FileSystem.writeAtomically(bytes, to: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }
}
