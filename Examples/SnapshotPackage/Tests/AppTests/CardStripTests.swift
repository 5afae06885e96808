import Geometry
import ScrollPhysics
import ScrollRenderKit
import ScrollRenderTesting
import Testing   // or XCTest: the same call fails an XCTestCase

@Test func cardStripSnaps() throws {
    var settings = RenderSettings()
    try settings.set(.size, to: .size(Size(width: 300, height: 200)))
    try settings.set(.targetContentOffset, to: .adjustment(.snapInterval(Size(width: 300, height: 0))))
    settings.steps = [.at(0, .touches(.fling(velocity: Point(x: 900, y: 0))))]
    // Fixtures/ and __Snapshots__/ are found beside this file; frames may differ by 2 per channel.
    try assertScrollSnapshot(of: "Fixtures/cards.png", settings: settings,
                             tolerance: SnapshotTolerance(channel: 2))
    // The motion alone (every contentOffset and callback): a golden of a few kilobytes.
    try assertScrollMotion(of: "Fixtures/cards.png", settings: settings)
}
