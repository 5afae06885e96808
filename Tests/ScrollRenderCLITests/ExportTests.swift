import Foundation
import GIFEncoding
import ImageCodecs
import Raster
@testable import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// `--export` and `scrollrender export`: every format read back by ffprobe (WebP, which Debian's
/// ffmpeg cannot demux when animated, by its RIFF chunks), size budgets, and a missing ffmpeg.
@Suite struct ExportTests {
    /// 120×180 pixels at 25 fps (a rate GIF shows exactly).
    static let args = ["--quiet", "--size", "60x90", "--scale", "2", "--fps", "25", "--hold", "0", "--fling", "300"]

    static func sequence() throws -> (folder: URL, frames: URL, manifest: Manifest) {
        let folder = try TestFiles.temporaryFolder()
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 160, height: 600), named: "p.png", in: folder)
        let frames = folder.appendingPathComponent("frames")
        let result = ScrollrenderCommand.run(args + [image, frames.path])
        try #require(result.status == 0, "\(result.standardError)")
        return (folder, frames, try RenderFixtures.manifest(in: frames))
    }

    struct Probe: Equatable {
        var width: Int
        var height: Int
        var frames: Int
        var rate: String
    }

    static func probe(_ path: String) throws -> Probe {
        let result = try CommandRunner.run(shell: "ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=width,height,nb_read_frames,r_frame_rate -of csv=p=0 '\(path)'")
        try #require(result.status == 0, "ffprobe: \(result.standardError)")
        let fields = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
        try #require(fields.count == 4, "\(result.standardOutput)")
        return Probe(width: Int(fields[0]) ?? -1, height: Int(fields[1]) ?? -1, frames: Int(fields[3]) ?? -1, rate: fields[2])
    }

    /// An animated GIF's screen size, frame count and total delay in hundredths of a second, from
    /// its blocks (``GIFBlocks``); fails on a file that is not whole.
    static func gif(_ path: String) throws -> (width: Int, height: Int, frames: Int, centiseconds: Int) {
        let blocks = try GIFBlocks(path: path)
        return (blocks.width, blocks.height, blocks.frames, blocks.centiseconds)
    }

    /// An animated WebP's canvas size, frame count and total duration in ms, from its RIFF chunks.
    static func webp(_ path: String) throws -> (width: Int, height: Int, frames: Int, milliseconds: Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count > 30 && String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" && String(decoding: bytes[8..<12], as: UTF8.self) == "WEBP")
        func le(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        var (width, height, frames, duration) = (0, 0, 0, 0)
        var offset = 12
        while offset + 8 <= bytes.count {
            let kind = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), size = le(offset + 4, 4)
            if kind == "VP8X" { (width, height) = (le(offset + 12, 3) + 1, le(offset + 15, 3) + 1) }
            if kind == "ANMF" { frames += 1; duration += le(offset + 20, 3) }
            offset += 8 + size + size % 2
        }
        return (width, height, frames, duration)
    }

    @Test func everyFormatIsMadeAndReadsBack() throws {
        let (folder, frames, manifest) = try Self.sequence()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["gif", "mp4", "apng", "webm", "webp"].map { folder.appendingPathComponent("clip.\($0)").path }
        let result = ScrollrenderCommand.run(["export", frames.path] + files)
        #expect(result.status == 0, "\(result.standardError)")
        let n = manifest.frameCount
        // Our GIF merges identical frames (the still end) into one longer frame: the time is the same.
        let gif = try Self.gif(files[0])
        #expect(gif.width == 120 && gif.height == 180 && (1...n).contains(gif.frames) && gif.centiseconds == n * 4, "\(gif)")
        #expect(try Self.probe(files[0]).width == 120)
        #expect(try Self.probe(files[1]) == Probe(width: 120, height: 180, frames: n, rate: "25/1"))
        let apng = try Self.probe(files[2])
        #expect(apng.frames == n && apng.width == 120, "\(apng)")
        #expect(try Self.probe(files[3]) == Probe(width: 120, height: 180, frames: n, rate: "25/1"))
        let webp = try Self.webp(files[4])
        // libwebp merges identical consecutive frames (the still end) into one longer frame.
        #expect(webp.width == 120 && webp.height == 180 && (n / 2...n).contains(webp.frames), "\(webp)")
        #expect(abs(webp.milliseconds - n * 40) <= n, "\(webp)")
        // Nothing but the files asked for: no temporary names left beside them.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["clip.apng", "clip.gif", "clip.mp4", "clip.webm", "clip.webp", "frames", "p.png"])
    }

    @Test func aRenderExportsScaledAndRecordsTheCommand() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A photograph: SSIM judges a palette on pictures, not on flat synthetic gradients.
        let image = TestFiles.packageRoot.appendingPathComponent("SampleImages/tesla.jpg").path
        let gif = folder.appendingPathComponent("demo.gif").path, mp4 = folder.appendingPathComponent("demo.mp4").path
        let frames = folder.appendingPathComponent("frames")
        // 60 fps: the GIF is made at 50, with a warning.
        let args = Self.args.filter { $0 != "--quiet" }.map { $0 == "25" ? "60" : $0 }
        let result = ScrollrenderCommand.run(args + ["--export", gif, "--export", mp4, "--export-width", "61", "--verbose", image, frames.path])
        #expect(result.status == 0, "\(result.standardError)")
        // One note a file: its size, dimensions, rate and colours, and why.
        #expect(result.standardError.contains("61×92 (as --export-width asks), 50 fps (the render's 60 fps, as 50, the nearest a GIF shows"), "\(result.standardError)")
        #expect(result.standardError.contains("62×94 (as --export-width asks), 60 fps (the render's 60 fps), H.264 at CRF 15"), "\(result.standardError)")
        // --verbose shows the commands as they run: raw frames, already at the file's size and rate,
        // on a pipe; the file on a descriptor.
        #expect(result.standardError.contains("-f rawvideo -pix_fmt rgba -video_size 62x94 -framerate 60 -i pipe:0"))
        let manifest = try RenderFixtures.manifest(in: frames)
        let exports = try #require(manifest.exports)
        #expect(exports.map(\.format) == [.gif, .mp4])
        // The GIF is scrollrender's own: its record is the command that makes it again.
        #expect(exports[0].ffmpeg.hasPrefix("scrollrender export ") && exports[0].ffmpeg.contains(frames.path) && !exports[0].ffmpeg.contains(".tmp"))
        // 61 wide keeps the 2:3 aspect (91.5 rounds to 92); H.264 needs even sizes.
        let probedGIF = try Self.probe(gif)
        #expect(probedGIF.rate == "50/1" && probedGIF.width == 61 && probedGIF.height == 92, "\(probedGIF)")
        // At 50 fps the GIF shows the frames ffmpeg's fps filter picks, as the MP4 would.
        let similarity = try Self.meanSimilarity(gif: gif, frames: frames, fps: 50)
        #expect(similarity >= 0.96, "mean SSIM \(similarity)")
        let probedMP4 = try Self.probe(mp4)
        #expect(probedMP4.width == 62 && probedMP4.height == 94 && probedMP4.frames == manifest.frameCount, "\(probedMP4)")
        #expect(exports[1].bytes == (try FileManager.default.attributesOfItem(atPath: mp4)[.size] as? Int))
    }

    /// A GIF's budget lands: between 80 % and 100 % of it, for budgets from half to a sixth of the
    /// full-size file, and a GIF without one fits the default (here: is full size, being small).
    @Test func aGIFBudgetLandsNearItsTarget() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("frames").path
        let render = ScrollrenderCommand.run(["--quiet", "--size", "200x320", "--scale", "1", "--fps", "25", "--hold", "0.2", "--fling", "1500",
                                            TestFiles.packageRoot.appendingPathComponent("SampleImages/tesla.jpg").path, frames])
        try #require(render.status == 0, "\(render.standardError)")
        let full = folder.appendingPathComponent("full.gif").path
        #expect(ScrollrenderCommand.run(["export", "--quiet", frames, full]).status == 0)
        let fullSize = try #require(try FileManager.default.attributesOfItem(atPath: full)[.size] as? Int)
        let fullGIF = try Self.gif(full)
        #expect(fullSize < ExportRequest.defaultGIFBudget.bytes && fullGIF.width == 200)
        for share in [2, 3, 6] {
            let budget = fullSize / share, path = folder.appendingPathComponent("b\(share).gif").path
            let result = ScrollrenderCommand.run(["export", frames, path, "--max-size", "\(budget)"])
            #expect(result.status == 0 && result.standardError.contains("within"), "\(result.standardError)")
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            #expect(Double(size) >= 0.8 * Double(budget) && size <= budget, "1/\(share): \(size) of \(budget)")
            // The same motion, as long: a budget changes the size, not the time.
            let fitted = try Self.gif(path)
            #expect(abs(fitted.centiseconds - fullGIF.centiseconds) <= 8, "\(fitted) against \(fullGIF)")
            // And the same pictures: each frame, read back by ffmpeg, against its source frame scaled alike.
            let similarity = try Self.meanSimilarity(gif: path, frames: URL(fileURLWithPath: frames), fps: 25)
            #expect(similarity >= 0.96, "1/\(share): mean SSIM \(similarity)")
        }
    }

    /// The mean SSIM of a GIF's frames (read back by ffmpeg at `fps`) against the frames ffmpeg's
    /// `fps` filter picks from the sequence it was made from, scaled to its size as scrollrender
    /// scales them: a GIF that shows other frames than an MP4 at its rate would fail it.
    static func meanSimilarity(gif path: String, frames folder: URL, fps: Double) throws -> Double {
        let info = try gif(path)
        let manifest = try RenderFixtures.manifest(in: folder)
        let decoded = try FFmpegFrames.decode(path, width: info.width, height: info.height, fps: fps)
        let pattern = folder.appendingPathComponent(FrameNaming.pattern).path
        let sources = try FFmpegFrames.decode(pattern, width: manifest.pixelWidth, height: manifest.pixelHeight, fps: fps,
                                             input: ["-framerate", "\(manifest.fps)"])
        try #require(decoded.count == sources.count, "\(decoded.count) frames read back, \(sources.count) shown at \(fps) fps")
        let scaler = FrameScaler(sourceWidth: manifest.pixelWidth, sourceHeight: manifest.pixelHeight, width: info.width, height: info.height)
        let total = zip(decoded, sources).reduce(0.0) { $0 + StructuralSimilarity.mean($1.0, scaler.scale($1.1)) }
        return total / Double(decoded.count)
    }

    /// A GIF at a lower rate shows the frames ffmpeg's `fps` filter picks (so a GIF and a WebP or
    /// MP4 at one rate show the same): frames whose grey level is their number, read through
    /// ffmpeg at each rate, against ``Exporter/framesShown(_:sourceFPS:fps:)``.
    @Test(arguments: [(60.0, 25.0), (60.0, 50.0), (30.0, 20.0), (50.0, 20.0), (59.94, 25.0)])
    func aLowerRateShowsTheFramesFFmpegPicks(sourceFPS: Double, fps: Double) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 100
        for index in 0..<count {
            let bytes = try PNGEncoder().encode(RGBAImage(width: 2, height: 2, fill: RGBA(red: UInt8(index), green: 0, blue: 0)))
            try Data(bytes).write(to: folder.appendingPathComponent(FrameNaming.name(index)))
        }
        let picked = try FFmpegFrames.decode(folder.appendingPathComponent(FrameNaming.pattern).path, width: 2, height: 2, fps: fps,
                                            input: ["-framerate", "\(sourceFPS)"]).map { Int($0.pixels[0]) }
        #expect(Exporter.framesShown(0..<count, sourceFPS: sourceFPS, fps: fps) == picked)
    }

    /// A render hands its frames to the encoders from memory, drawn again: the files are those
    /// `scrollrender export` makes from the frame files — for a fling (frames drawn from a shared
    /// layer; a slow one, 18 frames) and a pinch (frames drawn alone), at the frames' size and
    /// scaled (a whole-number shrink and another, where the scaler reads the rows a frame shares
    /// with its layer in the layer), over a fling that bounces off the end (background rows).
    @Test(arguments: [(["--fling", "100"], nil), (["--pinch", "2"], nil), (["--fling", "100"], 40), (["--fling", "100"], 50),
                      (["--fling", "3000"], 40)] as [([String], Int?)])
    func aRenderExportsWhatTheFrameFilesHold(gesture: [String], width: Int?) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 160, height: 600), named: "p.png", in: folder)
        let frames = folder.appendingPathComponent("frames").path
        let drawn = ["gif", "apng"].map { folder.appendingPathComponent("drawn.\($0)").path }
        let read = ["gif", "apng"].map { folder.appendingPathComponent("read.\($0)").path }
        let scaling = width.map { ["--export-width", String($0)] } ?? []
        let args = Array(Self.args.dropLast(2)) + gesture + scaling + drawn.flatMap { ["--export", $0] } + [image, frames]
        let render = ScrollrenderCommand.run(args)
        try #require(render.status == 0, "\(render.standardError)")
        let export = ScrollrenderCommand.run(["export", "--quiet", frames] + scaling + read)
        try #require(export.status == 0, "\(export.standardError)")
        // Our GIF and APNG encoders are deterministic: the same frames give the same bytes.
        for (made, again) in zip(drawn, read) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: made)) == Data(contentsOf: URL(fileURLWithPath: again)), "\(made)")
        }
        // The APNG is lossless: ffmpeg reads back every frame's pixels as the frame files hold them, scaled.
        let size = (width: width ?? 120, height: (width ?? 120) * 180 / 120)
        let scaler = FrameScaler(sourceWidth: 120, sourceHeight: 180, width: size.width, height: size.height)
        let apng = try FFmpegFrames.decode(drawn[1], width: size.width, height: size.height, fps: 25)
        let files = try (0..<(try RenderFixtures.manifest(in: URL(fileURLWithPath: frames))).frameCount).map { index in
            scaler.scale(try ImageDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: frames).appendingPathComponent(FrameNaming.name(index))))).image)
        }
        #expect(apng == files)
    }

    @Test func maxSizeMeetsItsBudgetOrSaysWhyNot() throws {
        let (folder, frames, _) = try Self.sequence()
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = folder.appendingPathComponent("full.gif").path
        #expect(ScrollrenderCommand.run(["export", frames.path, full]).status == 0)
        let fullSize = try #require(try FileManager.default.attributesOfItem(atPath: full)[.size] as? Int)
        let budget = fullSize / 3
        let fit = folder.appendingPathComponent("fit.gif").path
        let result = ScrollrenderCommand.run(["export", frames.path, fit, "--max-size", "\(budget)"])
        #expect(result.status == 0, "\(result.standardError)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: fit)[.size] as? Int)
        #expect(size <= budget && result.standardError.contains("within"))
        let tiny = folder.appendingPathComponent("tiny.gif").path
        let refused = ScrollrenderCommand.run(["export", frames.path, tiny, "--max-size", "1KB"])
        #expect(refused.status == 73 && refused.standardError.contains("cannot fit 1 KB: the smallest try"), "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: tiny))
        for bad in ["0", "10XB", "-5MB", "nan", "2TB"] {
            let usage = ScrollrenderCommand.run(["export", frames.path, tiny, "--max-size", bad])
            #expect(usage.status == 64, "\(bad): \(usage.standardError)")
        }
        #expect(ScrollrenderCommand.run(["export", frames.path, folder.appendingPathComponent("x.avi").path]).status == 64)
    }

    @Test func withoutFFmpegTheFramesAreKept() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 160, height: 600), named: "p.png", in: folder)
        let frames = folder.appendingPathComponent("frames")
        let gif = folder.appendingPathComponent("demo.gif").path
        // The binary: the engine looks for ffmpeg on the process's own PATH.
        let result = try CommandRunner.run(Self.args + ["--export", gif, image, frames.path], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 69)
        #expect(result.standardError.contains("apt-get install ffmpeg") && result.standardError.contains("the frames are in"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        let manifest = try RenderFixtures.manifest(in: frames)
        #expect(manifest.frameCount > 0 && manifest.exports == nil)
        #expect(!FileManager.default.fileExists(atPath: gif))
        let again = try CommandRunner.run(["export", frames.path, gif], environment: ["PATH": "/nonexistent"])
        #expect(again.status == 69)
    }

    @Test func exportsReplaceOnlyRegularFiles() throws {
        let (folder, frames, _) = try Self.sequence()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("keep.gif").path
        try Data("precious".utf8).write(to: URL(fileURLWithPath: folder.appendingPathComponent("precious").path))
        try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: folder.appendingPathComponent("precious").path)
        let refused = ScrollrenderCommand.run(["export", frames.path, target])
        #expect(refused.status == 73)
        #expect(try String(contentsOfFile: folder.appendingPathComponent("precious").path, encoding: .utf8) == "precious")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["frames", "keep.gif", "p.png", "precious"])
    }
}
