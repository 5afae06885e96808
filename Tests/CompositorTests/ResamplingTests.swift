import Compositor
import Raster
import Geometry
import Testing
import _ScrollRenderTestSupport

@Suite struct Resampling {
    @Test func identityAtIntegerOffsetReproducesTheSourceCropExactly() {
        // Given a detailed picture shown 1 source pixel per output pixel
        let source = noiseImage(width: 41, height: 33)
        let sut = compositor(content: source, viewWidth: 20, viewHeight: 12)
        // When the content is scrolled by whole points
        let output = sut.render(.init(contentOffset: Point(x: 7, y: 5)))
        // Then every pixel is the source pixel, byte for byte
        let expected = makeImage(width: 20, height: 12) { x, y in source[x + 7, y + 5] }
        #expect(output == expected)
    }

    @Test func identityAtDisplayScaleTwoWithAnAt2xPicture() {
        // A @2x picture (0.5 pt per pixel) on a scale-2 display maps pixels 1:1.
        let source = noiseImage(width: 50, height: 40, seed: 7)
        let sut = compositor(content: source, viewWidth: 10, viewHeight: 8, scale: 2, pointsPerPixel: 0.5)
        #expect(sut.pixelWidth == 20 && sut.pixelHeight == 16)
        // 3.5 pt is 7 device pixels: still an integer pixel shift.
        let output = sut.render(.init(contentOffset: Point(x: 3.5, y: 6)))
        let expected = makeImage(width: 20, height: 16) { x, y in source[x + 7, y + 12] }
        #expect(output == expected)
    }

