import Foundation
import Raster
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// What CI does with a diff: both caps at once, JUnit XML its test reporters accept, and
/// approving an intended change with `--record`, which CI never does on its own.
@Suite struct DiffWorkflowTests {
    static let render = ["--quiet", "--size", "60x90", "--scale", "1", "--fps", "20", "--hold", "0"]

    static func workspace() throws -> (folder: URL, image: String) {
        let folder = try TestFiles.temporaryFolder()
        return (folder, try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder))
    }

    /// The sequence `name` in `folder`: `image` rendered small with `extra` (a gesture, other settings).
    static func sequence(_ name: String, _ extra: [String], in folder: URL, image: String) throws -> String {
        let out = folder.appendingPathComponent(name).path
        let result = ScrollrenderCommand.run(render + extra + [image, out])
        try #require(result.status == 0, "\(result.standardError)")
        return out
    }

    static func sequence(_ name: String, fling: String, in folder: URL, image: String) throws -> String {
        try sequence(name, ["--fling", fling], in: folder, image: image)
    }

    /// 10 differing pixels out of 400: over 5 pixels but under 5 %, and the other way round.
    @Test func bothCapsFailAFrameOverEither() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = RenderFixtures.picture(width: 20, height: 20)
        var actual = expected
        for x in 0..<10 { actual[x, 3] = RGBA(red: 255, green: 0, blue: 255) }
        let a = try RenderFixtures.write(expected, named: "a.png", in: folder)
        let b = try RenderFixtures.write(actual, named: "b.png", in: folder)
        func status(_ caps: [String]) throws -> Int32 { ScrollrenderCommand.run(["diff"] + caps + [a, b]).status }
        #expect(try status(["--max-diff-pixels", "5", "--max-diff-ratio", "0.05"]) == 1)   // over the count
        #expect(try status(["--max-diff-pixels", "50", "--max-diff-ratio", "0.01"]) == 1)  // over the ratio (2.5 %)
        #expect(try status(["--max-diff-pixels", "10", "--max-diff-ratio", "0.025"]) == 0) // under both
        let json = ScrollrenderCommand.run(["diff", "--json", "--max-diff-pixels", "10", "--max-diff-ratio", "0.025", a, b]).standardOutput
        #expect(json.contains("\"maxDiffPixels\" : 10") && json.contains("\"maxDiffRatio\" : 0.025"))
    }

    @Test func junitIsWhatTestReportersRead() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.sequence("golden", fling: "300", in: folder, image: image)
        let changed = try Self.sequence("changed & <new>", fling: "400", in: folder, image: image)
        for (actual, status, failures) in [(golden, Int32(0), 0), (changed, 1, 1)] {
            let junit = folder.appendingPathComponent("junit-\(status).xml").path
            let result = ScrollrenderCommand.run(["diff", golden, actual, "--junit", junit])
            #expect(result.status == status)
            let lint = try JUnitSchema.check(junit)
            #expect(lint.status == 0, "xmllint: \(lint.standardError)")
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.contains("tests=\"1\" failures=\"\(failures)\" errors=\"0\""))
            if failures > 0 {
                #expect(xml.contains("name=\"changed &amp; &lt;new&gt;\"") && xml.contains("<failure message=\"") && xml.contains("pixels differ"))
            }
        }
        // An input that cannot be compared is an error case, and the exit status says why.
        let junit = folder.appendingPathComponent("junit-error.xml").path
        let missing = ScrollrenderCommand.run(["diff", golden, folder.appendingPathComponent("nowhere").path, "--junit", junit])
        #expect(missing.status == 66)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("errors=\"1\""))
        #expect(try JUnitSchema.check(junit).status == 0)
    }

    @Test func recordModesApproveWhatTheySay() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let actual = try Self.sequence("actual", fling: "400", in: folder, image: image)
        let golden = folder.appendingPathComponent("golden").path
        // missing: a golden that does not exist is recorded whole.
        let new = ScrollrenderCommand.run(["diff", golden, actual, "--record", "missing"])
        #expect(new.status == 0 && new.standardError.contains("recorded"), "\(new.standardError)")
        #expect(ScrollrenderCommand.run(["diff", golden, actual]).status == 0)
        // failed: only the frames that differ are replaced; the others keep their files.
        let other = try Self.sequence("other", fling: "300", in: folder, image: image)
        let before = try RenderFixtures.manifest(in: URL(fileURLWithPath: golden))
        let untouched = try FileManager.default.attributesOfItem(atPath: golden + "/frame_00000.png")[.systemFileNumber] as? Int
        let failed = ScrollrenderCommand.run(["diff", golden, other, "--record", "failed"])
        #expect(failed.status == 0 && failed.standardError.contains("--record failed"), "\(failed.standardError)")
        #expect(ScrollrenderCommand.run(["diff", golden, other]).status == 0)
        #expect(try RenderFixtures.manifest(in: URL(fileURLWithPath: golden)).frames == (try RenderFixtures.manifest(in: URL(fileURLWithPath: other))).frames)
        #expect(before.frames != (try RenderFixtures.manifest(in: URL(fileURLWithPath: golden))).frames)
        let sameFrame = ScrollrenderCommand.run(["diff", golden + "/frame_00000.png", actual + "/frame_00000.png"]).status == 0
        let inode = try FileManager.default.attributesOfItem(atPath: golden + "/frame_00000.png")[.systemFileNumber] as? Int
        if sameFrame { #expect(inode == untouched, "an equal frame was rewritten") }
        // all: every frame; and nothing left behind besides the sequence.
        #expect(ScrollrenderCommand.run(["diff", golden, actual, "--record", "all"]).status == 0)
        #expect(ScrollrenderCommand.run(["diff", golden, actual]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: golden)
        #expect(names.allSatisfy { $0 == "manifest.json" || $0.hasPrefix("frame_") })
    }

    @Test func ciRecordsOnlyWhenToldOnTheCommandLine() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.sequence("golden", fling: "300", in: folder, image: image)
        let actual = try Self.sequence("actual", fling: "400", in: folder, image: image)
        let ci = ScrollrenderCommand.run(["diff", golden, actual], environment: ["SCROLLRENDER_RECORD": "all", "CI": "true"])
        #expect(ci.status == 1 && ci.standardError.contains("ignored because CI is set"))
        #expect(ScrollrenderCommand.run(["diff", golden, actual]).status == 1)
        let local = ScrollrenderCommand.run(["diff", golden, actual], environment: ["SCROLLRENDER_RECORD": "failed", "CI": ""])
        #expect(local.status == 0, "\(local.standardError)")
        #expect(ScrollrenderCommand.run(["diff", golden, actual]).status == 0)
        let bad = ScrollrenderCommand.run(["diff", golden, actual], environment: ["SCROLLRENDER_RECORD": "sometimes"])
        #expect(bad.status == 64)
        // A file that is not scrollrender's in the golden folder stops the recording; nothing moves.
        try Data("notes".utf8).write(to: URL(fileURLWithPath: golden + "/NOTES.txt"))
        let other = try Self.sequence("other", fling: "200", in: folder, image: image)
        let refused = ScrollrenderCommand.run(["diff", golden, other, "--record", "all"])
        #expect(refused.status == 73 && refused.standardError.contains("NOTES.txt"))
        #expect(ScrollrenderCommand.run(["diff", golden, actual]).status == 0)
    }
}
