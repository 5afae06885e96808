import Foundation
import Geometry
@testable import ScrollRenderKit
import Testing

/// The size and rate a file starts from, by the one rule for every format: what was asked; else,
/// for a device's render, 1 pixel per point (a tablet at a phone's height) at the render's rate up
/// to 60 fps; else the frames' own size and rate. A budget may narrow it later; that is the encoders' to test.
@Suite struct ExportDefaultsTests {
    /// The source a render with `settings` gives its exports (no folder is read).
    static func source(_ given: [(Setting, SettingValue)]) throws -> Exporter.Source {
        let settings = try ExportSupport.settings(given)
        let view = settings.scrollView
        var source = Exporter.Source(folder: "/nonexistent", fps: settings.fps, pixelWidth: Int((view.boundsSize.width * view.displayScale).rounded()),
                                     pixelHeight: Int((view.boundsSize.height * view.displayScale).rounded()), frames: 0..<120)
        source.pixelsPerPoint = view.displayScale
        source.isDeviceRender = settings.device != nil
        source.deviceFamily = settings.device?.family
        return source
    }

    static func plan(_ path: String, _ given: [(Setting, SettingValue)], maximumSize: ByteCount? = nil, defaultBudget: Bool = true,
                     width: Int? = nil, controls: ExportControls = ExportControls()) throws -> ExportPlan {
        let request = try ExportRequest(path: path, width: width, maximumSize: maximumSize, defaultBudget: defaultBudget, controls: controls)
        return try ExportPlan(request, source: try source(given))
    }