    @Test func halfPixelOffsetAveragesNeighbours() {
        let source = noiseImage(width: 30, height: 20, seed: 3)
        let sut = compositor(content: source, viewWidth: 12, viewHeight: 8)
        let output = sut.render(.init(contentOffset: Point(x: 4.5, y: 2)))
        for y in 0..<8 {
            for x in 0..<12 {
                for channel in 0..<3 {
                    // Exact mean of the two neighbours, rounded to nearest (ties to even): within ½.
                    let expected = blockMean(source, x: x + 4, y: y + 2, width: 2, height: 1, channel: channel)
                    let value = Double(output.pixels[(y * 12 + x) * 4 + channel])
                    #expect(abs(value - expected) <= 0.5, "pixel \(x),\(y)")
                    if expected == expected.rounded(.down) { #expect(value == expected) }
                }
            }
        }
        // Both axes at once: the mean of 2×2 neighbours.
        let both = sut.render(.init(contentOffset: Point(x: 4.5, y: 2.5)))
        for y in 0..<8 {
            for x in 0..<12 {
                let expected = blockMean(source, x: x + 4, y: y + 2, width: 2, height: 2, channel: 1)
                #expect(abs(Double(both[x, y].green) - expected) <= 0.5, "pixel \(x),\(y)")
            }
        }
    }

    @Test func fractionalOffsetGlidesWithoutSnapping() {
        // A hard black/white step: at offset 0.25 the boundary pixel is 75 % / 25 % mixed.
        let source = makeImage(width: 20, height: 4) { x, _ in x < 10 ? .black : .white }
        let sut = compositor(content: source, viewWidth: 16, viewHeight: 2)
        let values = stride(from: 0.0, through: 1.0, by: 0.125).map { offset in
            Int(sut.render(.init(contentOffset: Point(x: offset, y: 0)))[9, 0].red)
        }
        // Output pixel 9 samples source 9.5 + offset: black until the step, then the mix rises steadily.
        #expect(values == [0, 32, 64, 96, 128, 159, 191, 223, 255])
    }

    @Test func magnificationIsBilinearWithPixelCentresAtHalf() {
        // A horizontal ramp 0, 40, 80, … shown at zoom 2.
        let source = makeImage(width: 6, height: 3) { x, _ in grey(UInt8(40 * x)) }
        let sut = compositor(content: source, viewWidth: 12, viewHeight: 6)
        let output = sut.render(.init(zoomScale: 2))
        // Output pixel i samples source (i + 0.5) / 2: 0.25, 0.75, 1.25, … → clamp, 10, 30, 50, 70, …
        let row = (0..<12).map { Int(output[$0, 2].red) }
        #expect(row == [0, 10, 30, 50, 70, 90, 110, 130, 150, 170, 190, 200])
        // Display scale 3 at zoom 1 is 3× magnification too: pixel 4 samples 4.5 / 3 = 1.5 → exactly 40.
        let scaled = compositor(content: source, viewWidth: 4, viewHeight: 1, scale: 3)
        let image = scaled.render(.init())
        #expect(image.width == 12 && image.height == 3)
        #expect(image[4, 1].red == 40)
        #expect(image[5, 1].red == 53)  // 5.5/3 = 1.8333 → 40 + 0.3333 × 40
    }

    @Test(arguments: [(0.5, 2), (0.25, 4), (0.125, 8), (1.0 / 16, 16)])
    func minifiedCheckerboardIsFlatGrey(zoom: Double, factor: Int) {
        // One-pixel checkerboard: any aliasing shows as stripes or moiré.
        let source = makeImage(width: 128, height: 128) { x, y in (x + y) % 2 == 0 ? .black : .white }
        let sut = compositor(content: source, viewWidth: Double(128 / factor), viewHeight: Double(128 / factor))
        let output = sut.render(.init(zoomScale: zoom))
        for y in 0..<output.height {
            for x in 0..<output.width {
                #expect(abs(Int(output[x, y].red) - 128) <= 1, "pixel \(x),\(y) at zoom \(zoom)")
            }
        }
    }

    @Test(arguments: [2, 3, 4, 8])
    func minificationEqualsAreaAverages(factor: Int) {
        let source = noiseImage(width: 96, height: 72, seed: 11)
        let sut = compositor(content: source, viewWidth: Double(96 / factor), viewHeight: Double(72 / factor))
        let output = sut.render(.init(zoomScale: 1 / Double(factor)))
        for y in 0..<output.height {
            for x in 0..<output.width {
                for channel in 0..<3 {
                    let mean = blockMean(source, x: x * factor, y: y * factor, width: factor, height: factor, channel: channel)
                    let value = Double(output.pixels[(y * output.width + x) * 4 + channel])
                    // Level 0 is exact to rounding; mipmap levels add at most one rounding step each.
                    #expect(abs(value - mean) <= (factor >= 4 ? 1.5 : 0.5), "pixel \(x),\(y) channel \(channel)")
                }
            }
        }
    }

    @Test func nonIntegerMinificationWeighsFractionalEdges() {
        // Footprint 1.5: output pixel 1 covers source [1.5, 3.0): half of pixel 1 and all of pixel 2.
        let source = makeImage(width: 12, height: 3) { x, _ in grey(UInt8(20 * x)) }
        let sut = compositor(content: source, viewWidth: 8, viewHeight: 2)
        let output = sut.render(.init(zoomScale: 1 / 1.5))
        // (0.5 × 20 + 1 × 40) / 1.5 = 33.33
        #expect(output[1, 0].red == 33)
        // Output pixel 2 covers [3.0, 4.5): (60 + 0.5 × 80) / 1.5 = 66.67
        #expect(output[2, 0].red == 67)
    }

    @Test func mipmappedAndExactAreaAveragesAgree() {
        // A smooth picture zoomed out 5.3×, at a fractional offset: mipmapped (level 1) vs level 0.
        let source = makeImage(width: 300, height: 200) { x, y in
            RGBA(red: UInt8(x * 255 / 299), green: UInt8(y * 255 / 199), blue: UInt8((x + y) % 256))
        }
        let frame = Compositor.Frame(contentOffset: Point(x: 3.3, y: 1.7), zoomScale: 1 / 5.3)
        let mipmapped = compositor(content: source, viewWidth: 50, viewHeight: 30).render(frame)
        let exact = compositor(content: source, viewWidth: 50, viewHeight: 30, mipmapped: false).render(frame)
        var worst = 0
        for y in 0..<30 {
            for x in 0..<50 where x * 53 / 10 < 290 {
                worst = max(worst, abs(Int(mipmapped[x, y].red) - Int(exact[x, y].red)))
                worst = max(worst, abs(Int(mipmapped[x, y].green) - Int(exact[x, y].green)))
            }
        }
        #expect(worst <= 1)
    }

    @Test func mipmapPyramidHalvesDownToOnePixel() {
        let source = SourceImage(noiseImage(width: 37, height: 10))
        #expect(source.width == 37 && source.height == 10)
        #expect(source.levelCount == 7)  // 37×10, 19×5, 10×3, 5×2, 3×1, 2×1, 1×1
        #expect(SourceImage(noiseImage(width: 37, height: 10), mipmapped: false).levelCount == 1)
        #expect(source.isOpaque)
    }
}
