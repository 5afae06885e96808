import Compositor
import Geometry
import Raster
import Testing

/// Touches shown as "Show Touches" shows them: a half-opaque 44-pt disc under each finger, ringed
/// in dark grey, fading after lift, and the trackpad's pointer.
@Suite struct TouchMarkTests {
    /// What the finger's colour at `alpha` (0...255) makes of white: `round((c·a + 255·(255 − a)) / 255)`.
    static func overWhite(_ alpha: Int, _ color: RGBA = RGBA(red: 170, green: 170, blue: 175)) -> RGBA {
        func channel(_ c: UInt8) -> UInt8 { UInt8((Int(c) * alpha + 255 * (255 - alpha) + 127) / 255) }
        return RGBA(red: channel(color.red), green: channel(color.green), blue: channel(color.blue))
    }

    static func drawn(_ touches: [TouchMark]) -> RGBAImage {
        let renderer = DeviceScreenRenderer(screen: TestScreens.iPhone16Pro, scale: 3,
                                            options: .init(showsStatusBar: false, showsSensorHousing: false, showsHomeIndicator: false))
        var frame = plainFrame(for: renderer, .white)
        renderer.draw(over: &frame, touches: touches)
        return frame
    }

    @Test func bothFingersOfAPinchShowACircleCentredUnderThem() {
        let fingers = [Point(x: 140, y: 400), Point(x: 262.5, y: 520.25)]
        let frame = Self.drawn(fingers.map { TouchMark(position: $0) })
        for finger in fingers {
            let x = Int((finger.x * 3).rounded()), y = Int((finger.y * 3).rounded())
            // Half opaque (128 of 255) inside, over the white frame.
            #expect(frame[x, y] == Self.overWhite(128), "\(finger)")
            #expect(frame[x - 1, y - 1] == Self.overWhite(128))
            // Centred: the same 15 pt away in the four directions; nothing 23 pt away (radius 22).
            let offsets = [(45, 0), (-46, 0), (0, 45), (0, -46)]
            let ring = offsets.map { frame[x + $0.0, y + $0.1] }
            #expect(Set(ring).count == 1 && ring[0] == Self.overWhite(128))
            for (dx, dy) in [(69, 0), (-70, 0), (0, 69), (0, -70)] { #expect(frame[x + dx, y + dy] == .white) }
            // The edge is soft: partly transparent between 19 and 22 pt out.
            let edge = frame[x + 59, y]
            #expect(edge.red > Self.overWhite(128).red && edge.red < 255)
            // A thin dark ring just inside the edge (21–22 pt), darker than the disc, on every side.
            for (dx, dy) in [(64, 0), (-64, 0), (0, 64), (0, -64)] { #expect(frame[x + dx, y + dy].red < Self.overWhite(128).red - 30) }
        }
        // Between the fingers, the frame.
        #expect(frame[603, 1380] == .white)
    }

    @Test func aFadingTouchIsFainter() {
        let frame = Self.drawn([TouchMark(position: Point(x: 100, y: 300), opacity: 0.5)])
        #expect(frame[300, 900] == Self.overWhite(64))
        let gone = Self.drawn([TouchMark(position: Point(x: 100, y: 300), opacity: 0)])
        #expect(gone[300, 900] == .white)
    }

    @Test func thePointerIsASmallDarkGreyDot() {
        let frame = Self.drawn([TouchMark(position: Point(x: 200, y: 300), kind: .pointer)])
        // 19 pt across at 60 % opacity: dark in the middle, nothing 11 pt out.
        #expect(frame[600, 900] == Self.overWhite(153, RGBA(red: 60, green: 60, blue: 64)))
        #expect(frame[600 + 33, 900] == .white)
    }

    @Test func touchesOffTheFrameOrNotFiniteDrawNothingAndDoNotCrash() {
        let frame = Self.drawn([TouchMark(position: Point(x: -500, y: 10)), TouchMark(position: Point(x: .nan, y: 1)),
                                TouchMark(position: Point(x: 1e300, y: 1)), TouchMark(position: Point(x: 300, y: 873))])
        // Half a disc at the bottom edge.
        #expect(frame[902, 2621] == Self.overWhite(128))
        #expect(frame[0, 1300] == .white)
    }

    // MARK: - TouchTimeline

    /// Two fingers spreading apart over a second, lifted at 1 s.
    static let pinch = TouchTimeline(samples: [
        .init(time: 0, points: [Point(x: 150, y: 400), Point(x: 250, y: 400)]),
        .init(time: 0.5, points: [Point(x: 120, y: 400), Point(x: 280, y: 400)]),
        .init(time: 1, points: [Point(x: 100, y: 420), Point(x: 300, y: 380)]),
    ])

    @Test func whileTouchingTheMarksFollowTheFingers() {
        #expect(Self.pinch.marks(at: -0.01).isEmpty)
        #expect(Self.pinch.marks(at: 0).map(\.position) == [Point(x: 150, y: 400), Point(x: 250, y: 400)])
        let marks = Self.pinch.marks(at: 0.75)
        #expect(marks.map(\.position) == [Point(x: 110, y: 410), Point(x: 290, y: 390)])
        #expect(marks.allSatisfy { $0.opacity == 1 && $0.kind == .finger })
    }

    @Test func afterLiftTheMarksStayWhereTheFingersLeftAndFade() {
        let fade = TouchTimeline.defaultFadeDuration
        #expect(Self.pinch.marks(at: 1).map(\.opacity) == [1, 1])
        let half = Self.pinch.marks(at: 1 + fade / 2)
        #expect(half.map(\.position) == [Point(x: 100, y: 420), Point(x: 300, y: 380)])
        #expect(half.allSatisfy { abs($0.opacity - 0.5) < 1e-9 })
        #expect(Self.pinch.marks(at: 1 + fade).isEmpty)
        #expect(fade >= 0.2 && fade <= 0.3)
    }

    @Test func aFingerThatLandsBetweenSamplesIsNotInterpolated() {
        let timeline = TouchTimeline(samples: [
            .init(time: 0, points: [Point(x: 10, y: 10)]),
            .init(time: 1, points: [Point(x: 20, y: 10), Point(x: 50, y: 50)]),
        ], ended: 2, kind: .pointer, fadeDuration: 0.2)
        #expect(timeline.marks(at: 0.5).map(\.position) == [Point(x: 10, y: 10)])
        #expect(timeline.marks(at: 1.5).count == 2 && timeline.marks(at: 1.5)[0].kind == .pointer)
        #expect(timeline.opacity(at: 2.1) > 0.49 && timeline.opacity(at: 2.1) < 0.51)
        #expect(TouchTimeline.marks([Self.pinch, timeline], at: 0.75).count == 3)
    }

    @Test func aFadingPinchDrawsHalfAsStrongHalfwayThroughItsFade() {
        let marks = Self.pinch.marks(at: 1 + TouchTimeline.defaultFadeDuration / 2)
        let frame = Self.drawn(marks)
        #expect(frame[300, 1260] == Self.overWhite(64))
        #expect(frame[900, 1140] == Self.overWhite(64))
    }

    @Test func anEmptyTimelineShowsNothing() {
        #expect(TouchTimeline(samples: []).marks(at: 0).isEmpty)
    }
}
