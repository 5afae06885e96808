import Foundation
import Geometry
import ImageCodecs
import Raster
@testable import ScrollRenderKit
import ScrollPhysics
import Testing
import _ScrollRenderTestSupport

/// `--export-fps`, `--colors`, `--loop`, `--speed`, `--from`/`--to`: each read back from the file
/// it made — frame delays, the palette's size, the loop count an APNG, WebP or GIF stores, which
/// frames it shows.
@Suite struct ExportControlsTests {
    /// 120×180 frames of a fling at 25 fps (a rate a GIF shows exactly), no device: the frames' own
    /// size; at `scale` 1, 60×90, and a slower `fling`, fewer frames.
    static func sequence(scale: Double = 2, fling: Double = 300) throws -> (folder: URL, manifest: Manifest) {
        let folder = try TestFiles.temporaryFolder()
        let image = try ExportSupport.detailed(160, 600, in: folder)
        let settings = try ExportSupport.settings([(.size, .size(Size(width: 60, height: 90))), (.scale, .number(scale)), (.fps, .number(25)),
                                                   (.hold, .number(0))], steps: [.afterRest(.fling(velocity: Point(x: 0, y: fling)))])
        return (folder, try ExportSupport.render(settings, image: image, in: folder))
    }

    static func gif(_ folder: URL, _ name: String, _ controls: ExportControls) throws -> (GIFBlocks, Exporter.Result) {
        let path = folder.appendingPathComponent(name).path
        let results = try ExportSupport.export([try ExportRequest(path: path, controls: controls)], from: folder)
        return (try GIFBlocks(path: path), results[0])
    }

    @Test func aRateAndSlowMotionSetTheDelays() throws {
        let (folder, manifest) = try Self.sequence()
        defer { try? FileManager.default.removeItem(at: folder) }
        let n = manifest.frameCount
        let plain = try Self.gif(folder, "plain.gif", ExportControls()).0
        // 25 fps: 4 hundredths a frame (identical frames merged into one longer one).
        #expect(plain.delays.reduce(0, +) == n * 4 && plain.delays.allSatisfy { $0 % 4 == 0 }, "\(plain.delays)")
        // 12.5 fps: every other frame, 8 hundredths each, the same length of time.
        let (half, result) = try Self.gif(folder, "half.gif", ExportControls(fps: 12.5))
        let shown = Exporter.frameCount(n, sourceFPS: 25, fps: 12.5)
        #expect(half.delays.reduce(0, +) == shown * 8 && half.delays.allSatisfy { $0 % 8 == 0 } && half.delays.count <= shown, "\(half.delays)")
        #expect(result.record.fps == 12.5 && result.note.contains("12.5 fps (as the export's frame rate (ExportControls.fps) asks)"), "\(result.note)")
        // Half speed: every frame, each shown twice as long — the motion lasts twice the time.
        let (slow, slowResult) = try Self.gif(folder, "slow.gif", ExportControls(speed: 0.5))
        #expect(slow.delays.reduce(0, +) == n * 8 && slow.delays.allSatisfy { $0 % 8 == 0 }, "\(slow.delays)")
        #expect(slowResult.note.contains("played at 0.5× speed"), "\(slowResult.note)")
    }

    @Test func colorsSetThePalette() throws {
        let (folder, _) = try Self.sequence()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (info, result) = try Self.gif(folder, "c.gif", ExportControls(colors: 16))
        // 16 colours and the transparent index: a table of 32.
        #expect(info.tableEntries == 32, "\(info.tableEntries)")
        let frames = try FFmpegFrames.decode(folder.appendingPathComponent("c.gif").path, width: 120, height: 180)
        let colors = Set(frames.flatMap { frame in stride(from: 0, to: frame.pixels.count, by: 4).map { Array(frame.pixels[$0..<($0 + 3)]) } })
        #expect(!frames.isEmpty && colors.count <= 16, "\(colors.count) colours")
        #expect(result.note.contains("16 colours (as the GIF's colours (ExportControls.colors) asks)"), "\(result.note)")
        // The default: as many as a GIF holds.
        #expect(try Self.gif(folder, "d.gif", ExportControls()).0.tableEntries == 256)
    }

