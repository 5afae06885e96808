import Foundation
import ImageCodecs
import Raster

/// Reads and writes the PNG files the diff works on, turning every failure into a ``DiffError``.
public enum PNGFile {
    /// The decoded pixels of the PNG at `path`.
    public static func read(_ path: String, decoder: ImageDecoder = ImageDecoder()) throws(DiffError) -> RGBAImage {
        let bytes = try readBytes(path)
        switch ImageFormat(sniffing: bytes) {
        case .png?:
            break
        case .jpeg?:
            throw .notPNG(path: path, detail: "it is a JPEG")
        case nil:
            throw .notPNG(path: path, detail: bytes.isEmpty ? "the file is empty" : "unrecognised first bytes")
        }
        do {
            return try decoder.decode(bytes).image
        } catch {
            throw .corruptPNG(path: path, reason: error.description)
        }
    }

    /// The bytes of the file at `path`.
    static func readBytes(_ path: String) throws(DiffError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notFound(path: path) }
        if isFolder.boolValue { throw .unreadable(path: path, reason: "it is a folder, not a file") }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadable(path: path, reason: reason(error))
        }
    }

    /// Writes `image` as a lossless PNG that keeps alpha.
    public static func write(_ image: RGBAImage, to path: String) throws(DiffError) {
        let bytes: [UInt8]
        do {
            bytes = try PNGEncoder(keepsAlpha: true).encode(image)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: reason(error))
        }
    }

    /// A short reason from a Foundation error, without its domain-and-code boilerplate.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
