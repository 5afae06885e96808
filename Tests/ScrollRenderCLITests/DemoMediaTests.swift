import Foundation
import Raster
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// Issue 47's demo media: a device screenshot shown once under one status bar, the chrome of a
/// one-frame render, honest rates and corners, and the presentation (title, backdrop, lead-in).
@Suite struct DemoMediaTests {
    static let island = RGBA(red: 0, green: 0, blue: 0)
    static let rows = [RGBA(red: 200, green: 60, blue: 40), RGBA(red: 40, green: 90, blue: 200)]

    /// A scrolling screenshot of an iPhone 15 Pro (1179 px wide, two screens tall, 59/34-pt bands at
    /// 3x): a white status bar with glyph blocks and the island's pill, rows of a list 44 pt each, a
    /// grey home-indicator band.
    static func screenshot() -> RGBAImage {
        var image = RGBAImage(width: 1179, height: 5112)
        for y in 0..<5112 {
            for x in 0..<1179 {
                let color: RGBA
                if y < 177 {
                    let glyph = (60..<110).contains(y) && ((80..<200).contains(x) || (950..<1100).contains(x))
                    let pill = (33..<145).contains(y) && (400..<779).contains(x)
                    color = glyph || pill ? island : .white
                } else if y >= 5112 - 102 {
                    color = RGBA(red: 230, green: 230, blue: 235)
                } else {
                    color = rows[((y - 177) / 132) % 2]
                }
                image[x, y] = color
            }
        }
        return image
    }

    /// A fling of `fling` pt/s over `picture` on the iPhone 15 Pro at 1x: 30 frames at 10 fps for
    /// 900, 8 for 100.
    static func render(_ options: [String], picture: RGBAImage, fling: Int = 900, in folder: URL) throws -> (CommandResult, URL) {
        let path = try RenderFixtures.write(picture, named: "shot.png", in: folder)
        let out = folder.appendingPathComponent("out-\(options.joined().hashValue & 0xffff)")
        let result = ScrollrenderCommand.run(["--device", "iPhone 15 Pro", "--scale", "1", "--fit", "width", "--fps", "10", "--hold", "0",
                                            "--fling", "\(fling)"] + options + [path, out.path])
        return (result, out)
    }

