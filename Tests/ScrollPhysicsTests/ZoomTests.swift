import Geometry
import Testing
@testable import ScrollPhysics

@Suite struct ZoomTests {
    private func zoomableView(maximum: Double = 3) -> ScrollView {
        var view = Fixture.view(width: 390, height: 844)
        view.minimumZoomScale = 0.5
        view.maximumZoomScale = maximum
        return view
    }

    /// R12: max·(2 − max/s) above the maximum, min/(2 − s/min) below the minimum: 1.5× the limit
    /// at twice it, never 2×.
    @Test func zoomRubberBand() {
        #expect(isClose(Zooming.displayedScale(forRawScale: 6, minimum: 0.5, maximum: 3, bounces: true), 4.5, 1e-12))
        #expect(isClose(Zooming.displayedScale(forRawScale: 0.25, minimum: 0.5, maximum: 3, bounces: true), 0.5 / 1.5, 1e-12))
        #expect(Zooming.displayedScale(forRawScale: 1e6, minimum: 0.5, maximum: 3, bounces: true) < 6)
        #expect(Zooming.displayedScale(forRawScale: 2, minimum: 0.5, maximum: 3, bounces: true) == 2)
        #expect(Zooming.displayedScale(forRawScale: 6, minimum: 0.5, maximum: 3, bounces: false) == 3)
    }

    /// The content point under the fingers' centroid stays under it, also while the centroid moves.
    @Test func pinchIsAnchoredAtTheFingers() throws {
        var samples: [TouchSample] = []
        for k in 0...30 {
            let p = Double(k) / 30
            let center = Point(x: 150 + 40 * p, y: 300 + 25 * p)
            let spread = 100 * (1 + 0.8 * p)
            let phase: TouchPhase = k == 0 ? .began : (k == 30 ? .ended : .moved)
            samples.append(TouchSample(time: 0.3 * p, phase: phase, locations: [
                center - Point(x: spread / 2, y: 0), center + Point(x: spread / 2, y: 0),
            ]))
        }
        let sim = Fixture.simulate(zoomableView(), [.at(0, .touches(TouchScript(samples: samples)))])
        let anchor = Point(x: 150, y: 300)
        for sample in samples.dropFirst() {
            let state = sim.state(at: sample.time)
            let under = (sim.exactOffset(at: sample.time) + sample.centroid) / state.zoomScale
            #expect(isClose(under, anchor, 1e-9))
            let shown = (state.contentOffset + sample.centroid) / state.zoomScale
            #expect(isClose(shown, anchor, 0.25))
        }
        #expect(isClose(sim.state(at: 0.3).zoomScale, 1.8, 1e-9))
        #expect(sim.state(at: 0.15).isZooming && sim.state(at: 0.15).isTracking)
    }

    /// §3e: WillBeginZooming → (DidZoom + DidScroll)… → release beyond max → zoom bounce with one
    /// DidZoom at its end → DidEndZooming(max). No drag callbacks.
    @Test func pinchBeyondTheMaximumBouncesBack() throws {
        let sim = Fixture.simulate(zoomableView(maximum: 2), [.at(0, .touches(.pinch(scale: 3, center: Point(x: 100, y: 200))))])
        let names = sim.collapsedNames
        #expect(names.first == "scrollViewWillBeginZooming")
        #expect(!names.contains("scrollViewWillBeginDragging"))
        let end = try #require(sim.events.last)
        #expect(end.callback == .didEndZooming(scale: 2))
        let release = 0.4 + 0.15
        #expect(isClose(end.time, release + UIKitConstants.zoomBounceDuration, 1e-9))
        let afterRelease = sim.events.filter { $0.time > release + 1e-9 }.map(\.name)
        #expect(afterRelease == ["scrollViewDidZoom", "scrollViewDidScroll", "scrollViewDidEndZooming"])
        let peak = sim.frames(fps: 120).map(\.zoomScale).max() ?? 0
        #expect(peak > 2.3 && peak < 4)
        #expect(sim.state(at: release + 0.1).isZoomBouncing)
        #expect(!sim.state(at: release + 0.1).isZooming)
        let rest = sim.state(at: sim.restTime)
        #expect(rest.zoomScale == 2 && rest.contentOffset == Point(x: 100, y: 200))
        #expect(rest.contentSize == Size(width: 780, height: 1688))
        #expect(!rest.isZoomBouncing)
    }

    @Test func withoutBouncesZoomTheScaleStopsAtTheLimit() {
        var view = zoomableView(maximum: 2)
        view.bouncesZoom = false
        let sim = Fixture.simulate(view, [.at(0, .touches(.pinch(scale: 3)))])
        #expect(sim.frames(fps: 120).allSatisfy { $0.zoomScale <= 2 })
        #expect(sim.events.last?.callback == .didEndZooming(scale: 2))
        #expect(isClose(sim.events.last?.time ?? 0, 0.55, 1e-9))
    }

    /// Zooming out below the bounds leaves the offset outside the range: it snaps back with
    /// deceleration callbacks (§3e, L).
    @Test func zoomedOutContentSnapsBack() {
        let sim = Fixture.simulate(zoomableView(), [.at(0, .touches(.pinch(scale: 0.6, center: Point(x: 300, y: 600))))])
        #expect(sim.collapsedNames.suffix(4) == [
            "scrollViewDidEndZooming", "scrollViewWillBeginDecelerating", "scrollViewDidScroll", "scrollViewDidEndDecelerating",
        ])
        let rest = sim.state(at: sim.restTime)
        #expect(isClose(rest.zoomScale, 0.6, 1e-9))
        #expect(rest.contentOffset == .zero)
    }

    @Test func zoomToRectFitsAndCentresTheRect() throws {
        let view = zoomableView(maximum: 4)
        let sim = Fixture.simulate(view, [.at(0, .zoomTo(Rect(x: 100, y: 300, width: 195, height: 195), animated: true))])
        #expect(sim.events.map(\.name) == ["scrollViewDidZoom", "scrollViewDidScroll", "scrollViewDidEndZooming"])
        let end = try #require(sim.events.last)
        #expect(isClose(end.time, 0.3, 1e-12))
        #expect(end.callback == .didEndZooming(scale: 2))
        #expect(end.contentOffset == Point(x: 200 + 195 - 195, y: 795 - 422))
        #expect(isClose(sim.state(at: 0.15).zoomScale, 1.5, 1e-9))
    }

    @Test func setZoomScaleKeepsTheCentre() {
        let sim = Fixture.simulate(zoomableView(), [.at(0, .setZoomScale(2, animated: false))])
        #expect(sim.events.map(\.name) == ["scrollViewDidZoom", "scrollViewDidScroll"])
        #expect(sim.state(at: 0).contentOffset == Point(x: 195, y: 422))
        let clamped = Fixture.simulate(zoomableView(), [.at(0, .setZoomScale(10, animated: true))])
        #expect(clamped.events.last?.callback == .didEndZooming(scale: 3))
    }
}
