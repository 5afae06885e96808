import Foundation
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// Issue 24 on the export, render, merge and diff surfaces: no output may be an input, exports are
/// published only when complete and verified (all of a run together), interrupts end the run
/// within half a second, frame folders and manifests are untrusted input, and any name a file
/// system allows works.
@Suite struct ExportSafetyTests {
    static let args = ExportTests.args

    /// A workspace holding a picture `p.png` and a rendered sequence `frames/`.
    static func workspace() throws -> (folder: URL, image: String, frames: String) {
        let (folder, frames, _) = try ExportTests.sequence()
        return (folder, folder.appendingPathComponent("p.png").path, frames.path)
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static func entries(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    static func expectOneLine(_ result: CommandResult, status: Int32, _ comment: String) {
        #expect(result.status == status, "\(comment): \(result.status) \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(comment): \(result.standardError)")
    }

    // MARK: - 1. No output path may be an input

    @Test func noOutputMayBeAnInput() throws {
        let (folder, image, frames) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        // Inputs of every kind, some reached through a link or a hard link.
        let pictureAsPNG = path("picture.png")
        try FileManager.default.copyItem(atPath: image, toPath: pictureAsPNG)
        try FileManager.default.createSymbolicLink(atPath: path("link.gif"), withDestinationPath: pictureAsPNG)
        try FileManager.default.linkItem(atPath: image, toPath: path("hard.apng"))
        let golden = path("golden")
        try FileManager.default.copyItem(atPath: frames, toPath: golden)
        let watched = [pictureAsPNG, image, frames + "/manifest.json", frames + "/frame_00003.png", golden + "/manifest.json"]
        let before = watched.map(Self.bytes)
        let header = ["--header", image]
        let cases: [(String, [String])] = [
            ("an export over the picture", Self.args + ["--export", pictureAsPNG, pictureAsPNG, path("o1")]),
            ("an export over the header picture", Self.args + header + ["--export", path("hard.apng"), pictureAsPNG, path("o2")]),
            ("an export through a link to the picture", Self.args + ["--export", path("link.gif"), pictureAsPNG, path("o3")]),
            ("OUTDIR holding the picture", Self.args + ["--force", pictureAsPNG, folder.path]),
            ("export over a frame of its sequence", ["export", frames, frames + "/frame_00005.png"]),
            ("export into its sequence", ["export", frames, frames + "/clip.gif"]),
            ("export over a frame, spelt around", ["export", frames, frames + "/../frames/frame_00001.png"]),
            ("junit over the golden's manifest", ["diff", golden, frames, "--junit", golden + "/manifest.json"]),
            ("junit over an actual frame", ["diff", golden, frames, "--junit", frames + "/frame_00003.png"]),
            ("a report inside the golden", ["diff", golden, frames, "--report", golden + "/report"]),
            ("diff-out holding both", ["diff", golden, frames, "--diff-out", folder.path]),
            ("merge into a part", ["merge", "--force", frames, frames]),
            ("merge into a folder inside a part", ["merge", frames + "/all", frames]),
        ]
        for (name, arguments) in cases {
            let result = ScrollrenderCommand.run(arguments)
            Self.expectOneLine(result, status: 73, name)
            #expect(result.standardError.contains("which this command reads"), "\(name): \(result.standardError)")
        }
        #expect(watched.map(Self.bytes) == before)
        #expect(!FileManager.default.fileExists(atPath: golden + "/report") && !FileManager.default.fileExists(atPath: frames + "/all"))
        // The export into its own sequence's folder under a frame's name is refused when rendering too.
        let own = ScrollrenderCommand.run(Self.args + ["--force", "--export", frames + "/frame_99999.png", image, frames])
        Self.expectOneLine(own, status: 73, "an export named as a frame of OUTDIR")
        #expect(!FileManager.default.fileExists(atPath: frames + "/frame_99999.png"))
    }

    // MARK: - 2. Published only when complete and verified, all together

    @Test func aFullDiskKeepsTheEarlierExport() throws {
        guard getuid() == 0 else { print("notice: skipping the full-disk export test: mounting a tmpfs needs root"); return }
        let (folder, _, frames) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = folder.appendingPathComponent("disk").path
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        // Room for the small earlier GIF, not for the full-size APNG.
        let mounted = try CommandRunner.run(shell: "mount -t tmpfs -o size=256k tmpfs '\(disk)'")
        try #require(mounted.status == 0, "mount: \(mounted.standardError)")
        defer { _ = try? CommandRunner.run(shell: "umount '\(disk)'") }
        let earlier = disk + "/x.apng"
        #expect(ScrollrenderCommand.run(["export", frames, earlier, "--export-width", "16"]).status == 0)
        let kept = Self.bytes(earlier)
        let full = ScrollrenderCommand.run(["export", frames, earlier])
        #expect([70, 74].contains(full.status), "\(full.status): \(full.standardError)")
        #expect(Self.bytes(earlier) == kept && kept != nil)
        #expect(Self.entries(disk) == ["x.apng"])
    }

    @Test func aFailingExportPublishesNoneOfTheOthers() throws {
        let (folder, image, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.gif").path, b = folder.appendingPathComponent("b.mp4").path
        try Data("earlier a".utf8).write(to: URL(fileURLWithPath: a))
        try Data("earlier b".utf8).write(to: URL(fileURLWithPath: b))
        // The second export cannot fit its budget: the first, already encoded, is not published either.
        let result = ScrollrenderCommand.run(Self.args + ["--export", a, "--export", b, "--max-size", "1KB", image,
                                                        folder.appendingPathComponent("out").path])
        #expect(result.status == 73, "\(result.standardError)")
        #expect(Self.bytes(a) == Data("earlier a".utf8) && Self.bytes(b) == Data("earlier b".utf8))
        #expect(Self.entries(folder.path) == ["a.gif", "b.mp4", "frames", "out", "p.png"])
    }

    // MARK: - 3. Interrupts end the run within half a second

    /// SIGINT at spread points of a two-export render over earlier files (the render, its GIF and
    /// its APNG take about 0.47 s on an optimised build: the last points may find it finished):
    /// the run ends within 0.5 s of the signal, and either published both new files (it had
    /// finished) or left both earlier ones, with no temporary file beside them.
    @Test func interruptsDuringExportsEndQuicklyAndKeepEarlierFiles() throws {
        let (folder, image, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.gif").path, b = folder.appendingPathComponent("b.apng").path
        for (trial, delay) in [0.03, 0.07, 0.12, 0.17, 0.23, 0.3, 0.38, 0.5].enumerated() {
            try Data("earlier a".utf8).write(to: URL(fileURLWithPath: a))
            try Data("earlier b".utf8).write(to: URL(fileURLWithPath: b))
            let out = folder.appendingPathComponent("out\(trial)").path
            let process = try CommandRunner.start(Self.args.map { $0 == "60x90" ? "120x180" : $0 } + ["--export", a, "--export", b, image, out])
            Thread.sleep(forTimeInterval: delay)
            let signalled = Date()
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            let seconds = Date().timeIntervalSince(signalled)
            #expect(seconds < 0.5, "trial \(trial): ended \(seconds) s after SIGINT")
            let finished = process.terminationReason == .exit && process.terminationStatus == 0
            // Before its handlers are installed (a loaded machine) the signal ends the process as
            // it would any program: a shell sees 130 either way, and nothing is on disk yet.
            let killedEarly = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT
            #expect(finished || killedEarly || process.terminationStatus == 130, "trial \(trial): status \(process.terminationStatus)")
            let same = Self.bytes(a) == Data("earlier a".utf8) && Self.bytes(b) == Data("earlier b".utf8)
            #expect(finished ? !same : same, "trial \(trial): finished \(finished)")
            #expect(!Self.entries(folder.path).contains { $0.hasPrefix(".") }, "trial \(trial): \(Self.entries(folder.path))")
        }
    }

    /// SIGINT at spread points of `scrollrender export` making a GIF: never a hang, never a
    /// half-made file.
    @Test func interruptsDuringAGIFExportEndQuickly() throws {
        let (folder, _, frames) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("x.gif").path
        for (trial, delay) in [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.6].enumerated() {
            try Data("earlier".utf8).write(to: URL(fileURLWithPath: gif))
            let process = try CommandRunner.start(["export", frames, gif, "--quiet"])
            Thread.sleep(forTimeInterval: delay)
            let signalled = Date()
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            #expect(Date().timeIntervalSince(signalled) < 0.5, "trial \(trial)")
            let finished = process.terminationReason == .exit && process.terminationStatus == 0
            // Before its handler is installed (the first milliseconds) the signal ends the process as usual.
            let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT
            #expect(finished || killed || process.terminationStatus == 130, "trial \(trial): \(process.terminationStatus)")
            #expect((Self.bytes(gif) == Data("earlier".utf8)) != finished, "trial \(trial)")
            #expect(Self.entries(folder.path) == ["frames", "p.png", "x.gif"], "trial \(trial)")
        }
    }

    // MARK: - 4. Frame folders and manifests are untrusted input

    @Test func tamperedFramesAreRefused() throws {
        let (folder, _, frames) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("x.gif").path
        let frame = frames + "/frame_00002.png"
        let original = try #require(Self.bytes(frame))
        let tamperings: [(String, () throws -> Void, String)] = [
            ("truncated", { try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: frame)) }, "frame_00002.png"),
            ("resized", { _ = try RenderFixtures.write(RenderFixtures.picture(width: 16, height: 24), named: "frame_00002.png", in: URL(fileURLWithPath: frames)) }, "16×24"),
            ("not a PNG", { try Data("GIF89a not a frame".utf8).write(to: URL(fileURLWithPath: frame)) }, "not a PNG"),
            ("an unlisted frame", { try original.write(to: URL(fileURLWithPath: frames + "/frame_00900.png")) }, "frame_00900.png"),
        ]
        for (name, tamper, words) in tamperings {
            try original.write(to: URL(fileURLWithPath: frame))
            try? FileManager.default.removeItem(atPath: frames + "/frame_00900.png")
            try tamper()
            let result = ScrollrenderCommand.run(["export", frames, gif])
            Self.expectOneLine(result, status: 65, name)
            #expect(result.standardError.contains(words), "\(name): \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: gif), "\(name)")
        }
    }

    @Test(arguments: [
        ("frameRange", #"{"first": 5, "last": 2}"#),
        ("frameRange", #"{"first": 0, "last": 9223372036854775807}"#),
        ("fps", "1e300"),
        ("fps", "0"),
        ("pixelWidth", "0"),
        ("pixelHeight", "100000000"),
        ("frameCount", "-3"),
        ("pattern", #""../../victim/frame_%05d.png""#),
    ])
    func hostileManifestNumbersAreRefused(key: String, value: String) throws {
        let (folder, _, frames) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.editManifest(frames) { $0[key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed) }
        for arguments in [["export", frames, folder.appendingPathComponent("x.gif").path],
                          ["merge", folder.appendingPathComponent("merged").path, frames]] {
            let result = ScrollrenderCommand.run(arguments)
            Self.expectOneLine(result, status: 65, "\(key) = \(value), \(arguments[0])")
        }
        #expect(Self.entries(folder.path) == ["frames", "p.png"])
    }

    @Test func hugeOffsetsAndEventTimesAreRefused() throws {
        let (folder, _, frames) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.editManifest(frames) { manifest in
            var list = manifest["frames"] as! [[String: Any]]
            list[1]["contentOffset"] = ["x": 0, "y": 9.3e18]
            manifest["frames"] = list
        }
        Self.expectOneLine(ScrollrenderCommand.run(["export", frames, folder.appendingPathComponent("x.gif").path]), status: 65, "offset")
        try Self.editManifest(frames) { manifest in
            var list = manifest["frames"] as! [[String: Any]]
            list[1]["contentOffset"] = ["x": 0, "y": 0]
            manifest["frames"] = list
            var events = manifest["events"] as! [[String: Any]]
            events[0]["time"] = 1e19
            manifest["events"] = events
        }
        Self.expectOneLine(ScrollrenderCommand.run(["merge", folder.appendingPathComponent("m").path, frames]), status: 65, "event time")
    }

    static func editManifest(_ frames: String, _ edit: (inout [String: Any]) throws -> Void) throws {
        let url = URL(fileURLWithPath: frames).appendingPathComponent("manifest.json")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        try edit(&manifest)
        try JSONSerialization.data(withJSONObject: manifest).write(to: url)
    }

    // MARK: - 5. Memory ceilings

    /// One long touch log named by many steps once took 1.4 GB: the timeline's recorded points
    /// are counted as the steps are read, and the first step over the limit is named.
    @Test func manyStepsNamingOneLongLogAreRefused() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = ["t,x,y"] + (0..<20_000).map { "\(Double($0) / 120),200,\(700 - Double($0) * 0.02)" }
        try rows.joined(separator: "\n").write(to: folder.appendingPathComponent("log.csv"), atomically: true, encoding: .utf8)
        let steps = Array(repeating: #"{"drag": {"pathFile": "log.csv"}}"#, count: 40).joined(separator: ",")
        let scenario = folder.appendingPathComponent("logs.json")
        try #"{"timeline": [\#(steps)]}"#.write(to: scenario, atomically: true, encoding: .utf8)
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 160, height: 600), named: "p.png", in: folder)
        let result = ScrollrenderCommand.run(["--max-memory", "256", "--scenario", scenario.path, image, folder.appendingPathComponent("out").path])
        Self.expectOneLine(result, status: 65, "40 steps of a 20,000-point log")
        #expect(result.standardError.contains("timeline[3].drag") && result.standardError.contains("60000 points"), "\(result.standardError)")
    }

    /// A GIF export holds a frame or two whatever the sequence's length: the peak of the process
    /// tree (GNU time reports the largest of scrollrender and ffmpeg) stays flat as frames grow.
    @Test func exportMemoryIsFlatAsFramesGrow() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 160, height: 600), named: "p.png", in: folder)
        var peaks: [Int] = []
        for hold in ["0", "12"] {
            let frames = folder.appendingPathComponent("frames\(hold)").path
            let render = ScrollrenderCommand.run(["--quiet", "--size", "200x300", "--scale", "2", "--fps", "25", "--hold", hold, "--fling", "300", image, frames])
            try #require(render.status == 0, "\(render.standardError)")
            let gif = folder.appendingPathComponent("x\(hold).gif").path
            let timed = try CommandRunner.run(shell: "/usr/bin/time -f '%M' '\(CommandRunner.executable.path)' export --quiet '\(frames)' '\(gif)' 2>&1 >/dev/null | tail -1")
            peaks.append(try #require(Int(timed.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)), "\(timed.standardOutput)"))
        }
        // 300 frames more (18 MB more of raw frames) may not raise the peak by more than a few frames' worth.
        #expect(peaks[1] - peaks[0] < 8_000, "peaks in KB: \(peaks)")
    }

    // MARK: - 7. Paths as users expect

    @Test func anyNameAFileSystemAllowsWorks() throws {
        let (folder, image, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        // `%` and `:` once reached ffmpeg's pattern and protocol parsers; missing parents are created.
        let odd = folder.appendingPathComponent("a%05d:b c/ü %d").path
        let out = odd + "/new/frames"
        let gif = odd + "/x%d:y.gif", mp4 = folder.appendingPathComponent("more/deep/z:%s.mp4").path
        let render = ScrollrenderCommand.run(Self.args + ["--export", gif, image, out])
        #expect(render.status == 0, "\(render.standardError)")
        let export = ScrollrenderCommand.run(["export", out, mp4, odd + "/w.webp"])
        #expect(export.status == 0, "\(export.standardError)")
        let manifest = try RenderFixtures.manifest(in: URL(fileURLWithPath: out))
        #expect(try ExportTests.gif(gif).centiseconds == manifest.frameCount * Int((100 / manifest.fps).rounded()))
        #expect(try ExportTests.probe(mp4).frames == manifest.frameCount)
        #expect(FileManager.default.fileExists(atPath: odd + "/w.webp"))
    }

    @Test func exitCodesMatchTheReadme() throws {
        let (folder, _, frames) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locked = folder.appendingPathComponent("locked").path
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        if getuid() != 0 {
            Self.expectOneLine(ScrollrenderCommand.run(["export", frames, locked + "/x.gif"]), status: 73, "a read-only folder")
        }
        // A file where a folder should be cannot hold the export.
        Self.expectOneLine(ScrollrenderCommand.run(["export", frames, folder.appendingPathComponent("p.png/x.gif").path]), status: 73, "a file as folder")
        let budget = ScrollrenderCommand.run(["export", frames, folder.appendingPathComponent("y.gif").path, "--max-size", "1TB"])
        #expect(budget.status == 0, "\(budget.standardError)")
    }
}