    @Test func aDeviceScreenshotShowsOneStatusBar() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Told from the picture: the iPhone 15 Pro's pixel width, a status bar on top; said so.
        // Dark glyphs: the list's red and blue rows, under the bar for most of the fling, would get light ones.
        let (told, out) = try Self.render(["--chrome", "--frames", "0", "--status-bar", "dark"], picture: Self.screenshot(), in: folder)
        #expect(told.status == 0 && told.standardError.contains("taken as a screenshot"), "\(told.standardError)")
        let frame = try RenderFixtures.frame(0, in: out)
        // The first row of the list right under the drawn status bar (59 pt), not the screenshot's bar.
        #expect(frame[20, 62] == Self.rows[0] && frame[40, 85] == Self.rows[0] && frame[200, 120] == Self.rows[1])
        // The drawn status bar's time is there, on the white above the content.
        #expect((15..<45).contains { y in (20..<120).contains { x in frame[x, y].red < 80 } })
        // Without it, the screenshot's own bar and glyphs lie under the drawn one.
        let (kept, keptOut) = try Self.render(["--chrome", "--frames", "0", "--no-screenshot"], picture: Self.screenshot(), in: folder)
        #expect(kept.status == 0 && !kept.standardError.contains("screenshot"), "\(kept.standardError)")
        let plain = try RenderFixtures.frame(0, in: keptOut)
        #expect(plain[20, 62] == .white && plain[40, 85] == Self.island)
        // Asked for, on a device that is not the picture's: cropped in proportion, not refused.
        let (asked, _) = try Self.render(["--screenshot", "--frames", "0"], picture: RenderFixtures.picture(width: 393, height: 1200), in: folder)
        #expect(asked.status == 0, "\(asked.standardError)")
    }

    /// The automatic status bar decides from the frames the run draws: one frame of a white list
    /// gets dark glyphs.
    @Test func oneFrameGetsItsChrome() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var white = RGBAImage(width: 1179, height: 4000)
        for y in 0..<4000 { for x in 0..<1179 { white[x, y] = .white } }
        let (result, out) = try Self.render(["--chrome", "--frames", "0", "--no-screenshot"], picture: white, in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let frame = try RenderFixtures.frame(0, in: out)
        #expect((15..<45).contains { y in (20..<120).contains { x in frame[x, y].red < 80 } }, "no status bar glyphs")
        #expect(frame[196, 25] == Self.island)
    }

    /// MP4 keeps the render's 60 fps and fills outside the corners with the background; a GIF asked
    /// for 24 fps shows 25, and says so.
    @Test func formatsAreHonest() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mp4 = folder.appendingPathComponent("a.mp4").path
        // A slow fling: fewer frames to encode and read back, at 60 fps all the same.
        let (result, out) = try Self.render(["--fps", "60", "--background", "#FFFFFF", "--export", mp4], picture: Self.screenshot(), fling: 100,
                                            in: folder)
        try #require(result.status == 0, "\(result.standardError)")
        #expect(try ExportTests.probe(mp4).rate == "60/1")
        let first = try #require(try FFmpegFrames.decode(mp4, width: 394, height: 852, fps: 60).first)
        #expect(first[0, 0].red > 230 && first[0, 0].green > 230 && first[0, 0].blue > 230, "\(first[0, 0])")
        let gif = folder.appendingPathComponent("b.gif").path
        let slow = ScrollrenderCommand.run(["export", out.path, gif, "--export-fps", "24"])
        #expect(slow.status == 0 && slow.standardError.contains("25 fps (as --export-fps asks, as 25, the nearest a GIF shows"), "\(slow.standardError)")
        let blocks = try ExportTests.gif(gif)
        #expect(blocks.frames > 0 && blocks.centiseconds % 4 == 0)
    }

    /// A title band above the device on the backdrop's colour, the backdrop outside the corners, and
    /// the first frame held still for the lead-in.
    @Test func titleBackdropAndLeadIn() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 8 frames of a slow fling: the lead-in's five more, and motion after them.
        let (result, out) = try Self.render([], picture: Self.screenshot(), fling: 100, in: folder)
        try #require(result.status == 0, "\(result.standardError)")
        let plain = folder.appendingPathComponent("plain.apng").path, titled = folder.appendingPathComponent("titled.apng").path
        for (path, extra) in [(plain, [String]()), (titled, ["--title", "Inbox", "--lead-in", "0.5", "--corners", "#204080"])] {
            let made = ScrollrenderCommand.run(["export", out.path, path, "--export-fps", "10"] + extra)
            try #require(made.status == 0, "\(made.standardError)")
        }
        let (bare, framed) = (try ExportTests.probe(plain), try ExportTests.probe(titled))
        // 393 wide: a 39-pixel band above; five more frames, the lead-in's.
        #expect(framed.width == 393 && framed.height == 852 + 39 && framed.frames == bare.frames + 5, "\(framed) \(bare)")
        let frames = try FFmpegFrames.decode(titled, width: 393, height: 891, fps: 10)
        let ground = RGBA(red: 32, green: 64, blue: 128)
        #expect(frames[0][2, 2] == ground && frames[0][1, 40] == ground)
        // White ink on the dark band, in its middle.
        #expect((10..<30).contains { y in (150..<250).contains { x in frames[0][x, y].red > 200 && frames[0][x, y].blue > 200 } })
        // The lead-in: the first five frames are one still picture, the motion after it.
        #expect(frames[0].pixels == frames[4].pixels && frames[0].pixels != frames[framed.frames - 1].pixels)
    }
}
