import ArgumentParser
import Foundation
import ImageCodecs
import ScrollRenderKit

/// `scrollrender info IMAGE`: what scrollrender will see in a picture, without decoding it.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Prints a picture's format, size, colour space, bit depth and EXIF orientation.")

    @Argument(help: "A JPEG or PNG file.")
    var image: String

    @Flag(help: "Print a JSON object instead of text.")
    var json = false

    func run() throws {
        var text = ""
        try reportingErrors { () throws(ScrollRenderError) in
            let info = try ImageLoader().info(image)
            text = json ? Self.json(info, path: image) : Self.text(info, path: image)
        }
        try StandardOutput.write(text + "\n")
    }

    static func text(_ info: ImageInfo, path: String) -> String {
        """
        file:         \(path)
        format:       \(info.format.name)\(info.isProgressive ? (info.format == .jpeg ? " (progressive)" : " (interlaced)") : "")
        size:         \(info.width)×\(info.height) (stored \(info.storedWidth)×\(info.storedHeight))
        color space:  \(info.colorSpace)\(info.hasAlpha ? " with alpha" : "")
        bit depth:    \(info.bitDepth)
        orientation:  \(info.orientation.rawValue) (\(info.orientation))
        """
    }

    static func json(_ info: ImageInfo, path: String) -> String {
        let object: [String: Any] = [
            "path": path, "format": info.format.rawValue,
            "width": info.width, "height": info.height,
            "storedWidth": info.storedWidth, "storedHeight": info.storedHeight,
            "colorSpace": info.colorSpace, "bitDepth": info.bitDepth, "hasAlpha": info.hasAlpha,
            "progressive": info.isProgressive, "exifOrientation": info.orientation.rawValue,
        ]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
