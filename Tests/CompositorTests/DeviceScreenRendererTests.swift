import Compositor
import Geometry
import Raster
import Testing

/// The chrome's pixels at places worked out from the measurements, on an island iPhone and a
/// notched one, in both styles.
@Suite struct DeviceScreenRendererTests {
    static let grey = RGBA(red: 128, green: 128, blue: 128)

    /// A point inside the stem of the "1" of "9:41", in frame pixels: the time is centred in the
    /// ear left of the housing, `capHeight` tall, 2.5 cap heights wide; the 1's stem is centred
    /// 2.412 cap heights from its left and 0.6 down.
    static func stemOfOne(earWidth: Double, middle: Double, capHeight: Double, scale: Double) -> (x: Int, y: Int) {
        let left = earWidth / 2 - 2.5 * capHeight / 2
        return (Int((left + 2.412 * capHeight) * scale), Int((middle - capHeight / 2 + 0.6 * capHeight) * scale))
    }

    // iPhone 16 Pro at 3×: ear 138 pt, island centre line 14 + 37.33 / 2, cap height 12.
    static let islandStem = stemOfOne(earWidth: 138, middle: 14 + 37.33 / 2, capHeight: 12, scale: 3)
    // iPhone 13 mini at 3×: ear 103.5 pt, centre line 33 / 2 + 1, cap height 12 × 0.94.
    static let notchStem = stemOfOne(earWidth: 103.5, middle: 17.5, capHeight: 12 * 0.94, scale: 3)

    static func drawn(_ screen: DeviceScreen, on color: RGBA, options: DeviceScreenRenderer.Options = .init(),
                      touches: [TouchMark] = []) -> RGBAImage {
        let renderer = DeviceScreenRenderer(screen: screen, scale: 3, options: options)
        var frame = plainFrame(for: renderer, color)
        renderer.draw(over: &frame, touches: touches)
        return frame
    }

    // MARK: - Dynamic Island (iPhone 16 Pro)

    @Test func theIslandIsABlackPillBelowTheTopEdge() {
        let frame = Self.drawn(TestScreens.iPhone16Pro, on: .white)
        #expect(frame.width == 1206 && frame.height == 2622)
        // Centre: x 201 pt, y 14 + 18.67 pt.
        #expect(frame[603, 98] == .black)
        // Its ends are round: inside near the middle of its left end, outside at its top-left box corner.
        #expect(frame[(138 + 3) * 3, 98] == .black)
        #expect(frame[138 * 3 + 1, 14 * 3 + 1] == .white)
        // The screen's edge above it is not part of it.
        #expect(frame[603, 14 * 3 - 2] == .white)
    }

    @Test(arguments: [(RGBA.white, RGBA.black), (RGBA.black, RGBA.white)])
    func theTimeContrastsWithTheFrameOnAnIslandPhone(background: RGBA, glyph: RGBA) {
        let frame = Self.drawn(TestScreens.iPhone16Pro, on: background)
        #expect(frame[Self.islandStem.x, Self.islandStem.y] == glyph)
        // Between the time and the island there is only the frame.
        #expect(frame[125 * 3, 98] == background)
    }

    @Test func aChosenStyleIsKeptWhateverTheFrame() {
        let dark = Self.drawn(TestScreens.iPhone16Pro, on: Self.grey, options: .init(statusBarStyle: .darkContent))
        let light = Self.drawn(TestScreens.iPhone16Pro, on: Self.grey, options: .init(statusBarStyle: .lightContent))
        #expect(dark[Self.islandStem.x, Self.islandStem.y] == .black)
        #expect(light[Self.islandStem.x, Self.islandStem.y] == .white)
    }

    @Test func theStylesCanBeDecidedOnceForASequence() {
        let renderer = DeviceScreenRenderer(screen: TestScreens.iPhone16Pro, scale: 3)
        var frame = plainFrame(for: renderer, .white)
        // Dark under the home indicator only.
        for y in 2500..<2622 { for x in 0..<1206 { frame[x, y] = .black } }
        #expect(renderer.styles(for: frame) == (.darkContent, .lightContent))
        let fixed = DeviceScreenRenderer(screen: TestScreens.iPhone16Pro, scale: 3, options: .init(statusBarStyle: .lightContent))
        #expect(fixed.styles(for: frame) == (.lightContent, .lightContent))
    }

