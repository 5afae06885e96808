import Raster

/// Writes an animated PNG a frame at a time with scrollrender's fast PNG encoder: the signature,
/// IHDR and acTL (``header()``), each frame's fcTL and image data (``frame(_:number:)``, IDAT for
/// the first, the picture a viewer without APNG shows, fdAT after), IEND (``trailer``).
///
/// Every frame is whole (dispose none, blend source): a scrolled frame differs from the last
/// almost everywhere, so the sub-rectangles ffmpeg's encoder searches for save little, and
/// without them frames code independently, on all cores, about 40 times faster. Lossless; the
/// same frames and settings always give the same bytes.
public struct APNGEncoder: Sendable {
    public let width: Int
    public let height: Int
    /// The frames the file holds, stored in acTL before the first.
    public let frameCount: Int
    /// How often it plays: 0 for ever.
    public let plays: Int
    /// Each frame's time on screen, seconds as a fraction of two 16-bit numbers.
    let delay: (numerator: UInt16, denominator: UInt16)
    private let png: FastPNGEncoder

    /// An encoder of `frameCount` frames of `width × height` shown at `fps`, RGBA when
    /// `keepsAlpha` (else the alpha channel is dropped).
    public init(width: Int, height: Int, frameCount: Int, fps: Double, plays: Int = 0, keepsAlpha: Bool = true) throws(ImageCodecError) {
        guard width > 0, height > 0, width <= PNGEncoder.maximumDimension, height <= PNGEncoder.maximumDimension else {
            throw .encodingFailed("an APNG of \(width)×\(height) pixels cannot be written")
        }
        guard frameCount > 0, frameCount <= Int(UInt32.max) / 2, (0...Int(UInt32.max)).contains(plays), fps.isFinite, fps > 0 else {
            throw .encodingFailed("an APNG of \(frameCount) frames at \(fps) fps playing \(plays) times cannot be written")
        }
        (self.width, self.height, self.frameCount, self.plays) = (width, height, frameCount, plays)
        delay = Self.delay(fps: fps)
        // Paeth predicts a scrolled picture best; it is undone once, by the viewer.
        png = FastPNGEncoder(filter: .paeth, keepsAlpha: keepsAlpha)
    }

    /// The file's start: signature, IHDR and acTL (the frame count and plays).
    public func header() -> [UInt8] {
        FastPNGEncoder.signature + FastPNGEncoder.chunk("IHDR", png.header(width: width, height: height))
            + FastPNGEncoder.chunk("acTL", FastPNGEncoder.bigEndian(UInt32(frameCount)) + FastPNGEncoder.bigEndian(UInt32(plays)))
    }

    /// Frame `number` (from 0): its fcTL and its pixels. Frames may be coded on several threads at
    /// once and must be written in order.
    public func frame(_ image: RGBAImage, number: Int) throws(ImageCodecError) -> [UInt8] {
        guard image.width == width, image.height == height, (0..<frameCount).contains(number) else {
            throw .encodingFailed("frame \(number) of \(image.width)×\(image.height) does not fit an APNG of \(frameCount) frames of \(width)×\(height)")
        }
        // One sequence numbers fcTL and fdAT alike: frame 0's fcTL is 0 (its IDAT has none), then two a frame.
        let control = number == 0 ? 0 : UInt32(2 * number - 1)
        let data = number == 0 ? nil : control + 1
        return FastPNGEncoder.chunk("fcTL", frameControl(sequence: control)) + png.encode(image, framing: .animationFrame(sequence: data))
    }

    /// The file's end.
    public func trailer() -> [UInt8] { FastPNGEncoder.chunk("IEND", []) }

    /// fcTL's data: sequence, size, offset 0,0, the delay, dispose none, blend source.
    private func frameControl(sequence: UInt32) -> [UInt8] {
        let big = FastPNGEncoder.bigEndian
        return big(sequence) + big(UInt32(width)) + big(UInt32(height)) + big(0) + big(0)
            + [UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF), UInt8(delay.denominator >> 8), UInt8(delay.denominator & 0xFF), 0, 0]
    }

    /// 1/`fps` as the nearest fraction of 16-bit numbers (a continued fraction): exact for every
    /// whole rate, 1001/30000 for NTSC's 29.97.
    static func delay(fps: Double) -> (numerator: UInt16, denominator: UInt16) {
        let target = 1 / fps
        var (previous, current) = ((numerator: 0.0, denominator: 1.0), (numerator: 1.0, denominator: 0.0))
        var rest = target
        for _ in 0..<32 {
            let whole = rest.rounded(.down)
            let next = (numerator: whole * current.numerator + previous.numerator, denominator: whole * current.denominator + previous.denominator)
            guard next.numerator <= 65535, next.denominator <= 65535 else { break }
            (previous, current) = (current, next)
            let fraction = rest - whole
            guard fraction > 1e-12 else { break }
            rest = 1 / fraction
        }
        guard current.denominator > 0, current.numerator > 0 else {
            // Slower than one frame in 65535 s or faster than 65535 fps: the nearest that can be said.
            return target > 1 ? (65535, 1) : (1, 65535)
        }
        return (UInt16(current.numerator), UInt16(current.denominator))
    }
}