    /// Each device class at 1 pixel per point, whatever the format: a phone, a landscape phone, a
    /// home-button phone; a tablet at a phone's height.
    @Test(arguments: [
        ("iPhone 16 Pro", false, 402, 874), ("iPhone 16 Pro", true, 874, 402), ("iPhone SE (3rd generation)", false, 375, 667),
        ("iPad Pro 13-inch (M4)", false, 688, 917), ("iPhone 13 mini", false, 375, 812),
    ])
    func aDevicesRenderStartsAtOnePixelPerPoint(device: String, landscape: Bool, width: Int, height: Int) throws {
        let given: [(Setting, SettingValue)] = [(.device, .text(device)), (.landscape, .flag(landscape))]
        for format in ["gif", "mp4", "webp", "apng", "webm"] {
            let plan = try Self.plan("a.\(format)", given)
            // Video needs even sizes: 375×667 is made 376×668, keeping the aspect.
            if plan.format == .mp4 || plan.format == .webm {
                #expect(plan.start.width == (width + 1) / 2 * 2 && plan.start.height % 2 == 0
                        && abs(Double(plan.start.height) - Double(height * plan.start.width) / Double(width)) <= 1, "\(device) \(format): \(plan.start)")
            } else {
                #expect(plan.start.width == width && plan.start.height == height, "\(device) \(format): \(plan.start)")
            }
            // A tablet at 2/3 px per point, about as tall as a phone is shown, worded for an iPad.
            #expect(plan.sizeReason.contains(device.hasPrefix("iPad") ? "0.67 px per point, an iPad about as tall" : "1 px per point, the size a pull request shows a phone at"))
            // The render's 60 fps, a screen recording's: a GIF shows the nearest it can, 50.
            #expect(plan.fps == (format == "gif" ? 50 : 60), "\(format): \(plan.fps)")
        }
    }

    /// Asking for a size — a width, a scale, or a budget of one's own — starts from it (or the frames' size).
    @Test func whatIsAskedForWins() throws {
        let phone: [(Setting, SettingValue)] = [(.device, .text("iPhone 16 Pro"))]
        #expect(try Self.plan("a.gif", phone, width: 300).start.width == 300)
        let scaled = try Self.plan("a.gif", phone, controls: ExportControls(scale: 2))
        #expect(scaled.start.width == 804 && scaled.start.height == 1748 && scaled.sizeReason.contains("2 px per point"))
        // --max-size 5MB or none: the frames' own size, the budget (if any) narrowing it.
        #expect(try Self.plan("a.gif", phone, maximumSize: ByteCount(bytes: 5_000_000), defaultBudget: false).start.width == 1206)
        #expect(try Self.plan("a.gif", phone, defaultBudget: false).start.width == 1206)
        // A scale the frames do not hold is refused, and a width with a scale.
        #expect(throws: ScrollRenderError.beyondInput(.exportScale(4, framesHold: 3))) {
            try Self.plan("a.gif", phone, controls: ExportControls(scale: 4))
        }
        #expect(throws: ScrollRenderError.conflictingOptions(.bothGiven(.exportWidth, .exportScale))) {
            try Self.plan("a.gif", phone, width: 300, controls: ExportControls(scale: 1))
        }
        // A rate asked for, within what the frames hold: a GIF's nearest.
        #expect(try Self.plan("a.mp4", phone, controls: ExportControls(fps: 24)).fps == 24)
        #expect(try Self.plan("a.gif", phone, controls: ExportControls(fps: 24)).fps == 25)
        #expect(abs(try Self.plan("a.gif", phone, controls: ExportControls(fps: 30)).fps - 100 / 3) < 1e-9)
        #expect(try Self.plan("a.mp4", phone + [(.fps, .number(30))], controls: ExportControls(fps: 60)).fps == 30)
    }

    /// Without a device: the frames' size and the render's rate, as before (a GIF shows 50 of 60).
    @Test func aRenderWithoutADeviceKeepsItsFrames() throws {
        let mp4 = try Self.plan("a.mp4", [])
        #expect(mp4.start.width == 780 && mp4.start.height == 1688 && mp4.fps == 60 && mp4.sizeReason == "the frames' size")
        let gif = try Self.plan("a.gif", [])
        #expect(gif.start.width == 780 && gif.fps == 50 && gif.rateReason.contains("the nearest a GIF shows"))
    }

    /// GIF and WebP fit 10 MB unless told; APNG, MP4 and WebM have no budget (a note says when
    /// one is over GitHub's limit).
    @Test func theDefaultBudgets() throws {
        for (format, budgeted) in [("gif", true), ("webp", true), ("apng", false), ("mp4", false), ("webm", false)] {
            let request = try ExportRequest(path: "a.\(format)", defaultBudget: true)
            #expect((request.maximumSize == ExportRequest.defaultGIFBudget) == budgeted && request.budgetIsDefault == budgeted, "\(format)")
        }
        #expect(try ExportRequest(path: "a.gif").maximumSize == nil)
    }

    /// Slow motion plays the frames at a lower rate, each shown once; a trim keeps the frames in its span.
    @Test func speedAndTrimChooseTheFrames() throws {
        let phone: [(Setting, SettingValue)] = [(.device, .text("iPhone 16 Pro")), (.fps, .number(50))]
        let slow = try Self.plan("a.gif", phone, controls: ExportControls(speed: 0.5))
        #expect(slow.playbackFPS == 25 && slow.fps == 25 && slow.shown(at: slow.fps) == Array(0..<120))
        let trimmed = try Self.plan("a.gif", phone, controls: ExportControls(from: 0.5, to: 1.5))
        #expect(trimmed.selection == 25..<76 && trimmed.shown(at: 25) == Exporter.framesShown(25..<76, sourceFPS: 50, fps: 25))
        // A part past the frames' 2.38 s keeps none of them; one that ends before it starts is no part.
        #expect(throws: ScrollRenderError.beyondInput(.trim(from: 10, to: 11, frameTimes: 0...2.38))) {
            try Self.plan("a.gif", phone, controls: ExportControls(from: 10, to: 11))
        }
        #expect(throws: ScrollRenderError.invalidValue(InvalidOptionValue(.trim, given: "2–1 s", allowed: .ordered))) {
            try Self.plan("a.gif", phone, controls: ExportControls(from: 2, to: 1))
        }
    }

    /// An empty shard has nothing to export: the export fails saying so, before ffmpeg is looked for.
    @Test func anEmptyFolderHasNothingToExport() {
        let empty = Exporter.Source(folder: "/nonexistent", fps: 60, pixelWidth: 10, pixelHeight: 10, frames: 0..<0)
        #expect(throws: ScrollRenderError.exportFailed(.noFrames(folder: "/nonexistent"))) { try Exporter(source: empty) }
    }
}
