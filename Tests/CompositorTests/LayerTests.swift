import Compositor
import Raster
import Geometry
import Testing
import _ScrollRenderTestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite struct Indicators {
    /// iOS's default style: black at 0x59 (35 %).
    static let black35 = RGBA(red: 0, green: 0, blue: 0, alpha: 0x59)

    func render(_ indicator: Compositor.Indicator, scale: Double = 1) -> RGBAImage {
        let source = makeImage(width: 60, height: 60) { _, _ in .white }
        let sut = compositor(content: source, viewWidth: 30, viewHeight: 30, scale: scale)
        return sut.render(.init(indicators: [indicator]))
    }

    @Test func pillInteriorIsBlendedOverTheFrame() {
        // A vertical pill 3 pt thick at scale 3: 9 × 60 device pixels from (60, 15).
        let pill = Compositor.Indicator(
            frame: Rect(x: 20, y: 5, width: 3, height: 20), cornerRadius: 1.5, color: Self.black35)
        let output = render(pill, scale: 3)
        #expect(output[64, 45] == grey(166))  // 255 × (1 − 89/255)
        #expect(output[60, 45] == grey(166))  // straight side: fully covered
        #expect(output[68, 45] == grey(166))
        #expect(output[59, 45] == .white)  // outside
        #expect(output[69, 45] == .white)
        #expect(output[64, 14] == .white)  // above the top
        #expect(output[64, 75] == .white)  // below
        #expect(output[60, 15] == .white || output[60, 15].red > 240)  // the rounded corner is cut away
        // The rounded end is anti-aliased: some pixels lie strictly between white and the full tint.
        let corner = (15..<20).flatMap { y in (60..<69).map { x in Int(output[x, y].red) } }
        #expect(corner.contains { $0 > 166 && $0 < 255 })
        #expect(corner.allSatisfy { $0 >= 166 })
    }

    @Test func edgesOffThePixelGridArePartiallyBlended() {
        // Left edge at x = 10.5 px: that column is half covered.
        let bar = Compositor.Indicator(
            frame: Rect(x: 10.5, y: 2, width: 5, height: 20), cornerRadius: 0, color: Self.black35)
        let output = render(bar)
        #expect(output[10, 10] == grey(211))  // 255 × (1 − 0.5 × 89/255) = 210.5 → 211
        #expect(output[11, 10] == grey(166))
        #expect(output[15, 10] == grey(211))
        #expect(output[16, 10] == .white)
    }

    @Test func layerOpacityFadesAndZeroDrawsNothing() {
        let frame = Rect(x: 5, y: 5, width: 3, height: 12)
        let half = render(.init(frame: frame, cornerRadius: 1.5, color: Self.black35, alpha: 0.5))
        // 255 × (1 − 0.5 × 89/255) = 210.5: either neighbour is correct rounding.
        #expect([grey(210), grey(211)].contains(half[6, 10]))
        let none = render(.init(frame: frame, cornerRadius: 1.5, color: Self.black35, alpha: 0))
        #expect(none == render(.init(frame: .zero, cornerRadius: 0, color: .clear)))
        #expect(none.pixels.allSatisfy { $0 == 255 })
    }

    @Test func whiteStyleOverDarkContent() {
        let source = makeImage(width: 40, height: 40) { _, _ in .black }
        let sut = compositor(content: source, viewWidth: 20, viewHeight: 20)
        let white = RGBA(red: 255, green: 255, blue: 255, alpha: 0x80)
        let output = sut.render(.init(indicators: [.init(frame: Rect(x: 2, y: 2, width: 3, height: 10), cornerRadius: 1.5, color: white)]))
        #expect(output[3, 6] == grey(128))
        #expect(output.isOpaque)
    }
}

@Suite struct Header {
    static let red = RGBA(red: 255, green: 0, blue: 0)
    static let blue = RGBA(red: 0, green: 0, blue: 255)

