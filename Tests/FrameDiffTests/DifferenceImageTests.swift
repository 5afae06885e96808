import Raster
import Testing
@testable import FrameDiff

@Suite struct DifferenceImageTests {
    @Test func changedPixelIsHighlightedAndUnchangedPixelIsFadedGreyOfExpected() {
        // Given a black picture whose pixel (2, 1) turned white
        let expected = RGBAImage(width: 4, height: 3, fill: .black)
        var actual = expected
        actual[2, 1] = .white
        // When
        let difference = DifferenceImage().render(expected: expected, actual: actual)
        // Then the changed pixel is red (largest difference 255 → the strong end of the scale)
        #expect(difference.width == 4 && difference.height == 3)
        #expect(difference[2, 1] == RGBA(red: 255, green: 0, blue: 0))
        // and an unchanged black pixel is light grey: 30 % of its contrast, lightened towards white.
        let grey = difference[0, 0]
        #expect(grey.red == grey.green && grey.green == grey.blue && grey.alpha == 255)
        #expect(grey.red == 178)
        #expect(grey.red == DifferenceImage().fadedGrey(of: .black))
    }

    @Test func highlightScalesWithMagnitude() {
        let expected = RGBAImage(width: 3, height: 1, fill: RGBA(red: 100, green: 100, blue: 100))
        var actual = expected
        actual[0, 0] = RGBA(red: 101, green: 100, blue: 100)   // smallest difference: magenta
        actual[1, 0] = RGBA(red: 100, green: 228, blue: 100)   // about half
        let difference = DifferenceImage().render(expected: expected, actual: actual)
        #expect(difference[0, 0] == RGBA(red: 255, green: 0, blue: 254))
        #expect(difference[1, 0].red == 255 && difference[1, 0].green == 0)
        #expect(difference[1, 0].blue > 100 && difference[1, 0].blue < 155)
        #expect(difference[2, 0] == RGBA(red: difference[2, 0].red, green: difference[2, 0].red, blue: difference[2, 0].red))
    }

    @Test func unchangedPixelsFollowTheExpectedLuma() {
        var expected = RGBAImage(width: 3, height: 1, fill: .white)
        expected[0, 0] = .black
        expected[1, 0] = RGBA(red: 128, green: 128, blue: 128)
        let difference = DifferenceImage().render(expected: expected, actual: expected)
        #expect(difference[0, 0].red < difference[1, 0].red)
        #expect(difference[1, 0].red < difference[2, 0].red)
        #expect(difference[2, 0] == .white)
        // Fully transparent counts as white: what the picture looks like over a light page.
        #expect(DifferenceImage().fadedGrey(of: .clear) == 255)
    }

    @Test func differencesWithinTheChannelToleranceAreNotHighlighted() {
        let expected = RGBAImage(width: 2, height: 1, fill: .black)
        var actual = expected
        actual[0, 0] = RGBA(red: 2, green: 0, blue: 0)
        actual[1, 0] = RGBA(red: 90, green: 0, blue: 0)
        let difference = DifferenceImage().render(expected: expected, actual: actual, tolerance: DiffTolerance(channel: 2))
        #expect(difference[0, 0] == RGBA(red: 178, green: 178, blue: 178))
        #expect(difference[1, 0].red == 255 && difference[1, 0].green == 0)
    }

    @Test func sizeMismatchCoversBothAndHighlightsTheUnsharedPart() {
        let expected = RGBAImage(width: 2, height: 2, fill: .black)
        let actual = RGBAImage(width: 3, height: 1, fill: .black)
        let difference = DifferenceImage().render(expected: expected, actual: actual)
        #expect(difference.width == 3 && difference.height == 2)
        #expect(difference[0, 0] == RGBA(red: 178, green: 178, blue: 178))  // both have it, equal
        #expect(difference[2, 0] == RGBA(red: 255, green: 0, blue: 0))      // only actual
        #expect(difference[1, 1] == RGBA(red: 255, green: 0, blue: 0))      // only expected
    }
}
