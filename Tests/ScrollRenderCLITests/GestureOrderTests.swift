import Geometry
@testable import ScrollRenderCLI
import ScrollRenderKit
import Testing

/// Gestures keep the order in which they were typed, negative values included.
@Suite struct GestureOrderTests {
    @Test func kindsFollowTheArguments() {
        let arguments = ["--size", "100x100", "--drag", "-10,40", "--fling=800", "--scroll-to-top", "--fling", "-5", "a.jpg", "out"]
        #expect(GestureOrder.kinds(in: arguments) == ["--drag", "--fling", "--scroll-to-top", "--fling"])
    }

    @Test func parsedGesturesAreInterleavedInThatOrder() throws {
        let arguments = ["--fling", "800", "--drag", "0,-120", "--fling", "-300,20", "--page", "-2", "in.png", "out"]
        let command = try Scrollrender.parseAsRoot(arguments)
        let render = try #require(command as? Render)
        let gestures = try Render.$rawArguments.withValue(arguments) { try render.settings().steps.map(\.gesture) }
        #expect(gestures == [
            .fling(velocity: Point(x: 0, y: 800)), .drag(translation: Point(x: 0, y: -120), hold: Gesture.defaultDragHold, duration: nil),
            .fling(velocity: Point(x: -300, y: 20)), .page(-2),
        ])
    }

    @Test func optionsMapToScrollViewSettings() throws {
        let arguments = ["--size", "320x480", "--scale", "3", "--inset", "10,0,20,0", "--deceleration", "fast",
                         "--zoom-range", "0.5:2", "--indicators", "none", "--no-bounce", "--background", "#102030", "i.png", "o"]
        let render = try #require(try Scrollrender.parseAsRoot(arguments) as? Render)
        let settings = try render.settings()
        #expect(settings.viewSize == Size(width: 320, height: 480))
        #expect(settings.displayScale == 3)
        #expect(settings.contentInset == EdgeInsets(top: 10, left: 0, bottom: 20, right: 0))
        #expect(settings.decelerationRate == 0.99)
        #expect(settings.zoomRange == 0.5...2)
        #expect(settings.indicatorStyle == nil)
        #expect(!settings.bounces)
        #expect(settings.background.hexString == "#102030ff")
    }
}