    @Test func stretchyHeaderFrameFollowsTheSeed() {
        #expect(StretchyHeader.defaultStretchFactor == 1.2)
        #expect(StretchyHeader.initialHeight(viewWidth: 390) == 219.375)
        let h0 = StretchyHeader.initialHeight(viewWidth: 320)  // 180
        // At rest (contentOffset.y = −inset): 1.2 × 180 = 216 tall, pinned at the top.
        let rest = StretchyHeader.frame(viewWidth: 320, contentOffsetY: -h0, stretchFactor: 1.2)
        #expect(rest == Rect(x: 0, y: 0, width: 320, height: 216))
        // Pulled down 100 pt further: 1.2 × 280 = 336.
        let pulled = StretchyHeader.frame(viewWidth: 320, contentOffsetY: -280, stretchFactor: 1.2)
        #expect(abs(pulled.height - 336) < 1e-9 && pulled.minY == 0 && pulled.width == 320)
        // Scrolled up: shrinks, then hidden once the content reaches the top.
        let up = StretchyHeader.frame(viewWidth: 320, contentOffsetY: -50, stretchFactor: 1)
        #expect(up.height == 50)
        #expect(StretchyHeader.frame(viewWidth: 320, contentOffsetY: 0, stretchFactor: 1.2).height == 0)
        #expect(StretchyHeader.frame(viewWidth: 320, contentOffsetY: 40, stretchFactor: 1.2).height == 0)
    }

    @Test func headerIsAspectFilledCentredAndClipped() {
        // An 8×4 picture: left half red, right half blue, in a 40×40 frame. Aspect fill scales by
        // max(40/8, 40/4) = 10 to 80×40, centred: x from −20 to 60, so the red/blue edge is at x = 20.
        let picture = makeImage(width: 8, height: 4) { x, _ in x < 4 ? Self.red : Self.blue }
        let content = makeImage(width: 60, height: 100) { _, _ in grey(50) }
        let sut = compositor(content: content, viewWidth: 60, viewHeight: 80, background: .white, header: picture)
        // Content starts at y = 50 (contentOffset.y = −50); header frame 60×40 at the top… but use 40 wide:
        let frame = Compositor.Frame(
            contentOffset: Point(x: 0, y: -50), headerFrame: Rect(x: 0, y: 0, width: 40, height: 40))
        let output = sut.render(frame)
        #expect(output[10, 20] == Self.red)
        #expect(output[30, 20] == Self.blue)
        #expect(output[0, 0] == Self.red && output[39, 39] == Self.blue)
        // Bilinear across the edge: pixel 19 samples source (19.5 + 20) / 10 = 3.95, between centres 3.5 and 4.5.
        #expect(output[19, 20] == RGBA(red: 140, green: 0, blue: 115))
        // Clipped: right of the frame and between the frame and the content is background.
        #expect(output[45, 20] == .white)
        #expect(output[20, 45] == .white)
        // Content over it all below y = 50.
        #expect(output[20, 60] == grey(50))
    }

    @Test func tallPictureIsCroppedTopAndBottom() {
        // A 2×6 picture with three horizontal bands in a 20×20 frame: scale max(10, 3.33) = 10 → 20×60,
        // centred at y = 10, so only the middle band (y 20…40 of the picture) shows.
        let picture = makeImage(width: 2, height: 6) { _, y in y < 2 ? Self.red : (y < 4 ? .black : Self.blue) }
        let content = makeImage(width: 20, height: 20) { _, _ in grey(50) }
        let sut = compositor(content: content, viewWidth: 20, viewHeight: 40, header: picture)
        let output = sut.render(.init(contentOffset: Point(x: 0, y: -30), headerFrame: Rect(x: 0, y: 0, width: 20, height: 20)))
        for y in 5..<15 { #expect(output[10, y] == .black, "row \(y)") }
        // Near the clip edges the picture goes on (it is clipped, not clamped): row 0 samples picture
        // row 2.05, 45 % of the way from the red band's last centre (1.5) to black's first (2.5).
        #expect(output[10, 0] == RGBA(red: 115, green: 0, blue: 0))
        #expect(output[10, 19] == RGBA(red: 0, green: 0, blue: 115))
        #expect(output[10, 25] == .white)
        #expect(output[10, 35] == grey(50))
    }

    @Test func contentCoversTheHeader() {
        let picture = makeImage(width: 4, height: 4) { _, _ in Self.red }
        let content = makeImage(width: 20, height: 40) { _, _ in grey(50) }
        let sut = compositor(content: content, viewWidth: 20, viewHeight: 30, header: picture)
        // At rest: inset 10, header 12 tall — its lower 2 pt are behind the content.
        let output = sut.render(.init(contentOffset: Point(x: 0, y: -10), headerFrame: Rect(x: 0, y: 0, width: 20, height: 12)))
        #expect(output[5, 9] == Self.red)
        #expect(output[5, 10] == grey(50))
        #expect(output[5, 11] == grey(50))
        // No header frame (or no height): nothing drawn.
        let hidden = sut.render(.init(contentOffset: Point(x: 0, y: -10), headerFrame: Rect(x: 0, y: 0, width: 20, height: 0)))
        #expect(hidden[5, 5] == .white)
    }
}

@Suite struct Transparency {
    @Test func semiTransparentContentCompositesOverTheBackground() {
        // Straight (255, 0, 0, 128) over white: premultiplied red 128 + white × 127/255.
        let source = makeImage(width: 4, height: 4) { _, _ in RGBA(red: 255, green: 0, blue: 0, alpha: 128) }
        let sut = compositor(content: source, viewWidth: 4, viewHeight: 4)
        let output = sut.render(.init())
        #expect(output[1, 1] == RGBA(red: 255, green: 127, blue: 127))
        #expect(output.isOpaque)
    }

