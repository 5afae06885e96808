import Foundation
import GIFEncoding
import Raster
import Testing
import _ScrollRenderTestSupport

/// Our GIF encoder, read back by ffmpeg (a decoder we did not write): every frame's pixels close
/// to the source's, identical frames merged into a longer one, only changed rectangles coded.
@Suite struct GIFEncodingTests {
    /// A scrolling gradient with text-like stripes: frames of `width`×`height`, shifted by `step` rows.
    static func frames(count: Int, width: Int = 64, height: Int = 48, step: Int = 2) -> [RGBAImage] {
        (0..<count).map { frame in
            var image = RGBAImage(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let v = y + min(frame, count - 3) * step   // the last three frames are still
                    let stripe = (v / 5) % 2 == 0
                    image[x, y] = RGBA(red: UInt8((x * 4) % 256), green: UInt8((v * 3) % 256), blue: stripe ? 200 : 40)
                }
            }
            return image
        }
    }

    /// `gif`'s frames as ffmpeg decodes them, every one as stored.
    static func decode(_ gif: [UInt8], width: Int, height: Int) throws -> [RGBAImage] {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.gif").path
        try Data(gif).write(to: URL(fileURLWithPath: path))
        return try FFmpegFrames.decode(path, width: width, height: height)
    }

    @Test func framesReadBackCloseToTheSource() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            Issue.record("ffmpeg is not installed (Scripts/test.sh installs it)")
            return
        }
        let frames = Self.frames(count: 12)
        let palette = GIFPalette(sampling: frames, maximumColors: 255)
        var encoder = GIFEncoder(width: 64, height: 48, palette: palette)
        var gif = encoder.header()
        let first = encoder.add(Array(frames[..<5]), delays: Array(repeating: 4, count: 5))
        let second = encoder.add(Array(frames[5...]), delays: Array(repeating: 4, count: 7))
        gif += try #require(first) + (try #require(second))
        gif += encoder.finish()
        // Frames 9…11 equal frame 9: one frame, three times as long.
        #expect(encoder.frameCount == 10)
        let decoded = try Self.decode(gif, width: 64, height: 48)
        #expect(decoded.count == 10, "\(decoded.count) frames read back")
        for (index, frame) in decoded.enumerated() {
            let source = frames[index].pixels
            var error = 0
            for pixel in 0..<(64 * 48) { for channel in 0..<3 { error += abs(Int(frame.pixels[pixel * 4 + channel]) - Int(source[pixel * 4 + channel])) } }
            let mean = Double(error) / Double(64 * 48 * 3)
            #expect(mean < 6, "frame \(index): mean error \(mean)")
        }
        // The second frame codes only the rows that moved, not the whole screen.
        #expect(gif.count < 12 * 64 * 48)
    }

    /// A frame of 200 colours in random order codes about a symbol a code: its codes fill LZW's
    /// table of 4,096 many times over, each time cleared and begun again as decoders expect.
    @Test func aFrameThatFillsTheCodeTableManyTimesReadsBackExactly() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            Issue.record("ffmpeg is not installed (Scripts/test.sh installs it)")
            return
        }
        let colors = (0..<200).map { (index: Int) -> RGBA in
            RGBA(red: UInt8(index), green: UInt8(255 - index), blue: UInt8(index * 37 % 256))
        }
        var state: UInt64 = 7
        var frame = RGBAImage(width: 240, height: 160)
        for y in 0..<160 {
            for x in 0..<240 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                frame[x, y] = colors[Int(state >> 33) % colors.count]
            }
        }
        var encoder = GIFEncoder(width: 240, height: 160, palette: GIFPalette(sampling: [frame], maximumColors: 255))
        let coded = encoder.add([frame], delays: [4])
        let gif = encoder.header() + (try #require(coded)) + encoder.finish()
        #expect(gif.count > 240 * 160 * 3 / 4, "most symbols cost a code of 12 bits: \(gif.count) bytes")
        #expect(try Self.decode(gif, width: 240, height: 160) == [frame])
    }

    @Test func aPaletteHasAtMostItsColoursAndAnIndexForTransparency() {
        let frames = Self.frames(count: 4)
        for colors in [255, 128, 64, 32, 2] {
            let palette = GIFPalette(sampling: frames, maximumColors: colors)
            #expect(palette.colors.count <= colors && palette.colors.count > 1 && Int(palette.transparentIndex) == palette.colors.count)
        }
    }

    /// A whole-number shrink (3× frames to 1 px per point) is each block's mean, rounded, for every
    /// channel; a last block the frame does not fill repeats its edge (an iPad's 1640 columns by
    /// 3), and rows short of a block are left out when the size rounds down (2420 rows by 3).
    @Test(arguments: [(12, 9, 4, 3), (1640, 9, 547, 3), (300, 301, 100, 100), (16, 16, 8, 8), (64, 40, 16, 10)])
    func aWholeNumberShrinkIsEachBlocksMean(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        var state: UInt32 = 11
        let image = RGBAImage(width: sourceWidth, height: sourceHeight, pixels: (0..<(sourceWidth * sourceHeight * 4)).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        })
        let scaled = FrameScaler(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height).scale(image)
        let factor = (sourceWidth + width - 1) / width
        let reciprocal = Int((65536 / Double(factor * factor)).rounded())
        var wrong: [String] = []
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<4 {
                    var sum = 0
                    for dy in 0..<factor {
                        for dx in 0..<factor {
                            let (column, row) = (min(x * factor + dx, sourceWidth - 1), min(y * factor + dy, sourceHeight - 1))
                            sum += Int(image.pixels[(row * sourceWidth + column) * 4 + channel])
                        }
                    }
                    if Int(scaled.pixels[(y * width + x) * 4 + channel]) != (sum * reciprocal + 0x8000) >> 16 { wrong.append("(\(x), \(y)) \(channel)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// Frames of a scroll show the same content rows at different offsets: a block of rows shrunk
    /// once from the content serves every frame whose block it is, but for the columns something
    /// drawn over one frame alone changes (an indicator), which that frame makes again; the result
    /// is the frame shrunk on its own, byte for byte, including the last column of blocks, which
    /// repeats the frame's edge (770 columns to 257).
    @Test func rowsSharedByFramesShrinkAsEachFrameDoes() throws {
        var state: UInt32 = 7
        let content = (0..<(770 * 300 * 4)).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let scaler = FrameScaler(sourceWidth: 770, sourceHeight: 90, width: 257, height: 30)
        #expect(scaler.blockSize == 3)
        let offsets = [0, 1, 2, 7, 100]
        // Each frame's blocks of three rows start at its offset, +3, +6…
        let keys = Set(offsets.flatMap { offset in (0..<30).map { offset + 3 * $0 } })
        let contentRow: @Sendable (Int) -> UnsafePointer<UInt8> = { row in content.withUnsafeBufferPointer { $0.baseAddress! + row * 3080 } }
        let shared = try #require(SharedShrunkRows(scaler: scaler, identity: [1], keys: keys, reusing: nil, contentRow: contentRow))
        for offset in offsets {
            var frame = RGBAImage(width: 770, height: 90, pixels: Array(content[(offset * 3080)..<((offset + 90) * 3080)]))
            // An indicator over rows 10..<41, columns 760..<770 of this frame alone.
            for y in 10..<41 { for x in 760..<770 { frame[x, y] = RGBA(red: 90, green: 90, blue: 90) } }
            let made = frame.pixels.withUnsafeBufferPointer { pixels in
                scaler.scale(rows: { pixels.baseAddress! + $0 * 3080 }) { y in
                    shared.row(startingAt: offset + 3 * y).map {
                        FrameScaler.KnownRow(pixels: $0, redo: (3 * y + 3 > 10 && 3 * y < 41) ? 253..<257 : 0..<0)
                    }
                }
            }
            #expect(made == scaler.scale(frame), "offset \(offset)")
            // Without the indicator's columns made again, the frame would show the content's.
            let stale = frame.pixels.withUnsafeBufferPointer { pixels in
                scaler.scale(rows: { pixels.baseAddress! + $0 * 3080 }) { y in shared.row(startingAt: offset + 3 * y).map { .init(pixels: $0, redo: 0..<0) } }
            }
            #expect(stale != made)
        }
        // Rows are taken over from a batch with the same identity, made again for another.
        let other = [UInt8](repeating: 0, count: content.count)
        let zeros = try #require(SharedShrunkRows(scaler: scaler, identity: [1], keys: [0], reusing: nil) { row in
            other.withUnsafeBufferPointer { $0.baseAddress! + row * 3080 }
        })
        let kept = try #require(SharedShrunkRows(scaler: scaler, identity: [1], keys: [0, 3], reusing: zeros, contentRow: contentRow))
        let fresh = try #require(SharedShrunkRows(scaler: scaler, identity: [2], keys: [0, 3], reusing: zeros, contentRow: contentRow))
        let row = { (rows: SharedShrunkRows, key: Int) in Array(UnsafeBufferPointer(start: rows.row(startingAt: key), count: 257 * 4)) }
        #expect(row(kept, 0) == [UInt8](repeating: 0, count: 257 * 4) && row(kept, 3) == row(shared, 3))
        #expect(row(fresh, 0) == row(shared, 0) && row(fresh, 0) != row(kept, 0))
        // A shrink by weights has no rows to share.
        #expect(SharedShrunkRows(scaler: FrameScaler(sourceWidth: 50, sourceHeight: 90, width: 17, height: 30), identity: [], keys: [0],
                                 reusing: nil, contentRow: contentRow) == nil)
    }

    @Test func scalingByAreaAveragesWhatEachPixelCovers() {
        var image = RGBAImage(width: 4, height: 2)
        for x in 0..<4 { for y in 0..<2 { image[x, y] = x < 2 ? RGBA(red: 0, green: 0, blue: 0) : RGBA(red: 200, green: 100, blue: 50) } }
        let half = FrameScaler(sourceWidth: 4, sourceHeight: 2, width: 2, height: 1).scale(image)
        #expect(half[0, 0] == RGBA(red: 0, green: 0, blue: 0) && half[1, 0] == RGBA(red: 200, green: 100, blue: 50))
        let third = FrameScaler(sourceWidth: 4, sourceHeight: 2, width: 3, height: 2).scale(image)
        // The middle output pixel covers half of source column 1 and half of column 2 (each 4/3 wide).
        #expect(third[1, 0] == RGBA(red: 100, green: 50, blue: 25))
    }
}
