import Foundation
import Geometry
import ScrollRenderKit
import Testing

/// Reading a device's recorded offsets (`compare-motion`'s CSV).
@Suite struct RecordedMotionTests {
    static func read(_ text: String) throws -> RecordedMotion {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try RecordedMotion.read(path: url.path)
    }

    static let text = "# swizzled -setContentOffset:\nt,offsetX,offsetY,phase,note\n0,0,0,dragging,a\n0.1,0,10,dragging,b\n\n0.2,0,20,,c\n0.3,0,25,,d\n"

    @Test func readsTheColumnsItNamesAndSkipsTheRest() throws {
        let motion = try Self.read(Self.text)
        #expect(motion.hasPhases)
        #expect(motion.writes.map(\.time) == [0, 0.1, 0.2, 0.3])
        #expect(motion.writes.map(\.offset.y) == [0, 10, 20, 25])
        #expect(motion.writes.map(\.isDragging) == [true, true, false, false])
    }

    /// A recording saved with Windows line ends reads as the same writes.
    @Test func readsWindowsLineEnds() throws {
        let crlf = try Self.read(Self.text.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(crlf.writes == (try Self.read(Self.text)).writes)
    }

    @Test func aBadNumberIsNamedByLineAndColumn() {
        do {
            _ = try Self.read("t,offsetY\r\n0,0\r\nx,1\r\n")
            Issue.record("a row whose t is \"x\" was read")
        } catch {
            #expect("\(error)".contains("line 3") && "\(error)".contains("column t"), "\(error)")
        }
    }
}
