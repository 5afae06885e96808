import Compositor
import Foundation
import Geometry
import ImageCodecs
import Raster
@testable import ScrollRenderKit
import ScrollPhysics
import Testing
import _ScrollRenderTestSupport

/// A device's render exported as a phone recording: the screen's chrome at known pixels for an
/// island and a notch in both styles, the fingers of a pinch where the simulation had them, and
/// the frame files untouched unless `chrome` asks — then drawn over them too, recorded, replayed.
@Suite struct ScreenExportTests {
    static let white = RGBA.white, black = RGBA(red: 0, green: 0, blue: 0)

    /// One still frame of `device` at 1 pixel per point over a flat picture of `color`, on a
    /// background of the same colour, exported as an APNG (lossless, with alpha); its pixels.
    static func still(_ device: String, color: RGBA, extra: [(Setting, SettingValue)] = []) throws -> (frame: RGBAImage, export: RGBAImage, note: String) {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try ExportSupport.picture(200, 300, in: folder) { _, _ in color }
        let settings = try ExportSupport.settings([(.device, .text(device)), (.scale, .number(1)), (.hold, .number(0)),
                                                   (.background, .text(color.hexString))] + extra)
        let path = folder.appendingPathComponent("still.png").path
        var note = ""
        let manifest = try ExportSupport.render(settings, image: image, in: folder, exports: [try ExportRequest(path: path, defaultBudget: true)]) {
            note = $0.first?.note ?? ""
        }
        let frame = try ImageDecoder().decode([UInt8](Data(contentsOf: folder.appendingPathComponent("frames/frame_00000.png")))).image
        let export = try #require(try FFmpegFrames.decode(path, width: manifest.pixelWidth, height: manifest.pixelHeight).first)
        return (frame, export, note)
    }

    /// The darkest and the lightest luminance in a box.
    static func range(_ image: RGBAImage, x: Range<Int>, y: Range<Int>) -> (darkest: Int, lightest: Int) {
        var low = 255, high = 0
        for row in y { for column in x { let p = image[column, row]; let l = (Int(p.red) + Int(p.green) + Int(p.blue)) / 3; low = min(low, l); high = max(high, l) } }
        return (low, high)
    }

    @Test(arguments: [(RGBA.white, true), (RGBA(red: 0, green: 0, blue: 0), false)])
    func theIslandPhonesScreenInBothStyles(content: RGBA, darkGlyphs: Bool) throws {
        let (frame, export, note) = try Self.still("iPhone 16 Pro", color: content)
        // The frame file is the scroll view alone: no island where it would be.
        #expect(frame[201, 32] == content)
        #expect(export.width == 402 && export.height == 874 && note.contains("iPhone 16 Pro's screen drawn over it"), "\(note)")
        // The Dynamic Island, 126 × 37.33 pt, 14 pt down, centred: black.
        #expect(export[201, 32] == RGBA(red: 0, green: 0, blue: 0) && export[140, 32] == RGBA(red: 0, green: 0, blue: 0))
        #expect(export[201, 8] == content && export[201, 56] == content)
        // Outside the 62-pt corners: clear.
        #expect(export[0, 0].alpha == 0 && export[401, 873].alpha == 0 && export[30, 30].alpha == 255)
        // "9:41" left of the island and the home indicator, in the style that suits the content.
        let time = Self.range(export, x: 45..<95, y: 24..<42), indicator = export[201, 863]
        if darkGlyphs {
            #expect(time.darkest < 40 && indicator.red < 40, "\(time) \(indicator)")
        } else {
            #expect(time.lightest > 215 && indicator.red > 215, "\(time) \(indicator)")
        }
        // The icons right of the island: signal, Wi-Fi, battery.
        let icons = Self.range(export, x: 280..<380, y: 24..<42)
        #expect(darkGlyphs ? icons.darkest < 40 : icons.lightest > 215, "\(icons)")
    }

    @Test(arguments: [(RGBA.white, true), (RGBA(red: 0, green: 0, blue: 0), false)])
    func theNotchedPhonesScreenInBothStyles(content: RGBA, darkGlyphs: Bool) throws {
        let (_, export, _) = try Self.still("iPhone 13 mini", color: content)
        #expect(export.width == 375 && export.height == 812)
        // The notch, 168 × 33 pt from the top edge, centred, its lower corners rounded.
        #expect(export[187, 2] == RGBA(red: 0, green: 0, blue: 0) && export[187, 30] == RGBA(red: 0, green: 0, blue: 0))
        #expect(export[110, 30] == content && export[187, 40] == content)
        let time = Self.range(export, x: 25..<80, y: 10..<28)
        #expect(darkGlyphs ? time.darkest < 40 : time.lightest > 215, "\(time)")
        #expect(export[0, 0].alpha == 0)
    }

