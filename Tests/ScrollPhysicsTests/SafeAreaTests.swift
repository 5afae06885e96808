import Geometry
import Testing
@testable import ScrollPhysics

/// `safeAreaInsets` and `contentInsetAdjustmentBehavior`, as UIKit folds them into
/// `adjustedContentInset`: the offset limits, where a pull rests, where scroll-to-top stops, and
/// the indicators' track.
@Suite struct SafeAreaTests {
    /// An iPhone 16 Pro in portrait: 402×874 points, status bar and Dynamic Island 62, home indicator 34.
    static func notched(_ behavior: ContentInsetAdjustmentBehavior = .automatic, width: Double = 402, height: Double = 4000) -> ScrollView {
        var view = Fixture.view(width: width, height: height)
        view.boundsSize = Size(width: 402, height: 874)
        view.safeAreaInsets = EdgeInsets(top: 62, left: 0, bottom: 34, right: 0)
        view.contentInsetAdjustmentBehavior = behavior
        view.contentInset = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        view.contentOffset = view.minimumContentOffset
        return view
    }

    @Test func behaviorsFoldTheSafeAreaAsUIKitDoes() {
        #expect(Self.notched(.automatic).adjustedContentInset == EdgeInsets(top: 72, left: 0, bottom: 34, right: 0))
        #expect(Self.notched(.scrollableAxes).adjustedContentInset == EdgeInsets(top: 72, left: 0, bottom: 34, right: 0))
        #expect(Self.notched(.never).adjustedContentInset == EdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
        // Landscape: the sides are insets too, but only `always` adds them to content that does not scroll sideways.
        var landscape = Self.notched(.always)
        landscape.safeAreaInsets = EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)
        #expect(landscape.adjustedContentInset == EdgeInsets(top: 10, left: 62, bottom: 21, right: 62))
        landscape.contentInsetAdjustmentBehavior = .scrollableAxes
        #expect(landscape.adjustedContentInset == EdgeInsets(top: 10, left: 0, bottom: 21, right: 0))
        landscape.contentSize.width = 2000
        #expect(landscape.adjustedContentInset == EdgeInsets(top: 10, left: 62, bottom: 21, right: 62))
        // Content shorter than the view does not scroll: no vertical adjustment unless it always bounces.
        var short = Self.notched(.automatic, height: 500)
        #expect(short.adjustedContentInset.top == 10)
        short.alwaysBounceVertical = true
        #expect(short.adjustedContentInset.top == 72)
    }

    @Test(arguments: [ContentInsetAdjustmentBehavior.automatic, .never])
    func aPullComesToRestBelowTheSafeArea(behavior: ContentInsetAdjustmentBehavior) {
        let view = Self.notched(behavior)
        let top = -view.adjustedContentInset.top
        #expect(view.contentOffset.y == top)
        let sim = Fixture.simulate(view, [.at(0, .touches(.drag(translation: Point(x: 0, y: 300), hold: 0.1, duration: nil)))])
        let pulled = sim.frames(fps: 60).map(\.contentOffset.y).min()!
        #expect(pulled < top - 50)
        #expect(sim.state(at: sim.restTime + 1).contentOffset.y == top)
        #expect(top == (behavior == .never ? -10 : -72))
    }

    @Test(arguments: [ContentInsetAdjustmentBehavior.automatic, .never])
    func scrollToTopStopsAtTheAdjustedTop(behavior: ContentInsetAdjustmentBehavior) throws {
        var view = Self.notched(behavior)
        view.contentOffset = Point(x: 0, y: 2000)
        let sim = Fixture.simulate(view, [.at(0, .scrollToTop)])
        let end = try #require(sim.events.last)
        #expect(end.name == "scrollViewDidScrollToTop")
        #expect(sim.state(at: sim.restTime + 1).contentOffset.y == -view.adjustedContentInset.top)
        // The bottom limit keeps the last content above the home indicator.
        let maximum = view.maximumContentOffset(zoomScale: 1).y
        #expect(maximum == 4000 + view.adjustedContentInset.bottom - 874)
    }

    @Test func indicatorsStayClearOfTheSafeArea() throws {
        var view = Self.notched()
        view.contentOffset = Point(x: 0, y: 4000 + 34 - 874)   // the bottom end
        let sim = Fixture.simulate(view, [.at(0, .flashScrollIndicators)])
        let indicator = try #require(sim.state(at: 0.1).verticalIndicator)
        #expect(indicator.frame.maxY <= 874 - 34)
        view.contentOffset = view.minimumContentOffset
        let top = try #require(Fixture.simulate(view, [.at(0, .flashScrollIndicators)]).state(at: 0.1).verticalIndicator)
        #expect(top.frame.minY >= 62)
        view.automaticallyAdjustsScrollIndicatorInsets = false
        let unadjusted = try #require(Fixture.simulate(view, [.at(0, .flashScrollIndicators)]).state(at: 0.1).verticalIndicator)
        #expect(unadjusted.frame.minY < 62)
    }
}
