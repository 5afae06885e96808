import Foundation
import Raster
import Testing
import _ScrollRenderTestSupport

/// Issue 37: a verdict that leads in every output — the text, the JUnit file and the stderr line
/// start with where the motion parts, then summarise the pixels; a failing diff prints the command
/// that approves it, and a missing golden says how to record it. Masks and the perceptual threshold
/// from the command line.
@Suite struct DiffVerdictTests {
    /// `command` as the shell runs it, with the built scrollrender in place of the program name.
    static func runPrinted(_ command: String) throws -> CommandResult {
        try #require(command.hasPrefix("scrollrender "), "\(command)")
        return try CommandRunner.run(shell: "'\(CommandRunner.executable.path)' " + command.dropFirst("scrollrender ".count))
    }

    /// After a velocity change, `grep motion junit.xml` finds the verdict: where the motion parts,
    /// when, and both offsets; the text starts with it and lists a few frames, not every one; the
    /// printed command approves the change.
    @Test func aVelocityChangeLeadsWithTheMotionEverywhere() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder)
        let golden = try DiffWorkflowTests.sequence("golden", fling: "300", in: folder, image: image)
        let faster = try DiffWorkflowTests.sequence("faster", fling: "320", in: folder, image: image)
        let junit = folder.appendingPathComponent("junit.xml").path
        let result = ScrollrenderCommand.run(["diff", golden, faster, "--junit", junit])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("motion parts at frame ") == true && lines.first?.contains("(t = ") == true, "\(result.standardOutput)")
        #expect(lines.first?.contains("contentOffset expected (0, ") == true && lines.first?.contains(", actual (0, ") == true)
        let failing = try #require(ReportTests.failingCount(result.standardOutput), "\(result.standardOutput)")
        #expect(failing > 5)
        // The pixels summarised: a count, the first three frames, how many more — not a line a frame.
        #expect(lines.contains { $0.hasPrefix("pixels: ") && $0.hasSuffix("frames differ beyond the tolerance") }, "\(result.standardOutput)")
        #expect(lines.filter { $0.hasPrefix("  frame_") }.count == 3)
        #expect(lines.contains { $0.hasPrefix("  … and ") && $0.contains("more (every frame: --json") })
        #expect(lines.count < 20, "\(lines.count) lines")
        #expect(lines.last == "to approve: scrollrender diff \(golden) \(faster) --record failed")
        #expect(result.standardError.hasPrefix("scrollrender: differences found: motion parts at frame "), "\(result.standardError)")
        // The JUnit file leads with it too, and stays valid.
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<failure message=\"motion parts at frame "), "\(xml)")
        #expect(xml.components(separatedBy: "\n").filter { $0.contains("motion") }.count >= 1)
        #expect(try JUnitSchema.check(junit).status == 0)
        // --json keeps every frame, the motion and the approving command.
        let json = ScrollrenderCommand.run(["diff", "--json", golden, faster])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((object["frames"] as? [Any])?.count ?? 0 >= failing)
        #expect((object["motion"] as? [String: Any])?["firstParting"] != nil && (object["approve"] as? String)?.hasSuffix("--record failed") == true)
        #expect(json.standardError.contains("; to approve: scrollrender diff "))
        // The printed command approves the change.
        let approved = try Self.runPrinted(String(try #require(lines.last).dropFirst("to approve: ".count)))
        #expect(approved.status == 0, "\(approved.standardError)")
        #expect(ScrollrenderCommand.run(["diff", golden, faster]).status == 0)
    }

    /// The user's own paths, quoted for the shell: a space and a quote in a folder's name; a
    /// missing golden says how to record it, and that command records it.
    @Test func thePrintedCommandsWorkWhateverThePaths() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder)
        let out = try DiffWorkflowTests.sequence("new run", fling: "300", in: folder, image: image)
        let golden = folder.appendingPathComponent("team's golden").path
        let missing = ScrollrenderCommand.run(["diff", golden, out, "--tolerance", "2"])
        #expect(missing.status == 66)
        let quoted = "'\(folder.path)/team'\\''s golden' '\(out)'"
        #expect(missing.standardError == "scrollrender: \(golden): no golden here yet; record it from \(out) with: scrollrender diff \(quoted) --tolerance 2 --record missing\n",
                "\(missing.standardError)")
        let command = String(try #require(missing.standardError.components(separatedBy: " with: ").last).dropLast())
        let recorded = try Self.runPrinted(command)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        #expect(ScrollrenderCommand.run(["diff", golden, out]).status == 0)
        // A changed run: its approving command, quoted, records it.
        let other = try DiffWorkflowTests.sequence("next run", fling: "330", in: folder, image: image)
        let changed = ScrollrenderCommand.run(["diff", golden, other, "--mask", "0,0,10,10"])
        #expect(changed.status == 1)
        let approve = try #require(changed.standardOutput.split(separator: "\n").last.map(String.init))
        #expect(approve == "to approve: scrollrender diff '\(folder.path)/team'\\''s golden' '\(other)' --mask 0,0,10,10 --record failed", "\(approve)")
        #expect(try Self.runPrinted(String(approve.dropFirst("to approve: ".count))).status == 0)
        #expect(ScrollrenderCommand.run(["diff", golden, other]).status == 0)
    }

    /// Issue 37, item 6: a motion golden against a fling that lasts a frame longer passes within
    /// --offset-tolerance 20 (offsets at equal times, the shorter held at its rest; a run of
    /// scrollViewDidScroll as one), and fails without it, leading with where it parts.
    @Test func aMotionGoldenAcceptsAFlingAFrameLongerWithinTheTolerance() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder)
        let slow = try DiffWorkflowTests.sequence("slow", fling: "300", in: folder, image: image)
        let fast = try DiffWorkflowTests.sequence("fast", fling: "330", in: folder, image: image)
        let (slowFrames, fastFrames) = (try RenderFixtures.manifest(in: URL(fileURLWithPath: slow)).frameCount,
                                        try RenderFixtures.manifest(in: URL(fileURLWithPath: fast)).frameCount)
        try #require(fastFrames == slowFrames + 1, "the faster fling lasts \(fastFrames) frames, the slower \(slowFrames)")
        let golden = folder.appendingPathComponent("motion")
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: slow + "/manifest.json", toPath: golden.path + "/manifest.json")
        let tolerant = ScrollrenderCommand.run(["diff", golden.path, fast, "--offset-tolerance", "20"])
        #expect(tolerant.status == 0, "\(tolerant.standardOutput)")
        #expect(tolerant.standardOutput.hasPrefix("motion equal within 20 pt (\(fastFrames) frames and the delegate callbacks)"), "\(tolerant.standardOutput)")
        #expect(tolerant.standardOutput.contains("note: the motion lasts \(slowFrames) frames expected, \(fastFrames) actual"))
        let strict = ScrollrenderCommand.run(["diff", golden.path, fast])
        #expect(strict.status == 1 && strict.standardOutput.hasPrefix("motion parts at frame "), "\(strict.standardOutput)")
    }

    /// --mask leaves a region out (in points: pixels for two PNG files); --threshold and
    /// --perceptual let a faint change pass that the channel test counts.
    @Test func masksAndThePerceptualThresholdFromTheCommandLine() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var picture = RenderFixtures.picture(width: 40, height: 30)
        let expected = try RenderFixtures.write(picture, named: "a.png", in: folder)
        var pixel = picture[5, 6]
        pixel.green = pixel.green &+ 3   // faint: a YIQ distance of about 2.2
        picture[5, 6] = pixel
        let faint = try RenderFixtures.write(picture, named: "faint.png", in: folder)
        picture[30, 20] = RGBA(red: 255, green: 255, blue: 255)
        let both = try RenderFixtures.write(picture, named: "both.png", in: folder)
        #expect(ScrollrenderCommand.run(["diff", expected, faint]).status == 1)
        #expect(ScrollrenderCommand.run(["diff", expected, faint, "--perceptual"]).status == 0)
        #expect(ScrollrenderCommand.run(["diff", expected, faint, "--threshold", "0.1"]).status == 0)
        #expect(ScrollrenderCommand.run(["diff", expected, faint, "--threshold", "0.005"]).status == 1)
        let perceptual = ScrollrenderCommand.run(["diff", expected, both, "--perceptual"])
        #expect(perceptual.status == 1 && perceptual.standardOutput.contains("1 pixel differs") && perceptual.standardOutput.contains("in 1×1 at (30, 20)"),
                "\(perceptual.standardOutput)")
        #expect(perceptual.standardOutput.contains("tolerance: channel difference ≤ 0, perceptual threshold 0.1 (YIQ)"))
        // Masks: the faint change and the white pixel each under one.
        #expect(ScrollrenderCommand.run(["diff", expected, both, "--mask", "5,6,1,1", "--mask", "28,18,4,4"]).status == 0)
        let one = ScrollrenderCommand.run(["diff", expected, both, "--mask", "28,18,4,4"])
        #expect(one.status == 1 && one.standardOutput.contains("in 1×1 at (5, 6)") && one.standardOutput.contains("masked: 1 region (4×4 at (28, 18))"),
                "\(one.standardOutput)")
        for bad in [["--threshold", "1.5"], ["--threshold", "-0.1"], ["--mask", "0,0,0,5"], ["--mask", "1,2"], ["--mask", "0,0,nan,4"]] {
            let refused = ScrollrenderCommand.run(["diff", expected, both] + bad)
            #expect(refused.status == 64 && refused.standardError.split(separator: "\n").count == 1, "\(bad): \(refused.standardError)")
        }
    }
}
