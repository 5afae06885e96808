import ArgumentParser
import ImageCodecs
import ScrollRenderKit

/// `scrollrender decode IMAGE OUT.png`: the picture exactly as the renderer sees it.
struct Decode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Writes a picture as scrollrender decodes it: upright, RGBA8, lossless PNG.")

    @Argument(help: "A JPEG or PNG file.")
    var image: String

    @Argument(help: "The PNG file to write.")
    var output: String

    @Option(help: ArgumentHelp("Shrink a JPEG by libjpeg's DCT scaling: 1, 2, 4 or 8.", valueName: "n"))
    var scale = 1

    @Option(help: ArgumentHelp("Refuse pictures with more pixels than this.", valueName: "pixels"))
    var maxPixels = ImageDecoder.defaultMaximumPixelCount

    @Option(help: ArgumentHelp("Write with zlib at this level, 0–9 (smaller, much slower); default: scrollrender's fast encoder.", valueName: "level"))
    var compression: Int?

    @OptionGroup var memory: MemoryArguments

    func validate() throws {
        guard JPEGScale(rawValue: scale) != nil else { throw ValidationError("--scale must be 1, 2, 4 or 8, not \(scale)") }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive, not \(maxPixels)") }
        if let compression, !PNGEncoder.compressionLevels.contains(compression) {
            throw ValidationError("--compression: \(PNGEncoder.compressionLevelProblem(compression))")
        }
    }

    func run() throws {
        try reportingErrors { () throws(ScrollRenderError) in
            let loader = ImageLoader(decoder: ImageDecoder(maximumPixelCount: maxPixels))
            let decoded = try loader.load(image, scale: JPEGScale(rawValue: scale)!,
                                          maximumMemory: memory.bytes ?? MemoryBudget.defaultLimit)
            for warning in decoded.warnings {
                Scrollrender.printError("\(image): warning: \(warning)")
            }
            let encoder = compression.map { PNGEncoder(compressionLevel: $0, filter: .adaptive, keepsAlpha: true) }
                ?? .frames(keepsAlpha: true)
            let bytes: [UInt8]
            do throws(ImageCodecError) {
                bytes = try encoder.encode(decoded.image)
            } catch {
                throw .writeFailed(path: output, reason: error.description)
            }
            try OutputFile.writeAtomically(bytes, to: output, notOver: image)
        }
    }
}
