import Foundation
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `--frames`, `--shard` and `scrollrender merge`: parts rendered anywhere join into exactly the
/// sequence one run writes.
@Suite struct ShardingTests {
    static let args = ["--quiet", "--size", "60x90", "--scale", "1", "--fps", "30", "--hold", "0", "--fling", "300"]

    static func workspace() throws -> (folder: URL, image: String) {
        let folder = try TestFiles.temporaryFolder()
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder)
        return (folder, image)
    }

    static func render(_ extra: [String], _ image: String, _ out: URL, environment: [String: String] = [:]) throws -> CommandResult {
        ScrollrenderCommand.run(args + extra + [image, out.path], environment: environment)
    }

    static func frameNames(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("frame_") }.sorted()
    }

    // MARK: - Arithmetic

    @Test(arguments: [0, 1, 2, 7, 31, 189])
    func shardsAreContiguousBalancedAndCoverEverything(total: Int) throws {
        for count in 1...(total + 3) {
            let ranges = try (1...count).map { index throws in try FrameSelection.shard(index: index, count: count).frames(of: total) }
            #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == total)
            for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
            let sizes = ranges.map(\.count)
            #expect(sizes.max()! - sizes.min()! <= 1, "\(count) shards of \(total): \(sizes)")
        }
    }

    @Test func frameRangesAreReadAsRenderFarmsWriteThem() throws {
        #expect(try FrameSelection(frames: "0-9") == .range(first: 0, last: 9))
        #expect(try FrameSelection(frames: "100-") == .range(first: 100, last: nil))
        #expect(try FrameSelection(frames: "42") == .range(first: 42, last: 42))
        #expect(try FrameSelection(frames: "100-").frames(of: 150) == 100..<150)
        #expect(try FrameSelection(frames: "3-3").frames(of: 4) == 3..<4)
        let numbers = InvalidOptionValue.Allowed.range(0...Double(RenderRequest.maximumFrameCount - 1))
        for bad in ["", "-", "-3", "a-b", "1-2-3", "+1-2", " 1-2", "99999999999999999999", "1-٣", "100000"] {
            #expect(throws: ScrollRenderError.invalidValue(InvalidOptionValue(.frames, given: bad, allowed: numbers)), "\(bad)") {
                try FrameSelection(frames: bad)
            }
        }
        #expect(throws: ScrollRenderError.invalidValue(InvalidOptionValue(.frames, given: "5-3", allowed: .ordered))) { try FrameSelection(frames: "5-3") }
        // A range the sequence does not reach is refused once the sequence's length is known.
        #expect(throws: ScrollRenderError.beyondInput(.frames(first: 150, last: nil, total: 150))) { try FrameSelection(frames: "150-").frames(of: 150) }
        #expect(throws: ScrollRenderError.beyondInput(.frames(first: 10, last: 150, total: 150))) { try FrameSelection(frames: "10-150").frames(of: 150) }
    }

    @Test func shardIndexComesFromKubernetesOrSlurm() throws {
        #expect(try FrameSelection(shard: "2/4", environment: [:]) == .shard(index: 2, count: 4))
        #expect(try FrameSelection(shard: "index/4", environment: ["JOB_COMPLETION_INDEX": "0"]) == .shard(index: 1, count: 4))
        #expect(try FrameSelection(shard: "index/4", environment: ["JOB_COMPLETION_INDEX": "3"]) == .shard(index: 4, count: 4))
        #expect(try FrameSelection(shard: "index/4", environment: ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5"]) == .shard(index: 3, count: 4))
        #expect(try FrameSelection(shard: "index/4", environment: ["SLURM_ARRAY_TASK_ID": "2"]) == .shard(index: 3, count: 4))
        let counts = InvalidOptionValue.Allowed.range(1...Double(FrameSelection.maximumShardCount))
        for text in ["0/4", "5/4", "1/0", "x/4", "1/4/2", "1/1000001"] {
            #expect(throws: ScrollRenderError.invalidValue(InvalidOptionValue(.shard, given: text, allowed: counts)), "\(text)") {
                try FrameSelection(shard: text, environment: [:])
            }
        }
        // index/N without an index the scheduler gives: none set, one not a number, more tasks than shards.
        let schedulers: [([String: String], ShardIndexProblem)] = [
            ([:], .notSet), (["JOB_COMPLETION_INDEX": "4"], .beyondCount(index: 4, count: 4)),
            (["JOB_COMPLETION_INDEX": "-1"], .notAnIndex(jobCompletionIndex: "-1")),
            (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "2"], .notInArray(taskID: "1", minimum: "2")),
        ]
        for (environment, problem) in schedulers {
            #expect(throws: ScrollRenderError.noShardIndex(problem), "\(environment)") { try FrameSelection(shard: "index/4", environment: environment) }
        }
    }

    // MARK: - End to end

    /// The README's recipe: GNU parallel renders four shards, merge joins them.
    @Test func shardsRenderedWithGNUParallelMergeIntoOneRun() throws {
        let parallel = try CommandRunner.run(shell: "command -v parallel")
        try #require(parallel.status == 0, "GNU parallel is missing: Scripts/install-dependencies.sh --tests (run by Scripts/test.sh) installs it (Debian package parallel)")
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one")
        #expect(try Self.render([], image, one).status == 0)
        let options = Self.args.joined(separator: " ")
        let result = try CommandRunner.run(shell: """
            cd '\(folder.path)' && parallel --will-cite --halt now,fail=1 '\(CommandRunner.executable.path)' \(options) --shard {}/4 p.png shard-{} ::: 1 2 3 4 \
            && '\(CommandRunner.executable.path)' merge all shard-*
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("merged 4 parts"))
        let all = folder.appendingPathComponent("all")
        let diff = ScrollrenderCommand.run(["diff", one.path, all.path])
        #expect(diff.status == 0, "\(diff.standardOutput)")
        let (single, merged) = (try RenderFixtures.manifest(in: one), try RenderFixtures.manifest(in: all))
        #expect(merged.frames == single.frames && merged.events == single.events && merged.settings == single.settings)
        #expect(merged.frameCount == single.frameCount && !merged.partial && merged.frameRange == single.frameRange)
        #expect(Self.frameNames(all) == Self.frameNames(one))
        // Same file system: linked, not copied.
        var a = stat(), b = stat()
        stat(folder.appendingPathComponent("shard-1/frame_00000.png").path, &a)
        stat(all.appendingPathComponent("frame_00000.png").path, &b)
        #expect(a.st_ino == b.st_ino)
    }

    @Test func aShardsManifestSaysWhatPartItIs() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one"), part = folder.appendingPathComponent("part")
        #expect(try Self.render([], image, one).status == 0)
        let total = try RenderFixtures.manifest(in: one).frameCount
        #expect(try Self.render(["--frames", "3-7"], image, part).status == 0)
        let manifest = try RenderFixtures.manifest(in: part)
        #expect(manifest.partial && manifest.totalFrames == total && manifest.frameCount == 5)
        #expect(manifest.frameRange == Manifest.FrameRange(3..<8) && manifest.frames.map(\.index) == Array(3...7))
        #expect(manifest.ffmpeg.gif.contains("-start_number 3 "))
        #expect(Self.frameNames(part) == (3...7).map(FrameNaming.name))
        for index in 3...7 {
            #expect(try RenderFixtures.frame(index, in: part) == RenderFixtures.frame(index, in: one))
        }
        // The environment's index picks the same shard as K/N.
        for (name, environment) in [("k8s", ["JOB_COMPLETION_INDEX": "1"]), ("slurm", ["SLURM_ARRAY_TASK_ID": "12", "SLURM_ARRAY_TASK_MIN": "11"])] {
            let out = folder.appendingPathComponent(name)
            #expect(try Self.render(["--shard", "index/3"], image, out, environment: environment).status == 0)
            let expected = try FrameSelection.shard(index: 2, count: 3).frames(of: total)
            #expect(try RenderFixtures.manifest(in: out).frameRange == Manifest.FrameRange(expected))
        }
        let missing = try Self.render(["--shard", "index/3"], image, folder.appendingPathComponent("none"))
        #expect(missing.status == 64 && missing.standardError.contains("JOB_COMPLETION_INDEX"))
    }

    @Test func emptyShardsAreFineAndSaySo() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one")
        #expect(try Self.render([], image, one).status == 0)
        let total = try RenderFixtures.manifest(in: one).frameCount
        let count = total + 2
        var shards: [String] = []
        // Of total + 2 shards the first is empty and the second holds frame 0.
        for index in [1, 2] {
            let out = folder.appendingPathComponent("s\(index)")
            let result = ScrollrenderCommand.run(Array(Self.args.dropFirst()) + ["--shard", "\(index)/\(count)", image, out.path])
            #expect(result.status == 0)
            if index == 1 {
                #expect(result.standardError.contains("is empty"), "\(result.standardError)")
                #expect(Self.frameNames(out).isEmpty)
                #expect(try RenderFixtures.manifest(in: out).frameRange == nil)
            }
            shards.append(out.path)
        }
        // The rest as one range, then all parts merge, the empty ones included.
        let rest = folder.appendingPathComponent("rest")
        let covered = try FrameSelection.shard(index: 2, count: count).frames(of: total).upperBound
        #expect(try Self.render(["--frames", "\(covered)-"], image, rest).status == 0)
        let all = folder.appendingPathComponent("all")
        let merge = ScrollrenderCommand.run(["merge", "--quiet", all.path] + shards + [rest.path])
        #expect(merge.status == 0, "\(merge.standardError)")
        #expect(ScrollrenderCommand.run(["diff", one.path, all.path]).status == 0)
    }

    @Test func mergeRefusesGapsOverlapsAndMixedInputs() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = try RenderFixtures.write(RenderFixtures.picture(width: 121, height: 400), named: "q.png", in: folder)
        func part(_ name: String, _ extra: [String], image: String? = nil) throws -> String {
            let out = folder.appendingPathComponent(name)
            let result = try Self.render(extra, image ?? image!, out)
            try #require(result.status == 0, "\(result.standardError)")
            return out.path
        }
        let a = try part("a", ["--frames", "0-2"], image: image)
        let b = try part("b", ["--frames", "6-8"], image: image)
        let c = try part("c", ["--frames", "10-"], image: image)
        let d = try part("d", ["--frames", "2-9"], image: image)
        let slower = try part("slower", ["--frames", "3-5", "--deceleration", "fast"], image: image)
        let picture = try part("picture", ["--frames", "3-5"], image: other)
        let out = folder.appendingPathComponent("out").path
        let cases: [([String], String)] = [
            ([a, b, c], "missing frames 3-5, 9"),
            ([a, d, c], "both hold frames 2"),
            ([a, slower, b], "rendered with other settings (deceleration differ)"),
            ([a, picture, b], "rendered from another picture"),
            ([a, folder.appendingPathComponent("nothing").path], "no such file"),
            ([a, image], "not a frame folder"),
        ]
        for (shards, message) in cases {
            let result = ScrollrenderCommand.run(["merge", out] + shards)
            #expect([65, 66].contains(result.status), "\(shards): \(result.status)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        // A part whose frame went missing is refused, naming it.
        try FileManager.default.removeItem(atPath: b + "/frame_00007.png")
        let broken = ScrollrenderCommand.run(["merge", out, a, b])
        #expect(broken.status == 65 && broken.standardError.contains("frame_00007.png is missing"))
        // Merging into one of the parts is refused before anything moves.
        let into = ScrollrenderCommand.run(["merge", "--force", a, a, c])
        #expect(into.status == 73 && Self.frameNames(URL(fileURLWithPath: a)).count == 3)
    }

    @Test func diffComparesTheFramesAShardHolds() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one"), part = folder.appendingPathComponent("part")
        let changed = folder.appendingPathComponent("changed")
        #expect(try Self.render([], image, one).status == 0)
        #expect(try Self.render(["--shard", "2/3"], image, part).status == 0)
        let faster = Self.args.map { $0 == "300" ? "500" : $0 } + [image, changed.path]
        #expect(ScrollrenderCommand.run(faster).status == 0)
        let same = ScrollrenderCommand.run(["diff", one.path, part.path])
        #expect(same.status == 0 && same.standardOutput.contains("note: actual holds only frames"), "\(same.standardOutput)")
        #expect(!same.standardOutput.contains("missing"))
        let different = ScrollrenderCommand.run(["diff", changed.path, part.path])
        #expect(different.status == 1, "\(different.standardOutput)")
        // Export takes the part's frames from its first number, and says it is a part.
        let clip = folder.appendingPathComponent("part.mp4").path
        let export = ScrollrenderCommand.run(["export", part.path, clip])
        #expect(export.status == 0 && export.standardError.contains("holds only frames"), "\(export.standardError)")
        #expect(try ExportTests.probe(clip).frames == RenderFixtures.manifest(in: part).frameCount)
    }

    @Test func anInterruptedShardLeavesNothing() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("shard").path
        let process = try CommandRunner.start(["--quiet", "--size", "200x300", "--scale", "2", "--fps", "120", "--hold", "3", "--fling", "2000",
                                               "--shard", "2/2", image, out])
        let deadline = Date().addingTimeInterval(20)
        let staging = { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).first { $0.hasSuffix(".tmp") } }
        while Date() < deadline, !(staging().map { Self.frameNames(folder.appendingPathComponent($0)).count > 3 } ?? false) {
            usleep(10_000)
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["p.png"])
    }
}