    /// A style given wins over what suits the content; corners take a colour.
    @Test func chosenStyleAndCornerColour() throws {
        let (_, export, _) = try Self.still("iPhone 16 Pro", color: .white, extra: [(.statusBar, .text("light")), (.corners, .text("#ff0000"))])
        #expect(Self.range(export, x: 45..<95, y: 24..<42).darkest > 200)
        #expect(export[0, 0] == RGBA(red: 255, green: 0, blue: 0))
    }

    /// Both fingers of a pinch, drawn where the simulation had them at each frame's time, and
    /// nothing between or beyond them.
    @Test func aPinchShowsBothFingers() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try ExportSupport.picture(402, 874, in: folder) { _, _ in .white }
        let pinch = TimelineStep.afterRest(.pinch(scale: 2, center: Point(x: 201, y: 437), duration: nil))
        let settings = try ExportSupport.settings([(.device, .text("iPhone 16 Pro")), (.scale, .number(1)), (.fps, .number(10)), (.hold, .number(0)),
                                                   (.showTouches, .flag(true)), (.indicators, .text("none"))], steps: [pinch])
        let path = folder.appendingPathComponent("pinch.apng").path
        let manifest = try ExportSupport.render(settings, image: image, in: folder, exports: [try ExportRequest(path: path)])
        let touches = try #require(manifest.touches)
        #expect(touches.count == 1 && touches[0].samples.allSatisfy { $0.locations.count == 2 })
        let timeline = ScreenOverlay.timelines(touches, viewSize: Size(width: 402, height: 874))[0]
        let frames = try FFmpegFrames.decode(path, width: 402, height: 874)
        try #require(frames.count == manifest.frameCount)
        var drawn = 0
        for (index, frame) in frames.enumerated() {
            let marks = timeline.marks(at: Double(index) / 10)
            for mark in marks where mark.opacity > 0.9 {
                let p = frame[Int(mark.position.x.rounded()), Int(mark.position.y.rounded())]
                #expect(p.red < 235 && p.red > 150, "frame \(index) at \(mark.position): \(p)")
                drawn += 1
            }
            // Midway between the two fingers (75 pt or more apart) and 40 pt below each: the picture.
            if marks.count == 2 {
                let middle = (marks[0].position + marks[1].position) / 2
                #expect(frame[Int(middle.x), Int(middle.y)] == .white, "frame \(index)")
                for mark in marks { #expect(frame[Int(mark.position.x), Int(mark.position.y) + 40] == .white) }
            }
        }
        // Both fingers, in every frame they touch.
        #expect(drawn >= 2 * 3, "\(drawn)")
        // After the fade the last frame shows none.
        #expect(timeline.marks(at: Double(frames.count - 1) / 10).isEmpty == (Double(frames.count - 1) / 10 > timeline.ended + 0.25))
    }

