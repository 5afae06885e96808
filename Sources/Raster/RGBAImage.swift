/// A picture in memory: 8-bit red, green, blue and alpha, row after row, no padding.
///
/// Every decoder produces one and every encoder and the compositor consume one, so that no stage
/// needs to know another's pixel format. Alpha is straight (not premultiplied), as PNG stores it.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, row-major, top row first.
    public var pixels: [UInt8]

    public static let bytesPerPixel = 4

    /// Wraps existing pixels; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * Self.bytesPerPixel,
                     "RGBAImage: \(pixels.count) bytes do not make a \(width)×\(height) RGBA picture")
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }

    /// A picture filled with one colour.
    public init(width: Int, height: Int, fill: RGBA = .clear) {
        precondition(width >= 0 && height >= 0, "RGBAImage: negative size \(width)×\(height)")
        (self.width, self.height) = (width, height)
        var pixels = [UInt8](repeating: 0, count: width * height * Self.bytesPerPixel)
        if fill != .clear {
            for index in stride(from: 0, to: pixels.count, by: Self.bytesPerPixel) {
                pixels[index] = fill.red
                pixels[index + 1] = fill.green
                pixels[index + 2] = fill.blue
                pixels[index + 3] = fill.alpha
            }
        }
        self.pixels = pixels
    }

    /// A picture to be drawn over whole, whose pixels are left as memory comes: a frame drawn
    /// into it each time touches only the pages it writes (a frame whose rows an encoder takes
    /// from a content layer writes few of them).
    public init(canvasWidth width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "RGBAImage: negative size \(width)×\(height)")
        (self.width, self.height) = (width, height)
        pixels = [UInt8](unsafeUninitializedCapacity: width * height * Self.bytesPerPixel) { _, count in
            count = width * height * Self.bytesPerPixel
        }
    }

    public var bytesPerRow: Int { width * Self.bytesPerPixel }

    /// The colour at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let index = (y * width + x) * Self.bytesPerPixel
            return RGBA(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2], alpha: pixels[index + 3])
        }
        set {
            let index = (y * width + x) * Self.bytesPerPixel
            pixels[index] = newValue.red
            pixels[index + 1] = newValue.green
            pixels[index + 2] = newValue.blue
            pixels[index + 3] = newValue.alpha
        }
    }

    /// Whether every pixel is fully opaque, so that an encoder may drop the alpha channel.
    public var isOpaque: Bool {
        pixels.withUnsafeBytes { bytes in
            // Two pixels a word, four words a step: with the colour bytes set to all ones, the
            // AND of the words stays all ones only while every alpha is 255.
            let colours: UInt64 = 0x00FF_FFFF_00FF_FFFF
            var all = UInt64.max, index = 0
            while index &+ 32 <= bytes.count {
                for word in 0..<4 {
                    all &= UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index &+ word &* 8, as: UInt64.self)) | colours
                }
                index &+= 32
                if index & 4095 == 0, all != .max { return false }
            }
            while index < bytes.count {
                if index % 4 == 3, bytes[index] != 255 { return false }
                index &+= 1
            }
            return all == .max
        }
    }
}

/// One 8-bit straight-alpha colour.
public struct RGBA: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = RGBA(red: 0, green: 0, blue: 0)
    public static let white = RGBA(red: 255, green: 255, blue: 255)
}
