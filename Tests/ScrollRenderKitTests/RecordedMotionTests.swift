import Foundation
import Geometry
import ScrollPhysics
@testable import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// Reading a device's recorded offsets (`compare-motion`'s CSV).
@Suite struct RecordedMotionTests {
    static func read(_ text: String) throws -> RecordedMotion {
        let url = TestFiles.scratch.appendingPathComponent("recorded-\(UUID().uuidString).csv")
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

    /// What `text` is refused with, after the file's path.
    static func refusal(_ text: String) -> String {
        do {
            _ = try read(text)
            return "read"
        } catch {
            let message = "\(error)"
            return message.firstIndex(of: ":").map { String(message[message.index(after: $0)...]) } ?? message
        }
    }

    @Test func aBadNumberIsNamedByLineAndColumn() {
        #expect(Self.refusal("t,offsetY\r\n0,0\r\nx,1\r\n") == "3:1: t: expected a number, not \"x\"")
    }

    /// Issue 35: one reader for every recorded log — Excel's byte-order mark skipped, lines counted
    /// as an editor counts them, NUL refused, values range-checked where they are read.
    @Test func excelsByteOrderMarkIsSkipped() throws {
        #expect(try Self.read("\u{FEFF}" + Self.text).writes == (try Self.read(Self.text)).writes)
    }

    @Test func linesAreNumberedAsAnEditorNumbersThem() {
        #expect(Self.refusal("# comment\nt,offsetY\n\n0,0\n\n\n0.1, 5x\n") == "7:6: offsetY: expected a number, not \"5x\"")
        #expect(Self.refusal("t,offsetY\r\n\r\n0,0\r0.1,y\r\n") == "4:5: offsetY: expected a number, not \"y\"")
    }

    /// A field is trimmed of what Foundation's `.whitespaces` trims — tabs and every space
    /// separator (a no-break space from a spreadsheet, an ideographic space) — and nothing else:
    /// every scalar of the Basic Multilingual Plane before and after a letter, and a few fields.
    @Test func fieldsAreTrimmedOfEverySpaceAndOnlyOfSpaces() throws {
        let spaced = try Self.read("t,offsetY\n\t0 ,\u{00A0}0\u{3000}\n 0.1\u{2009},  10\t\n")
        #expect(spaced.writes.map(\.offset.y) == [0, 10])
        let scalars = (0...0xFFFF).compactMap(Unicode.Scalar.init).map { String(Character($0)) }
        for text in scalars.map({ $0 + "x" + $0 }) + ["", " ", "\t\u{00A0}", " a b ", "\u{301}y ", " \n"] {
            #expect(RecordedLog.trimmed(Substring(text)) == Substring(text.trimmingCharacters(in: .whitespaces)), "\(text.debugDescription)")
        }
    }

    @Test func aNulByteIsRefused() {
        #expect(Self.refusal("t,offsetY\n0,0\n0.1,1\u{0}junk\n") == "3:6: a NUL byte: this is not a text file")
    }

    @Test func numbersOutOfRangeAreRefusedWhereTheyAre() {
        #expect(Self.refusal("t,offsetY\n0,0\n0.1,1e308\n") == "3:5: offsetY: an offset must be within ±1000000 pt, not 1e+308")
        #expect(Self.refusal("t,offsetY\n0,0\n1e300,1\n") == "3:1: t: a time must be a finite number of seconds within ±1000000000, not 1e+300")
        #expect(Self.refusal("t,offsetY\n0,0\n-0.1,1\n") == "3:1: t: times must not go back (-0.1 after 0.0)")
        // The column is the number's, past every space the trim drops.
        #expect(Self.refusal("t,offsetY\n0,0\n0.1,\u{00A0}\u{2009} 1e308\n") == "3:8: offsetY: an offset must be within ±1000000 pt, not 1e+308")
        #expect(Self.refusal("t,offsetY\n0,0\n0.1,\t x\n") == "3:7: offsetY: expected a number, not \"x\"")
    }

    /// A recording and a render that cannot be compared say why by case: no phases and no release
    /// given, a release outside the recording, no dragging writes.
    @Test func whatCannotBeComparedSaysWhy() throws {
        var settings = try RenderSettingsTests.small()
        settings.steps = [.at(0, .touches(.fling(velocity: Point(x: 0, y: 400))))]
        let manifest = try RenderSettingsTests.render(settings)
        let unphased = try Self.read("t,offsetY\n0,0\n0.1,10\n0.3,25\n")
        #expect(throws: ScrollRenderError.cannotCompareMotion(.releaseUnknown)) { try RecordedMotionComparison(recorded: unphased, manifest: manifest) }
        #expect(throws: ScrollRenderError.beyondInput(.release(9, writes: 0...0.3))) {
            try RecordedMotionComparison(recorded: unphased, manifest: manifest, release: 9)
        }
        let undragged = try Self.read("t,offsetY,phase\n0,0,\n0.1,10,\n")
        #expect(throws: ScrollRenderError.cannotCompareMotion(.noDraggingWrites)) { try RecordedMotionComparison(recorded: undragged, manifest: manifest) }
    }

    @Test func aFieldIsShownEscapedAndShort() {
        #expect(Self.refusal("t,offsetY\n0,\u{1B}[2J\n") == "2:3: offsetY: expected a number, not \"\\u{1b}[2J\"")
        #expect(Self.refusal("t,offsetY\n0,\(String(repeating: "7x", count: 40))\n").hasSuffix("not \"7x7x7x7x7x7x7x7x7x7x7x7x…\""))
    }

    /// Issue 46: a recording that stops before its rest — its header says the next touch lands
    /// after its last row, or its last write still moves a view nobody drags — is known as such;
    /// UIKit's rest write (under a pixel from the one before) and a drag's last write are not.
    @Test func aRecordingCutBeforeItsRestIsKnown() throws {
        let moving = "t,offsetY,phase\n0,0,dragging\n0.1,10,dragging\n0.2,30,decelerating\n0.3,45,decelerating\n"
        #expect(try Self.read(moving).endsBeforeRest)
        let resting = "t,offsetY,phase\n0,0,dragging\n0.1,10,dragging\n0.2,30,decelerating\n0.3,30.3,decelerating\n"
        #expect(try !Self.read(resting).endsBeforeRest)
        #expect(try Self.read("# the next touch lands at t=0.31, mid-deceleration\n" + resting).endsBeforeRest)
        #expect(try !Self.read("# the next touch lands at t=0.25\n" + resting).endsBeforeRest)
        #expect(try !Self.read("t,offsetY,phase\n0,0,dragging\n0.1,10,dragging\n0.2,30,dragging\n").endsBeforeRest)
        let view = try #require(try Self.read("# boundsWidth=420 boundsHeight=912 scale=3\n" + resting).view)
        #expect(view.size == Size(width: 420, height: 912) && view.scale == 3)
        #expect(try Self.read(resting).view == nil)
    }
}
