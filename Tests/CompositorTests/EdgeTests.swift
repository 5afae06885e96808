import Compositor
import Raster
import Geometry
import Testing
import _ScrollRenderTestSupport

@Suite struct ContentEdges {
    static let red = RGBA(red: 200, green: 0, blue: 0)
    static let background = RGBA(red: 0, green: 0, blue: 255)

    @Test func overscrollShowsBackgroundAboveTheContent() {
        let source = noiseImage(width: 20, height: 20, seed: 5)
        let sut = compositor(content: source, viewWidth: 10, viewHeight: 10, background: Self.background)
        // Pulled down 4 pt: rows 0–3 are background, rows 4… are content rows 0…
        let output = sut.render(.init(contentOffset: Point(x: 0, y: -4)))
        for x in 0..<10 {
            for y in 0..<4 { #expect(output[x, y] == Self.background) }
            for y in 4..<10 { #expect(output[x, y] == source[x, y - 4]) }
        }
    }

    @Test func fractionalOverscrollBlendsTheBoundaryRowByCoverage() {
        let source = makeImage(width: 10, height: 10) { _, _ in Self.red }
        let sut = compositor(content: source, viewWidth: 6, viewHeight: 6, background: Self.background)
        // Pulled down 2.25 pt: row 2 is 75 % content, 25 % background; no smear above it.
        let output = sut.render(.init(contentOffset: Point(x: 0, y: -2.25)))
        #expect(output[3, 1] == Self.background)
        #expect(output[3, 2] == RGBA(red: 150, green: 0, blue: 64))
        #expect(output[3, 3] == Self.red)
        #expect(output[3, 2].alpha == 255)
    }

    @Test func rightAndBottomEdgesHaveNoDarkFringe() {
        // Content ends mid-pixel at the right: the boundary pixel is a 50 % mix of red and white,
        // never darkened (no black from outside the picture).
        let source = makeImage(width: 8, height: 8) { _, _ in Self.red }
        let sut = compositor(content: source, viewWidth: 12, viewHeight: 12)
        let output = sut.render(.init(contentOffset: Point(x: -2.5, y: -0.5)))
        #expect(output[1, 5] == .white)
        #expect(output[2, 5] == RGBA(red: 228, green: 128, blue: 128))  // left edge at 2.5
        #expect(output[3, 5] == Self.red)
        #expect(output[10, 5] == RGBA(red: 228, green: 128, blue: 128))  // right edge at 10.5
        #expect(output[11, 5] == .white)
        #expect(output[5, 8] == RGBA(red: 228, green: 128, blue: 128))  // bottom edge at 8.5
        // Corner pixel: 25 % covered.
        #expect(output[10, 8] == RGBA(red: 241, green: 191, blue: 191))
    }

    @Test func edgeColourIsNotExtrapolatedWhenMagnified() {
        // A magnified 2-pixel picture: the outer halves of the edge pixels show the edge colour itself.
        let source = makeImage(width: 2, height: 1) { x, _ in x == 0 ? .black : grey(100) }
        let sut = compositor(content: source, viewWidth: 10, viewHeight: 4, background: .white)
        let output = sut.render(.init(zoomScale: 4))
        #expect(output[0, 1] == .black)
        #expect(output[7, 1] == grey(100))
        #expect(output[8, 1] == .white)
        #expect(output[0, 3] == .black)
        #expect(output[0, 4 - 1] == .black)
    }

    @Test func contentSmallerThanTheViewIsSurroundedByBackground() {
        let source = makeImage(width: 4, height: 3) { _, _ in Self.red }
        let sut = compositor(content: source, viewWidth: 8, viewHeight: 8, scale: 2, background: Self.background)
        // Centred with negative offsets (as apps do with contentInset): content at (2, 2.5)–(6, 5.5) pt.
        let output = sut.render(.init(contentOffset: Point(x: -2, y: -2.5)))
        #expect(output.width == 16 && output.height == 16)
        for y in 0..<16 {
            for x in 0..<16 {
                let inside = (4..<12).contains(x) && (5..<11).contains(y)
                #expect(output[x, y] == (inside ? Self.red : Self.background), "pixel \(x),\(y)")
            }
        }
    }

    @Test func outputDimensionsFollowTheDisplayScale() {
        let source = noiseImage(width: 8, height: 8)
        for (scale, width, height) in [(1.0, 390, 844), (2.0, 780, 1688), (3.0, 1170, 2532)] {
            let sut = compositor(content: source, viewWidth: 390, viewHeight: 844, scale: scale)
            #expect(sut.pixelWidth == width && sut.pixelHeight == height)
        }
        let sut = compositor(content: source, viewWidth: 10.2, viewHeight: 7, scale: 3)
        let image = sut.render(.init())
        #expect(image.width == 31 && image.height == 21)
        #expect(image.isOpaque)
    }

    @Test func renderIntoReusesOrReplacesTheBuffer() {
        let source = noiseImage(width: 30, height: 30, seed: 9)
        let sut = compositor(content: source, viewWidth: 10, viewHeight: 10)
        let frame = Compositor.Frame(contentOffset: Point(x: 3.25, y: 1.5), zoomScale: 1.3)
        var reused = RGBAImage(width: 10, height: 10, fill: RGBA(red: 1, green: 2, blue: 3, alpha: 4))
        sut.render(frame, into: &reused)
        #expect(reused == sut.render(frame))
        var wrongSize = RGBAImage(width: 3, height: 3)
        sut.render(frame, into: &wrongSize)
        #expect(wrongSize == sut.render(frame))
    }
}
