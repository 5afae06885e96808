#if canImport(Glibc)
import Glibc
#endif
import Raster

/// A title line above the device, as frameit and vhs put one: the text centred in a band of the
/// backdrop's colour, in DejaVu Sans Bold through FreeType, black or white as suits the band.
/// Rasterized once for a picture width; a frame then costs a fill and the glyphs' blend.
public struct TitleArtwork: Sendable {
    /// Debian's fonts-dejavu-core installs it here (Scripts/install-dependencies.sh installs it).
    public static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    public static let fontPackage = "fonts-dejavu-core"

    /// Why the text could not be drawn.
    public enum Failure: Error, Sendable, Equatable {
        case fontMissing(path: String)
        /// FreeType's error code (-1: out of memory).
        case freeType(code: Int32)
    }

    /// The band's height in pixels, above the device.
    public let bandHeight: Int
    public let width: Int
    let glyphs: CoverageMask

    /// The band's height for a picture `width` pixels wide: a tenth of it, at least 24 pixels.
    public static func bandHeight(forWidth width: Int) -> Int { max(24, width / 10) }

    /// `text` set for a picture `width` pixels wide, shrunk to fit the width when it is long.
    public init(text: String, width: Int) throws(Failure) {
        guard access(Self.fontPath, R_OK) == 0 else { throw .fontMissing(path: Self.fontPath) }
        let band = Self.bandHeight(forWidth: width)
        var line = try TextLine.render(text, pixelSize: max(8, band * 9 / 20))
        if line.width > width - band / 2, line.width > 0 {
            line = try TextLine.render(text, pixelSize: max(6, band * 9 / 20 * (width - band / 2) / line.width))
        }
        glyphs = line.mask(x: (width - line.width) / 2, y: (band - line.height) / 2)
        (bandHeight, self.width) = (band, width)
    }

    /// `picture` (the device, as wide as the title was set for) under the band: `ground`, then the text.
    public func framing(_ picture: RGBAImage, on ground: RGBA) -> RGBAImage {
        precondition(picture.width == width, "TitleArtwork: set for \(width) pixels, given \(picture.width)")
        var output = RGBAImage(canvasWidth: width, height: bandHeight + picture.height)
        output.pixels.withUnsafeMutableBufferPointer { pixels in
            draw(on: ground, into: ChromeTarget(base: pixels.baseAddress!, stride: width, originX: 0, originY: 0, width: width, height: bandHeight))
            picture.pixels.withUnsafeBufferPointer { source in
                (pixels.baseAddress! + bandHeight * width * 4).update(from: source.baseAddress!, count: picture.pixels.count)
            }
        }
        return output
    }

    /// The band over all of `target`: `ground`, then the text.
    func draw(on ground: RGBA, into target: ChromeTarget) {
        for row in 0..<min(bandHeight, target.height) {
            Blending.fillStraight(target.row(row), count: target.width, with: ground)
        }
        glyphs.draw(Self.ink(on: ground), into: target)
    }

    /// Black on a light band, white on a dark one (as the status bar's glyphs are chosen).
    static func ink(on ground: RGBA) -> RGBA {
        let luminance = (0.2126 * Double(ground.red) + 0.7152 * Double(ground.green) + 0.0722 * Double(ground.blue)) / 255
        return luminance > 0.5 ? .black : .white
    }

}