    @Test func theIconsStandRightOfTheIsland() {
        // The battery's charge: 27.2 pt wide at the right of an icon row centred in the right ear
        // (264…402 pt, centre 333), 71.2 pt wide: the charge spans 2…23 pt of the battery.
        let rowLeft = 333 - (17.4 + 5 + 15.41 + 6 + 27.2) / 2
        let chargeMiddle = rowLeft + 17.4 + 5 + 15.41 + 6 + 12.5
        let frame = Self.drawn(TestScreens.iPhone16Pro, on: .white)
        #expect(frame[Int(chargeMiddle * 3), 98] == .black)
        let night = Self.drawn(TestScreens.iPhone16Pro, on: .black)
        #expect(night[Int(chargeMiddle * 3), 98] == .white)
    }

    // MARK: - Notch (iPhone 13 mini)

    @Test func theNotchHangsFromTheTopEdgeWithRoundedLowerCorners() {
        let frame = Self.drawn(TestScreens.iPhone13Mini, on: .white)
        #expect(frame.width == 1125 && frame.height == 2436)
        // 168 × 33 pt from x = 103.5 pt: its middle, and its top edge, are black.
        #expect(frame[562, 50] == .black)
        #expect(frame[562, 0] == .black)
        #expect(frame[Int(104 * 3), 1] == .black)
        // Below it, and in the lower corner's rounding (20 pt), the frame shows.
        #expect(frame[562, 33 * 3 + 1] == .white)
        #expect(frame[Int(103.5 * 3) + 2, 33 * 3 - 2] == .white)
        // The ear: just left of the notch at the very top, the curve joining it to the edge is black.
        #expect(frame[Int(103.5 * 3) - 2, 0] == .black)
    }

    @Test(arguments: [(RGBA.white, RGBA.black), (RGBA.black, RGBA.white)])
    func theTimeContrastsWithTheFrameOnANotchedPhone(background: RGBA, glyph: RGBA) {
        let frame = Self.drawn(TestScreens.iPhone13Mini, on: background)
        #expect(frame[Self.notchStem.x, Self.notchStem.y] == glyph)
    }

    // MARK: - Home indicator

    @Test(arguments: [(RGBA.white, RGBA.black), (RGBA.black, RGBA.white)])
    func theHomeIndicatorContrastsWithWhatIsUnderIt(background: RGBA, bar: RGBA) {
        for (screen, width, height) in [(TestScreens.iPhone16Pro, 1206, 2622), (TestScreens.iPhone13Mini, 1125, 2436)] {
            let frame = Self.drawn(screen, on: background)
            // 134 × 5 pt, 8 pt above the bottom edge: its centre is 10.5 pt up.
            #expect(frame[width / 2, height - 32] == bar)
            #expect(frame[width / 2 - 67 * 3 + 8, height - 32] == bar)
            #expect(frame[width / 2, height - 8 * 3 + 1] == background)
            #expect(frame[width / 2 - 67 * 3 - 3, height - 32] == background)
        }
    }

    // MARK: - Corners

    @Test func outsideTheRoundedCornersIsClearOrTheBackgroundColour() {
        let clear = Self.drawn(TestScreens.iPhone16Pro, on: Self.grey)
        let backdrop = RGBA(red: 242, green: 242, blue: 247)
        let coloured = Self.drawn(TestScreens.iPhone16Pro, on: Self.grey, options: .init(outsideColor: backdrop))
        for (x, y) in [(0, 0), (1205, 0), (0, 2621), (1205, 2621), (20, 20), (1185, 2601)] {
            #expect(clear[x, y] == .clear, "\(x), \(y)")
            #expect(coloured[x, y] == backdrop, "\(x), \(y)")
        }
        // A 62-pt corner: the arc crosses the diagonal 186 × (1 − 1/√2) = 54.5 px from each side.
        #expect(clear[54, 54].alpha > 0 && clear[54, 54].alpha < 255)
        #expect(clear[54, 54].red == 128)
        #expect(clear[60, 60] == Self.grey && coloured[60, 60] == Self.grey)
        #expect(clear[0, 1311] == Self.grey && clear[603, 1311] == Self.grey)
    }

