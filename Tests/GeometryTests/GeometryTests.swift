import Testing
import Geometry

@Suite struct GeometryTests {
    @Test func rectEdgesFollowOriginAndSize() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.maxX == 40)
        #expect(rect.maxY == 60)
        #expect(rect.center == Point(x: 25, y: 40))
    }
}
