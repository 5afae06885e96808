import Foundation
import Raster
@testable import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// The phone on the command line: the command (at 1x, to be quick) and its one note, the
/// screen options of `scrollrender export`, and the mistakes each is refused for (exit 64).
@Suite struct ScreenCommandTests {
    static let screenshot = TestFiles.packageRoot.appendingPathComponent("SampleImages/screenshot.png").path

    @Test func aPhoneRecordingInOneCommand() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("demo.gif").path, frames = folder.appendingPathComponent("out").path
        let result = ScrollrenderCommand.run(["--device", "iPhone 16 Pro", "--scale", "1", "--fit", "width", "--fling", "2500", "--show-touches",
                                            "--export", gif, Self.screenshot, frames])
        #expect(result.status == 0, "\(result.standardError)")
        // One note for the file: bytes, size and why, rate and why, colours and why, the budget, the screen.
        let note = try #require(result.standardError.split(separator: "\n").first { $0.contains("wrote \(gif)") }.map(String.init))
        for part in ["402×874 (1 px per point, the size a pull request shows a phone at)", "50 fps (the render's 60 fps, as 50, the nearest a GIF shows",
                     "255 colours (the most a GIF holds)", "within 10 MB, GitHub's attachment limit", "the iPhone 16 Pro's screen and the touches drawn over it"] {
            #expect(note.contains(part), "\(part) in \(note)")
        }
        #expect(!result.standardError.contains("quality level"))
        let manifest = try RenderFixtures.manifest(in: URL(fileURLWithPath: frames))
        // 1206 pixels fitted to 402 points; recorded as the fit.
        #expect(manifest.settings.fit == .width && manifest.touches?.isEmpty == false && manifest.exports?.first?.pixelWidth == 402)
    }

    @Test func exportDrawsTheScreenAsTheFramesSettingsSayUnlessTold() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("out").path
        // A slow fling, 8 frames: the screen is drawn over each alike.
        let render = ScrollrenderCommand.run(["--quiet", "--device", "iPhone 13 mini", "--scale", "1", "--fps", "10", "--hold", "0",
                                            "--fit", "width", "--fling", "100", Self.screenshot, frames])
        try #require(render.status == 0, "\(render.standardError)")
        let paths = ["plain", "bare", "framed"].map { folder.appendingPathComponent("\($0).apng").path }
        for (path, options) in zip(paths, [[], ["--no-chrome"], ["--bezel", "--corners", "black", "--status-bar", "light"]]) {
            let result = ScrollrenderCommand.run(["export", frames, path, "--to", "0.2"] + options)
            #expect(result.status == 0, "\(options): \(result.standardError)")
        }
        let plain = try #require(try FFmpegFrames.decode(paths[0], width: 375, height: 812, fps: 10, count: 1).first)
        let bare = try #require(try FFmpegFrames.decode(paths[1], width: 375, height: 812, fps: 10, count: 1).first)
        // The notch by default, nothing with --no-chrome; a bezel (8 pt) grows the picture.
        #expect(plain[187, 5] == RGBA(red: 0, green: 0, blue: 0) && bare[187, 5] != RGBA(red: 0, green: 0, blue: 0))
        #expect(try ExportTests.probe(paths[2]).width == 391)
    }

    @Test(arguments: [
        ["--export", "a.mp4", "--colors", "16"], ["--export", "a.mp4", "--loop", "2"], ["--export", "a.gif", "--export-width", "300", "--export-scale", "1"],
        ["--export", "a.gif", "--loop", "twice"], ["--export", "a.gif", "--speed", "0"], ["--export", "a.gif", "--from", "2", "--to", "1"],
        ["--export", "a.gif", "--colors", "300"], ["--bezel"], ["--status-bar", "light"], ["--device", "iPhone 16 Pro", "--no-chrome", "--bezel"],
        ["--fit", "width", "--image-scale", "2"], ["--fit", "sideways"],
    ])
    func mistakesAreRefused(_ arguments: [String]) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let args = arguments.map { $0.hasPrefix("a.") ? folder.appendingPathComponent($0).path : $0 }
        let result = ScrollrenderCommand.run(args + ["--fling", "300", Self.screenshot, folder.appendingPathComponent("out").path])
        #expect(result.status == 64 && result.standardError.split(separator: "\n").count == 1, "\(arguments): \(result.standardError)")
    }

    /// Frames that already show the screen cannot have it drawn again or taken away.
    @Test func framesWithTheScreenKeepIt() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("out").path
        let render = ScrollrenderCommand.run(["--quiet", "--device", "iPhone 16 Pro", "--scale", "1", "--fps", "10", "--hold", "0", "--chrome",
                                            "--fit", "width", "--fling", "900", Self.screenshot, frames])
        try #require(render.status == 0, "\(render.standardError)")
        let refused = ScrollrenderCommand.run(["export", frames, folder.appendingPathComponent("a.gif").path, "--no-chrome"])
        #expect(refused.status == 64 && refused.standardError.contains("rendered with --chrome"), "\(refused.standardError)")
        let kept = ScrollrenderCommand.run(["export", frames, folder.appendingPathComponent("b.gif").path])
        #expect(kept.status == 0 && !kept.standardError.contains("drawn over it"), "\(kept.standardError)")
    }
}
