import Compositor
import Geometry
import Raster
import Testing

/// Where a device's chrome lies in each orientation, in points, from its portrait measurements.
@Suite struct DeviceScreenTests {
    @Test func inPortraitEverythingIsCentredAlongTheTop() {
        let screen = TestScreens.iPhone16Pro
        #expect(screen.size == Size(width: 402, height: 874))
        #expect(screen.sensorHousingFrame == Rect(x: 138, y: 14, width: 126, height: 37.33))
        #expect(screen.statusBarFrame == Rect(x: 0, y: 0, width: 402, height: 62))
        #expect(screen.homeIndicatorFrame == Rect(x: 134, y: 861, width: 134, height: 5))
        #expect(TestScreens.iPhone13Mini.sensorHousingFrame == Rect(x: 103.5, y: 0, width: 168, height: 33))
        #expect(TestScreens.iPhone13Mini.sensorHousing?.kind == .notch)
    }

    @Test func inLandscapeTheTopTurnsToTheLeft() {
        let screen = TestScreens.iPhone16Pro.landscape(true)
        #expect(screen.size == Size(width: 874, height: 402))
        #expect(screen.sensorHousingFrame == Rect(x: 14, y: 138, width: 37.33, height: 126))
        #expect(screen.statusBarFrame == nil)
        #expect(screen.homeIndicatorFrame == Rect(x: 327, y: 389, width: 220, height: 5))
        #expect(TestScreens.iPhone13Mini.landscape(true).sensorHousingFrame == Rect(x: 0, y: 103.5, width: 33, height: 168))
        #expect(screen.landscape(false) == TestScreens.iPhone16Pro)
    }

    @Test func anIPadKeepsItsStatusBarAndTheSEHasNoIndicator() {
        #expect(TestScreens.iPad.landscape(true).statusBarFrame == Rect(x: 0, y: 0, width: 1180, height: 24))
        #expect(TestScreens.iPad.sensorHousingFrame == nil)
        #expect(TestScreens.iPhoneSE.homeIndicatorFrame == nil)
        #expect(TestScreens.iPhoneSE.statusBarFrame?.height == 20)
    }

    @Test func theRendererDrawsOverFramesOfTheScreensPixelSize() {
        #expect(DeviceScreenRenderer(screen: TestScreens.iPhone16Pro, scale: 3).frameWidth == 1206)
        #expect(DeviceScreenRenderer(screen: TestScreens.iPhone16Pro, scale: 1).frameHeight == 874)
        let landscape = DeviceScreenRenderer(screen: TestScreens.iPhone13Mini.landscape(true), scale: 3)
        #expect((landscape.frameWidth, landscape.frameHeight) == (2436, 1125))
    }

    /// Black or white glyphs, whichever contrasts more: the turn is at WCAG's luminance 0.179.
    @Test func theAutomaticStyleFollowsTheLuminanceUnderTheStatusBar() {
        #expect(StatusBarStyle.suited(toLuminance: 1) == .darkContent)
        #expect(StatusBarStyle.suited(toLuminance: 0.2) == .darkContent)
        #expect(StatusBarStyle.suited(toLuminance: 0.16) == .lightContent)
        let region = (x: 0..<40, y: 0..<40)
        #expect(StatusBarStyle.suited(to: RGBAImage(width: 40, height: 40, fill: grey(130)), in: region) == .darkContent)
        #expect(StatusBarStyle.suited(to: RGBAImage(width: 40, height: 40, fill: grey(100)), in: region) == .lightContent)
        #expect(StatusBarStyle.suited(to: RGBAImage(width: 40, height: 40, fill: RGBA(red: 10, green: 60, blue: 200)), in: region) == .lightContent)
        #expect(StatusBarStyle.lightContent.glyphColor == .white && StatusBarStyle.darkContent.glyphColor == .black)
    }
}
