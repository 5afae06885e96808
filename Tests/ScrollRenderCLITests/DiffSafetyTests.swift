import Foundation
import Testing
import _ScrollRenderTestSupport

/// Issue 24 on `diff`: a golden replaced by `--record` is whole at every instant, even after
/// SIGKILL; signals end a comparison and leave nothing staged; a golden's `pattern` cannot reach
/// outside its folder; decoded frames are held within `--max-memory`; `--record missing` never
/// leaves a golden whose manifest does not describe its frames.
@Suite struct DiffSafetyTests {
    static let render = DiffWorkflowTests.render

    static func entries(_ path: String) -> [String] { ExportSafetyTests.entries(path) }

    static func copy(_ source: String, to destination: String) throws {
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }

    /// The id of a process that has ended, as a killed run's leftovers carry it.
    static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    static func frameNames(_ folder: String) -> [String] { entries(folder).filter { $0.hasPrefix("frame_") } }

    /// Two sequences of the same picture, `old` flung at 300 pt/s and `new` at `newFling`, in
    /// frames of `size` points.
    static func twoSequences(size: String = "200x300", newFling: String = "600") throws -> (folder: URL, old: String, new: String) {
        let (folder, image) = try DiffWorkflowTests.workspace()
        let options = Self.render.map { $0 == "60x90" ? size : $0 }
        let old = folder.appendingPathComponent("old").path, new = folder.appendingPathComponent("new").path
        #expect(ScrollrenderCommand.run(options + ["--fling", "300", image, old]).status == 0)
        #expect(ScrollrenderCommand.run(options + ["--fling", newFling, image, new]).status == 0)
        return (folder, old, new)
    }

    // MARK: - 3. SIGKILL during --record leaves the old or the new golden, whole