    // MARK: - Bezel

    @Test func aBezelGrowsThePictureByItsWidthOnEverySide() {
        let bezel = Bezel(thickness: 8)
        let renderer = DeviceScreenRenderer(screen: TestScreens.iPhone16Pro, scale: 3, options: .init(bezel: bezel))
        #expect(renderer.outputSize(forFrameWidth: 1206, height: 2622) == (1254, 2670))
        let output = renderer.render(plainFrame(for: renderer, .white))
        #expect(output.width == 1254 && output.height == 2670)
        #expect(output[0, 0] == .clear)
        #expect(output[5, 1335] == bezel.color && output[1248, 1335] == bezel.color && output[627, 5] == bezel.color)
        // The screen sits 24 px in: its island; its corners turn to the bezel's colour, whose own
        // corners are concentric (62 + 8 pt): 198 px from their common centre (210, 210) is bezel.
        #expect(output[24 + 603, 24 + 98] == .black)
        #expect(output[70, 70] == bezel.color && output[24, 24] == .clear)
        #expect(output[24 + 603, 24 + 1311] == .white)
        let plain = DeviceScreenRenderer(screen: TestScreens.iPhone16Pro, scale: 3)
        #expect(plain.outputSize(forFrameWidth: 1206, height: 2622) == (1206, 2622))
    }

    @Test func aBezelOnAStraightAlphaFrameKeepsTheFrameAndIsOpaque() {
        let renderer = DeviceScreenRenderer(screen: TestScreens.iPhoneSE, scale: 2, options: .init(outsideColor: .white, bezel: Bezel()))
        let translucent = RGBA(red: 200, green: 0, blue: 0, alpha: 100)
        let output = renderer.render(plainFrame(for: renderer, translucent))
        #expect(output[16 + 375, 16 + 667] == translucent)
        // A square screen: its corner is the frame's; the bezel's outer corner is rounded to white.
        #expect(output[16, 16 + 200] == translucent)
        #expect(output[0, 0] == .white && output[0, 700] == Bezel.defaultColor)
    }

    // MARK: - Landscape

    @Test func inLandscapeTheIslandStandsOnTheLeftAndTheStatusBarHides() {
        let screen = TestScreens.iPhone16Pro.landscape(true)
        let frame = Self.drawn(screen, on: .white)
        #expect(frame.width == 2622 && frame.height == 1206)
        // The island: 37.33 × 126 pt, 14 pt from the left edge, centred on the height.
        #expect(frame[98, 603] == .black)
        #expect(frame[98, 603 - 60 * 3] == .black && frame[98, 603 + 60 * 3] == .black)
        #expect(frame[98, 603 - 66 * 3] == .white)
        // No status bar: where portrait's time would be, and along the top, only the frame.
        for x in stride(from: 300, to: 2400, by: 7) { #expect(frame[x, 60] == .white) }
        // The home indicator runs along the new bottom edge, 220 pt long.
        #expect(frame[1311, 1206 - 32] == .black && frame[1311 - 105 * 3, 1206 - 32] == .black)
    }

    @Test func anIPadKeepsItsStatusBarInLandscape() {
        let renderer = DeviceScreenRenderer(screen: TestScreens.iPad.landscape(true), scale: 2)
        var frame = plainFrame(for: renderer, .white)
        renderer.draw(over: &frame)
        // The time at the leading margin (20 pt), 24-pt bar: something black in its box.
        let dark = (40..<80).contains { x in (10..<38).contains { y in frame[x, y] == .black } }
        #expect(dark)
    }

    @Test func partsCanBeLeftOut() {
        let frame = Self.drawn(TestScreens.iPhone16Pro, on: .white,
                               options: .init(showsStatusBar: false, showsSensorHousing: false, showsHomeIndicator: false))
        #expect(frame[603, 98] == .white && frame[Self.islandStem.x, Self.islandStem.y] == .white && frame[603, 2590] == .white)
        #expect(frame[0, 0] == .clear)
    }
}
