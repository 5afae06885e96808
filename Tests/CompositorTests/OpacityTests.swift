import Raster
import Testing

/// Whether a picture is opaque decides whether frames can share a content layer: one pixel short
/// of full alpha, anywhere, makes it not.
@Suite struct OpacityTests {
    @Test(arguments: [1, 3, 4, 5, 1023, 1024, 1025, 3001])
    func onePixelShortOfFullAlphaAnywhereIsSeen(pixelCount: Int) {
        var image = RGBAImage(width: pixelCount, height: 1)
        for x in 0..<pixelCount { image[x, 0] = RGBA(red: UInt8(x % 256), green: 0, blue: UInt8(x % 7), alpha: 255) }
        #expect(image.isOpaque)
        for x in Set([0, 1, 3, 4, pixelCount / 2, 1023, 1024, pixelCount - 2, pixelCount - 1]) where x >= 0 && x < pixelCount {
            var shy = image
            shy[x, 0].alpha = 254
            #expect(!shy.isOpaque, "pixel \(x) of \(pixelCount)")
        }
    }
}