    /// The two states a swap killed outright can leave, built on disk as a killed run leaves them:
    /// before its commit mark the earlier golden comes back, after it the new one is completed.
    /// The journal is the fallback where a golden cannot be swapped whole (a mount point). Its id
    /// may since belong to a live process (ids are reused at once in containers): the lock, not
    /// the id, says the swap's run is over.
    @Test(arguments: [false, true], [false, true])
    func aSwapCutByKillIsSettledWhole(committed: Bool, idReused: Bool) throws {
        let (folder, image) = try DiffWorkflowTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try DiffWorkflowTests.sequence("old", fling: "300", in: folder, image: image)
        let new = try DiffWorkflowTests.sequence("new", fling: "500", in: folder, image: image)
        let golden = folder.appendingPathComponent("golden").path
        try Self.copy(old, to: golden)
        let pid = idReused ? getpid() : try Self.deadProcessID()
        let aside = "\(golden)/.scrollrender-\(pid).earlier", staging = "\(golden)/.scrollrender-\(pid).tmp"
        try FileManager.default.createDirectory(atPath: aside, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: "\(staging)/.scrollrender-staging", contents: nil))
        let oldNames = Self.entries(golden).filter { !$0.hasPrefix(".") }
        let newNames = Self.entries(new)
        // Earlier files moved aside: half of them, or (committed) all; then half the new ones in.
        for name in committed ? oldNames : Array(oldNames.prefix(oldNames.count / 2)) {
            try FileManager.default.moveItem(atPath: "\(golden)/\(name)", toPath: "\(aside)/\(name)")
        }
        for name in newNames { try FileManager.default.copyItem(atPath: "\(new)/\(name)", toPath: "\(staging)/\(name)") }
        if committed {
            #expect(FileManager.default.createFile(atPath: "\(aside)/.scrollrender-committed", contents: nil))
            for name in newNames.prefix(newNames.count / 2) {
                try FileManager.default.moveItem(atPath: "\(staging)/\(name)", toPath: "\(golden)/\(name)")
            }
        }
        // A reader settles the golden first: it is the earlier or the new sequence, whole.
        let compared = ScrollrenderCommand.run(["diff", golden, committed ? new : old])
        #expect(compared.status == 0, "\(compared.standardError)")
        #expect(Self.entries(golden) == (committed ? newNames : oldNames).sorted(), "\(Self.entries(golden))")
        // And the next --record works.
        let recorded = ScrollrenderCommand.run(["diff", golden, committed ? old : new, "--record", "all"])
        #expect(recorded.status == 0, "\(recorded.standardError)")
        #expect(ScrollrenderCommand.run(["diff", golden, committed ? old : new]).status == 0)
    }

    /// SIGKILL at spread points of `--record all` over a golden, then a second `--record`: every
    /// time the golden is one of the two sequences, whole, and the second recording works.
    @Test func aKilledRecordThenASecondRecord() throws {
        let (folder, old, new) = try Self.twoSequences()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("golden").path
        for (trial, delay) in [0.01, 0.03, 0.06, 0.1, 0.15, 0.2, 0.3, 0.45].enumerated() {
            try Self.copy(old, to: golden)
            let process = try CommandRunner.start(["diff", golden, new, "--record", "all"])
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let isOld = ScrollrenderCommand.run(["diff", golden, old]).status == 0
            let isNew = ScrollrenderCommand.run(["diff", golden, new]).status == 0
            #expect(isOld || isNew, "trial \(trial): the golden is neither sequence: \(Self.entries(golden))")
            let again = ScrollrenderCommand.run(["diff", golden, new, "--record", "all"])
            #expect(again.status == 0, "trial \(trial): \(again.standardError)")
            #expect(ScrollrenderCommand.run(["diff", golden, new]).status == 0, "trial \(trial)")
            #expect(!Self.entries(golden).contains { $0.hasPrefix(".") }, "trial \(trial): \(Self.entries(golden))")
        }
    }

    /// Issue 35: SIGKILL at many points of `--record all`, the golden listed right after each kill
    /// with nothing run in between: it holds one whole sequence — the earlier one's frames and
    /// manifest or the new one's, and nothing else — every time, as it is swapped whole.
    @Test func aGoldenListedRightAfterAKillIsOneWholeSequence() throws {
        let (folder, old, new) = try Self.twoSequences()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("golden").path
        let (oldNames, newNames) = (Self.entries(old), Self.entries(new))
        try #require(oldNames != newNames)
        try Self.copy(old, to: golden)
        // Timed as the binary, whose start the kills below must also wait out; the kills spread
        // over 1.6 times that, as a busy machine (the suite's other tests) can slow a run down.
        let started = Date()
        #expect(try CommandRunner.run(["diff", golden, new, "--record", "all"]).status == 0)
        let duration = Date().timeIntervalSince(started)
        var kinds: Set<String> = []
        for trial in 0..<24 {
            try Self.copy(old, to: golden)
            let process = try CommandRunner.start(["diff", golden, new, "--record", "all"])
            Thread.sleep(forTimeInterval: duration * 1.6 * Double(trial) / 24)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let listed = Self.entries(golden)
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(golden)/manifest.json"))) as? [String: Any]
            let frames = manifest?["frameCount"] as? Int
            if listed == oldNames, frames == oldNames.count - 1 { kinds.insert("old") }
            else if listed == newNames, frames == newNames.count - 1 { kinds.insert("new") }
            else { Issue.record("trial \(trial): the golden holds \(listed.count) entries (\(listed.filter { $0.hasPrefix(".") })), manifest \(frames ?? -1) frames") }
        }
        // The kills fell before and after the swap.
        #expect(kinds == ["old", "new"])
        // A later reader removes what the killed runs left beside the golden.
        _ = ScrollrenderCommand.run(["diff", golden, new])
        let left = Self.entries(folder.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "\(left.map { ($0, Self.entries(folder.appendingPathComponent($0).path).count) })")
    }

    // MARK: - 3. Signals end a diff and leave nothing staged

    @Test(arguments: [["--record", "all"], ["--report", "REPORT"]])
    func aSignalDuringADiffLeavesNothing(_ options: [String]) throws {
        let (folder, old, new) = try Self.twoSequences()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("golden").path, report = folder.appendingPathComponent("report").path
        for (trial, delay) in [0.02, 0.05, 0.1, 0.2, 0.3, 0.5].enumerated() {
            try Self.copy(old, to: golden)
            try? FileManager.default.removeItem(atPath: report)
            let process = try CommandRunner.start(["diff", golden, new] + options.map { $0 == "REPORT" ? report : $0 })
            Thread.sleep(forTimeInterval: delay)
            let signalled = Date()
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(Date().timeIntervalSince(signalled) < 0.5, "trial \(trial)")
            let status = process.terminationStatus
            let killedEarly = process.terminationReason == .uncaughtSignal
            #expect(killedEarly || [0, 1, 143].contains(status), "trial \(trial): \(status)")
            #expect(!Self.entries(golden).contains { $0.hasPrefix(".") }, "trial \(trial): \(Self.entries(golden))")
            #expect(!Self.entries(folder.path).contains { $0.hasPrefix(".") }, "trial \(trial): \(Self.entries(folder.path))")
            let isOld = ScrollrenderCommand.run(["diff", golden, old]).status == 0
            let isNew = ScrollrenderCommand.run(["diff", golden, new]).status == 0
            #expect(isOld || isNew, "trial \(trial)")
        }
    }

    // MARK: - 4. A golden's pattern names files in its own folder only

    @Test(arguments: ["../victim/frame_%05d.png", "/tmp/frame_%05d.png", "frame_%099999999999d.png", "%d/x.png"])
    func aTraversingPatternIsRefused(pattern: String) throws {
        let (folder, image) = try DiffWorkflowTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try DiffWorkflowTests.sequence("golden", fling: "300", in: folder, image: image)
        let actual = try DiffWorkflowTests.sequence("actual", fling: "500", in: folder, image: image)
        let path = "\(golden)/manifest.json"
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        manifest["pattern"] = pattern
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: path))
        let diffs = folder.appendingPathComponent("diffs/inner").path
        let result = ScrollrenderCommand.run(["diff", golden, actual, "--diff-out", diffs])
        ExportSafetyTests.expectOneLine(result, status: 65, pattern)
        #expect(result.standardError.contains("pattern"), "\(result.standardError)")
        #expect(Self.entries(folder.path) == ["actual", "golden", "p.png"], "\(Self.entries(folder.path))")
    }

    // MARK: - 5. Decoded frames within --max-memory

    @Test func framesTooLargeForTheMemoryLimitAreRefused() throws {
        let (folder, a, b) = try Self.twoSequences(size: "400x700", newFling: "300")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A pair of 400×700 frames is 2.24 MB decoded, and 1.12 MB of inflated rows at most while one is decoded.
        let refused = ScrollrenderCommand.run(["diff", a, b, "--max-memory", "3"])
        ExportSafetyTests.expectOneLine(refused, status: 64, "--max-memory 3")
        #expect(refused.standardError.contains("400×700") && refused.standardError.contains("memory limit"), "\(refused.standardError)")
        #expect(ScrollrenderCommand.run(["diff", a, b, "--max-memory", "4"]).status == 0)
        #expect(ScrollrenderCommand.run(["diff", a, b, "--max-memory", "0"]).status == 64)
    }

    /// The memory plan holds frames of the manifests' sizes, so a frame file that claims more
    /// (a damaged or doctored golden) is refused by name before its pixels are allocated.
    @Test func aFrameLargerThanItsManifestSaysIsRefused() throws {
        let (folder, a, b) = try Self.twoSequences()
        defer { try? FileManager.default.removeItem(at: folder) }
        let swapped = URL(fileURLWithPath: b).appendingPathComponent("frame_00005.png")
        try FileManager.default.removeItem(at: swapped)
        _ = try RenderFixtures.write(RenderFixtures.picture(width: 2000, height: 1500), named: "frame_00005.png",
                                     in: swapped.deletingLastPathComponent())
        let refused = ScrollrenderCommand.run(["diff", a, b])
        ExportSafetyTests.expectOneLine(refused, status: 65, "a 2000×1500 frame in a 200×300 sequence")
        #expect(refused.standardError.contains("frame_00005.png") && refused.standardError.contains("2000×1500"), "\(refused.standardError)")
    }

    /// The peak of a diff with a report (GNU time) stays flat as the sequences grow: frames are
    /// decoded a batch at a time, whatever their number.
    @Test func diffMemoryIsFlatAsFramesGrow() throws {
        let (folder, image) = try DiffWorkflowTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        var peaks: [Int] = []
        for hold in ["0", "10"] {
            let big = Self.render.map { $0 == "60x90" ? "200x300" : $0 == "0" ? hold : $0 }
            let a = folder.appendingPathComponent("a\(hold)").path, b = folder.appendingPathComponent("b\(hold)").path
            #expect(ScrollrenderCommand.run(big + ["--background", "#000000", "--fling", "300", image, a]).status == 0)
            #expect(ScrollrenderCommand.run(big + ["--background", "#ffffff", "--fling", "300", image, b]).status == 0)
            let report = folder.appendingPathComponent("report\(hold)").path
            let timed = try CommandRunner.run(shell: "/usr/bin/time -f '%M' '\(CommandRunner.executable.path)' diff '\(a)' '\(b)' --report '\(report)' 2>&1 >/dev/null | tail -1")
            peaks.append(try #require(Int(timed.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)), "\(timed.standardOutput)"))
        }
        // 200 frames more (48 MB of decoded pairs) may not raise the peak by more than a few frames' worth.
        #expect(peaks[1] - peaks[0] < 10_000, "peaks in KB: \(peaks)")
    }

    // MARK: - --record missing keeps a golden that describes its own frames

    @Test func recordMissingAddsOnlyToAGoldenWhoseFramesStillHold() throws {
        let (folder, image) = try DiffWorkflowTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let render = { (name: String, fling: String, hold: String) throws -> String in
            let out = folder.appendingPathComponent(name).path
            let result = ScrollrenderCommand.run(Self.render.map { $0 == "0" ? hold : $0 } + ["--fling", fling, image, out])
            try #require(result.status == 0, "\(result.standardError)")
            return out
        }
        let golden = try render("golden", "400", "0")
        let longer = try render("longer", "400", "0.5")
        let changed = try render("changed", "200", "2")
        let before = Self.frameNames(golden)
        // Frames the golden has changed: nothing is recorded, and the reason is given.
        let refused = ScrollrenderCommand.run(["diff", golden, changed, "--record", "missing"])
        #expect(refused.status == 1 && refused.standardError.contains("--record failed"), "\(refused.standardError)")
        #expect(Self.frameNames(golden) == before)
        #expect(ScrollrenderCommand.run(["diff", golden, changed]).status == 1)
        // The same motion held longer: the frames beyond the end are added, and the golden is that run.
        let added = ScrollrenderCommand.run(["diff", golden, longer, "--record", "missing"])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(Self.frameNames(golden).count > before.count)
        #expect(ScrollrenderCommand.run(["diff", golden, longer]).status == 0)
    }
}