    /// Each format keeps the loop count in its header: the first 0.4 s of the motion shows it.
    @Test func theLoopCountIsStoredInEachFormat() throws {
        // The count is a field of the file, whatever its frames: 18 of 60×90.
        let (folder, _) = try Self.sequence(scale: 1, fling: 100)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.gif(folder, "forever.gif", ExportControls(to: 0.4)).0.loopCount == 0)
        #expect(try Self.gif(folder, "three.gif", ExportControls(loop: .repeats(3), to: 0.4)).0.loopCount == 3)
        #expect(try Self.gif(folder, "once.gif", ExportControls(loop: .once, to: 0.4)).0.loopCount == nil)
        // APNG's acTL and WebP's ANIM count the plays: three repeats are four plays; 0 is for ever.
        let paths = ["apng", "webp"].flatMap { format in ["forever", "three", "once"].map { folder.appendingPathComponent("\($0).\(format)").path } }
        for path in paths {
            let loop: ExportLoop = path.contains("three") ? .repeats(3) : path.contains("once") ? .once : .forever
            _ = try ExportSupport.export([try ExportRequest(path: path, controls: ExportControls(loop: loop, to: 0.4))], from: folder)
        }
        let plays = try paths.map { path in
            path.hasSuffix(".apng") ? try ExportSupport.chunkField(path, chunk: "acTL", offset: 4, count: 4, bigEndian: true)
                : try ExportSupport.chunkField(path, chunk: "ANIM", offset: 8, count: 2)
        }
        #expect(plays == [0, 4, 1, 0, 4, 1], "\(plays)")
    }

    /// A control out of its range is refused with the option, the value given and the range it takes.
    @Test func aControlOutOfItsRangeNamesItself() {
        let cases: [(ExportControls, RunOption, String, ClosedRange<Double>)] = [
            (ExportControls(scale: 20), .exportScale, "20", ExportControls.scaleRange),
            (ExportControls(fps: 0.5), .exportFPS, "0.5", ExportControls.fpsRange),
            (ExportControls(colors: 300), .colors, "300", 2...255),
            (ExportControls(loop: .repeats(70_000)), .loop, "70000", 1...65535),
            (ExportControls(speed: .nan), .speed, "nan", ExportControls.speedRange),
            (ExportControls(from: -1), .trim, "-1", ExportControls.trimRange),
        ]
        for (controls, option, given, range) in cases {
            #expect(throws: ScrollRenderError.invalidValue(InvalidOptionValue(option, given: given, allowed: .range(range)))) {
                try ExportRequest(path: "a.gif", controls: controls)
            }
        }
        #expect(throws: ScrollRenderError.invalidValue(InvalidOptionValue(.exportWidth, given: "9000", allowed: .range(16...8192)))) {
            try ExportRequest(path: "a.gif", width: 9000)
        }
        #expect(throws: ScrollRenderError.invalidValue(InvalidOptionValue(.maximumSize, given: "10XB", allowed: .range(1e3...1e12)))) {
            try ByteCount("10XB")
        }
        #expect(throws: ScrollRenderError.unknownExportFormat(path: "a.avi")) { try ExportRequest(path: "a.avi") }
    }

    /// A trim keeps the frames from `from` to `to`: their count, and the first is the frame at `from`.
    @Test func aTrimShowsItsSpan() throws {
        let (folder, manifest) = try Self.sequence()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(manifest.frameCount > 16)
        let (info, result) = try Self.gif(folder, "t.gif", ExportControls(from: 0.2, to: 0.6))
        // Frames 5 to 15 at 25 fps: 11 frames of 4 hundredths.
        #expect(info.delays.reduce(0, +) == 11 * 4, "\(info.delays)")
        #expect(result.note.contains("0.2–0.6 s of the sequence"), "\(result.note)")
        let first = try #require(try FFmpegFrames.decode(folder.appendingPathComponent("t.gif").path, width: 120, height: 180).first)
        let frames = folder.appendingPathComponent("frames")
        func distance(_ index: Int) throws -> Int {
            let source = try ImageDecoder().decode([UInt8](Data(contentsOf: frames.appendingPathComponent(FrameNaming.name(index))))).image
            return zip(first.pixels, source.pixels).enumerated().reduce(0) { $0 + ($1.offset % 4 == 3 ? 0 : abs(Int($1.element.0) - Int($1.element.1))) }
        }
        #expect(try distance(5) < distance(4) && distance(5) < distance(6))
    }
}
