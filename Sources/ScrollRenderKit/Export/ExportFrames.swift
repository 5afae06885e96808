import Dispatch
import FileSystem
import ImageCodecs
import Raster

/// The frames of a folder as an export reads them: exactly those its manifest lists, each decoded
/// and checked to be a PNG of the manifest's size before ffmpeg sees a byte of it. A folder is
/// untrusted input: a frame that is truncated, resized or not a PNG, or a frame file the manifest
/// does not list, is refused (exit 65) instead of making a file that silently differs.
struct ExportFrames: ExportFrameSource {
    let folder: String
    /// The global numbers of the frames, in order.
    let indices: Range<Int>
    let pixelWidth: Int
    let pixelHeight: Int

    /// The bytes one decoded RGBA frame takes.
    var frameBytes: Int { pixelWidth * pixelHeight * 4 }

    /// Checks that the folder holds no frame file beyond the manifest's.
    func checkNoUnlistedFrames() throws(ScrollRenderError) {
        for name in FileSystem.entries(folder) ?? [] where OutputFolder.isOurs(name) && name != "manifest.json" {
            guard let index = FrameNaming.index(of: name), indices.contains(index) else {
                throw .invalidManifest(path: FileSystem.join(folder, name), reason: "the frame folder holds this file, but its manifest does not list it; render the sequence again")
            }
        }
    }

    /// The frames `indices` (global numbers), decoded, checked and `transform`ed on all cores, in order.
    func frames(_ indices: [Int], transform: @escaping @Sendable (RGBAImage) -> RGBAImage) throws(ScrollRenderError) -> [RGBAImage] {
        let decoder = ImageDecoder(maximumPixelCount: max(1, pixelWidth * pixelHeight))
        let results = Slots<Result<RGBAImage, ScrollRenderError>>(count: indices.count)
        DispatchQueue.concurrentPerform(iterations: indices.count) { position in
            results.set(position, Result { () throws(ScrollRenderError) in transform(try frame(indices[position], decoder: decoder)) })
        }
        var frames: [RGBAImage] = []
        for result in results.results { frames.append(try result!.get()) }
        return frames
    }

    private func frame(_ index: Int, decoder: ImageDecoder) throws(ScrollRenderError) -> RGBAImage {
        let path = FileSystem.join(folder, FrameNaming.name(index))
        // A PNG of the manifest's size is at most a few times its pixels even stored uncompressed.
        let bytes = try InputFile.read(path, limit: frameBytes * 2 + (1 << 20))
        guard ImageFormat(sniffing: bytes) == .png else {
            throw .invalidManifest(path: path, reason: "it is not a PNG, though the manifest lists it as a frame")
        }
        let image: RGBAImage
        do throws(ImageCodecError) {
            image = try decoder.decode(bytes).image
        } catch {
            throw .badImage(path: path, error)
        }
        guard image.width == pixelWidth, image.height == pixelHeight else {
            throw .invalidManifest(path: path, reason: "the frame is \(image.width)×\(image.height) pixels, not \(pixelWidth)×\(pixelHeight) as its manifest says")
        }
        return image
    }
}
