import ImageCodecs

/// What every image harness does with one input, and the invariants it checks.
public enum FuzzChecks {
    /// The CLI's default is far larger; this keeps each input cheap enough for libFuzzer.
    static let decoder = ImageDecoder(maximumPixelCount: 16_000_000)

    public static func exercise(_ bytes: [UInt8]) {
        let info = try? decoder.info(of: bytes)
        for scale in [JPEGScale.eighth, .full] {
            guard let decoded = try? decoder.decode(bytes, scale: scale) else { continue }
            let image = decoded.image
            precondition(image.width > 0 && image.height > 0, "decoded an empty picture")
            precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer does not match the size")
            precondition(decoded.info.storedWidth * decoded.info.storedHeight <= decoder.maximumPixelCount,
                         "decoded a picture over the pixel limit")
            if let info { precondition(info == decoded.info, "info(of:) and decode disagree") }
        }
    }
}
