@testable import Compositor
import Testing

/// A picture drawn at its own size at a whole-pixel offset is copied (``AxisFilter/copies``): the
/// same bytes as the filters' arithmetic gives, over a background, for opaque pictures, straight
/// alpha (premultiplied as it is read) and premultiplied ones, widths that are and are not a
/// multiple of four, and a window into a larger picture.
@Suite struct ResamplerCopyTests {
    /// Noise; unless `opaque`, runs of opaque pixels broken by clear, half-clear and nearly opaque ones.
    static func pixels(_ width: Int, _ height: Int, opaque: Bool) -> [UInt8] {
        var pixels = noiseImage(width: width, height: height, seed: 7).pixels
        guard !opaque else { return pixels }
        let alphas: [UInt8] = [255, 255, 255, 0, 128, 254, 1]
        for pixel in 0..<(width * height) { pixels[pixel * 4 + 3] = alphas[pixel / 3 % alphas.count] }
        return pixels
    }

    @Test(arguments: [(13, 9, true, true), (16, 5, true, true), (13, 9, false, false), (12, 7, false, true), (3, 2, false, false)])
    func aCopyIsTheFiltersArithmetic(width: Int, height: Int, opaque: Bool, premultiplied: Bool) throws {
        var source = Self.pixels(width + 5, height + 4, opaque: opaque)
        if premultiplied && !opaque {
            for pixel in stride(from: 0, to: source.count, by: 4) {
                for channel in 0..<3 { source[pixel + channel] = UInt8(Blending.multiply(Int(source[pixel + channel]), Int(source[pixel + 3]))) }
            }
        }
        let level = MipmapLevel(width: width + 5, height: height + 4, extentWidth: Double(width + 5), extentHeight: Double(height + 4),
                                pixels: source, isPremultiplied: premultiplied)
        // The picture's columns 3… and rows 2… at output (1, 1) of a frame two pixels larger.
        let columns = try #require(AxisFilter(destinationOrigin: -2, scale: 1, extent: Double(width + 5), pixelCount: width + 5,
                                              visible: (1, Double(width + 1))))
        let rows = try #require(AxisFilter(destinationOrigin: -1, scale: 1, extent: Double(height + 4), pixelCount: height + 4,
                                           visible: (1, Double(height + 1))))
        #expect(columns.copies && rows.copies)
        var (generalColumns, generalRows) = (columns, rows)
        (generalColumns.copies, generalRows.copies) = (false, false)
        let background = Self.pixels(width + 2, height + 2, opaque: true)
        var copied = background, filtered = background
        copied.withUnsafeMutableBufferPointer {
            Resampler.draw(level, columns: columns, rows: rows, into: $0.baseAddress!, destinationWidth: width + 2)
        }
        filtered.withUnsafeMutableBufferPointer {
            Resampler.draw(level, columns: generalColumns, rows: generalRows, into: $0.baseAddress!, destinationWidth: width + 2)
        }
        #expect(copied == filtered)
        #expect(copied != background)
        // Where the picture is opaque, the frame holds its bytes.
        if opaque { #expect(Array(copied[((1 * (width + 2)) + 1) * 4..<((1 * (width + 2)) + 1) * 4 + 4]) == Array(source[((2 * (width + 5)) + 3) * 4..<((2 * (width + 5)) + 3) * 4 + 4])) }
    }

    @Test func aFractionalOffsetOrAnotherSizeIsNoCopy() throws {
        let fractional = try #require(AxisFilter(destinationOrigin: 0.5, scale: 1, extent: 10, pixelCount: 10, visible: (0.5, 10.5)))
        let shrunk = try #require(AxisFilter(destinationOrigin: 0, scale: 2, extent: 10, pixelCount: 10, visible: (0, 5)))
        let whole = try #require(AxisFilter(destinationOrigin: 3, scale: 1, extent: 10, pixelCount: 10, visible: (3, 13)))
        #expect(!fractional.copies && !shrunk.copies && whole.copies)
    }
}