    @Test func transparentPixelsDoNotBleedTheirColour() {
        // Opaque red next to fully transparent green (straight alpha): at a half-pixel offset the mix is
        // half-covered red, not brown; the green of invisible pixels never shows.
        let source = makeImage(width: 4, height: 2) { x, _ in
            x < 2 ? RGBA(red: 255, green: 0, blue: 0) : RGBA(red: 0, green: 255, blue: 0, alpha: 0)
        }
        let sut = compositor(content: source, viewWidth: 3, viewHeight: 2)
        let output = sut.render(.init(contentOffset: Point(x: 0.5, y: 0)))
        // Premultiplied mean (127.5, 0, 0, 127.5) over white: G = B = 127.5, rounded half up.
        #expect(output[1, 0] == RGBA(red: 255, green: 128, blue: 128))
        #expect(output[2, 0] == .white)
        // Zoomed out through the (premultiplied) mipmaps too.
        let wide = makeImage(width: 64, height: 64) { x, _ in
            x % 2 == 0 ? RGBA(red: 255, green: 0, blue: 0) : RGBA(red: 0, green: 255, blue: 0, alpha: 0)
        }
        let zoomed = compositor(content: wide, viewWidth: 4, viewHeight: 4).render(.init(zoomScale: 1.0 / 16))
        #expect(maxDelta(zoomed[2, 2], RGBA(red: 255, green: 127, blue: 127)) <= 1)
    }

    @Test func transparentOutputKeepsStraightAlpha() {
        let source = makeImage(width: 4, height: 4) { x, _ in
            x < 2 ? RGBA(red: 10, green: 200, blue: 30, alpha: 100) : .clear
        }
        let sut = compositor(content: source, viewWidth: 6, viewHeight: 4, background: .clear, opaqueOutput: false)
        let output = sut.render(.init())
        // Straight alpha survives premultiplication to within rounding.
        #expect(maxDelta(output[1, 1], RGBA(red: 10, green: 200, blue: 30, alpha: 100)) <= 2)
        #expect(output[3, 1] == .clear)
        #expect(output[5, 1] == .clear)
    }
}

@Suite struct Determinism {
    @Test func concurrentRendersOfOneFrameAreIdentical() async {
        let source = noiseImage(width: 400, height: 300, seed: 21)
        let header = noiseImage(width: 64, height: 36, seed: 22)
        let sut = compositor(content: source, viewWidth: 100, viewHeight: 120, scale: 2, header: header)
        let frame = Compositor.Frame(
            contentOffset: Point(x: 33.37, y: -40.6), zoomScale: 0.61,
            headerFrame: Rect(x: 0, y: 0, width: 100, height: 48.72),
            indicators: [.init(frame: Rect(x: 94, y: 3, width: 3, height: 50), cornerRadius: 1.5, color: Indicators.black35)])
        let reference = sut.render(frame)
        let results = await withTaskGroup(of: RGBAImage.self) { group in
            for _ in 0..<4 {
                group.addTask { sut.render(frame) }
            }
            return await group.reduce(into: [RGBAImage]()) { $0.append($1) }
        }
        #expect(results.count == 4)
        for result in results { #expect(result == reference) }
    }

    @Test func renderingIsRepeatable() {
        let source = noiseImage(width: 120, height: 90, seed: 4)
        let sut = compositor(content: source, viewWidth: 40, viewHeight: 30, scale: 3)
        let frame = Compositor.Frame(contentOffset: Point(x: 12.345, y: 6.789), zoomScale: 0.77)
        #expect(sut.render(frame) == sut.render(frame))
    }
}