    /// A trackpad's two-finger scroll shows the pointer, resting mid-view while the fingers are on
    /// the pad, not a finger's circle.
    @Test func aTrackpadShowsThePointer() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try ExportSupport.picture(402, 2000, in: folder) { _, _ in .white }
        let settings = try ExportSupport.settings([(.device, .text("iPad Pro 11-inch (M4)")), (.scale, .number(1)), (.fps, .number(20)),
                                                   (.hold, .number(0)), (.showTouches, .flag(true)), (.indicators, .text("none"))],
                                                  steps: [.afterRest(.trackpad(.fling(velocity: Point(x: 0, y: 200))))])
        // A slow fling, 15 frames of 834×1210.
        let path = folder.appendingPathComponent("pad.apng").path
        let manifest = try ExportSupport.render(settings, image: image, in: folder, exports: [try ExportRequest(path: path)])
        let touches = try #require(manifest.touches)
        let timeline = try #require(ScreenOverlay.timelines(touches, viewSize: Size(width: 834, height: 1210)).first)
        #expect(timeline.kind == .pointer && timeline.positions(at: timeline.began) == [Point(x: 417, y: 605)])
        let down = try #require((0..<manifest.frameCount).first { Double($0) / 20 >= timeline.began && Double($0) / 20 <= timeline.ended })
        // The file's frames up to that one (every frame is 4 MB decoded).
        let frames = try FFmpegFrames.decode(path, width: 834, height: 1210, count: down + 1)
        try #require(frames.count == down + 1, "\(frames.count) frames read back")
        // The pointer: 19 pt of dark grey at 60 % over white; 15 pt away, the picture.
        let middle = frames[down][417, 605]
        #expect(middle.red > 110 && middle.red < 140, "\(middle)")
        #expect(frames[down][417 + 15, 605] == .white)
    }

    /// `chrome` asked for on a render: the frame files show the screen (goldens and diffs see it),
    /// the manifest says so, a replay of the manifest makes the same frames, and the render's
    /// exports are those `export` makes from the files.
    @Test func chromeOnTheFramesIsRecordedAndReplays() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try ExportSupport.detailed(402, 1600, in: folder)
        let settings = try ExportSupport.settings([(.device, .text("iPhone 16 Pro")), (.scale, .number(1)), (.fps, .number(10)), (.hold, .number(0)),
                                                   (.chrome, .flag(true)), (.showTouches, .flag(true)), (.bezel, .flag(true))],
                                                  steps: [.afterRest(.fling(velocity: Point(x: 0, y: 900)))])
        let drawn = folder.appendingPathComponent("drawn.gif").path
        let manifest = try ExportSupport.render(settings, image: image, in: folder, exports: [try ExportRequest(path: drawn, defaultBudget: true)])
        // The bezel (8 pt) grows the frames; the island is in them.
        #expect(manifest.pixelWidth == 418 && manifest.pixelHeight == 890 && manifest.settings.chrome == true)
        let frames = folder.appendingPathComponent("frames")
        let first = try ImageDecoder().decode([UInt8](Data(contentsOf: frames.appendingPathComponent("frame_00000.png")))).image
        #expect(first[8 + 201, 8 + 32] == RGBA(red: 0, green: 0, blue: 0) && first[2, 400] == Bezel.defaultColor)
        // The export of the folder, drawn over no more: the same bytes as the render's.
        let read = folder.appendingPathComponent("read.gif").path
        _ = try ExportSupport.export([try ExportRequest(path: read, defaultBudget: true)], from: folder)
        #expect(try Data(contentsOf: URL(fileURLWithPath: drawn)) == Data(contentsOf: URL(fileURLWithPath: read)))
        // The manifest replays: the same frames.
        let replayed = folder.appendingPathComponent("replay")
        let scenario = try Scenario.load(frames.appendingPathComponent("manifest.json").path).settings
        _ = try RenderSession(try RenderRequest(imagePath: image, outputPath: replayed.path, settings: scenario)).run()
        for index in 0..<manifest.frameCount {
            let name = FrameNaming.name(index)
            #expect(try Data(contentsOf: frames.appendingPathComponent(name)) == Data(contentsOf: replayed.appendingPathComponent(name)), "\(name)")
        }
    }

    /// `fit` scales the picture to the view: a 300 × 600 picture, red on its left half and blue on
    /// its right, on a 60 × 90-point view at 1 pixel per point.
    @Test(arguments: [("width", 5.0), ("height", 600.0 / 90), ("fill", 5.0)])
    func fitScalesThePictureToTheView(mode: String, imageScale: Double) throws {
        let fit = try #require(PictureFit(rawValue: mode))
        #expect(abs(fit.imageScale(pictureWidth: 300, pictureHeight: 600, viewWidth: 60, viewHeight: 90) - imageScale) < 1e-12)
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let red = RGBA(red: 255, green: 0, blue: 0), blue = RGBA(red: 0, green: 0, blue: 255)
        let image = try ExportSupport.picture(300, 600, in: folder) { x, _ in x < 150 ? red : blue }
        let settings = try ExportSupport.settings([(.size, .size(Size(width: 60, height: 90))), (.scale, .number(1)), (.hold, .number(0)),
                                                   (.fit, .text(mode))])
        let manifest = try ExportSupport.render(settings, image: image, in: folder)
        let frame = try ImageDecoder().decode([UInt8](Data(contentsOf: folder.appendingPathComponent("frames/frame_00000.png")))).image
        // Width and fill: 60 points wide, split at 30; height: 45 points wide, split at 22.5, white beyond.
        let split = 150 / imageScale, width = 300 / imageScale
        for x in [10, 25, 40, 55] {
            let expected = Double(x) + 0.5 < split ? red : Double(x) + 0.5 < width ? blue : .white
            #expect(frame[x, 45] == expected, "\(mode): x \(x)")
        }
        // The manifest records the fit, not a worked-out scale: it replays for any picture.
        #expect(manifest.settings.fit == fit && !manifest.settings.isGiven(.imageScale))
    }
}
