import Foundation
import Testing
import _ScrollRenderTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Nothing scrollrender did not create is ever deleted, emptied or replaced, whatever OUTDIR is,
/// whatever else runs, and whatever signal arrives.
@Suite(.serialized) struct DataSafetyTests {
    static let args = ["--quiet", "--size", "60x90", "--scale", "1", "--fps", "20", "--hold", "0"]

    /// On the temporary directory's disk, not in memory (``TestFiles/scratch``): in memory, a
    /// 60×90 drag's 2,000 frames are all written within the 150 ms aSignalWhileSimulatingEndsTheRunAtOnce
    /// waits, and its SIGINT would find the run finished, not simulating.
    static func workspace() throws -> (folder: URL, image: String) {
        let folder = try TestFiles.diskFolder()
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder)
        return (folder, image)
    }

    static func entries(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    static func render(_ extra: [String], _ image: String, _ out: String) throws -> CommandResult {
        ScrollrenderCommand.run(args + extra + [image, out])
    }

    /// An earlier sequence: its manifest bytes, to compare after a failed or refused run.
    static func earlierSequence(_ image: String, _ out: String) throws -> Data {
        #expect(try render(["--fling", "300"], image, out).status == 0)
        return try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("manifest.json"))
    }

    static var isRoot: Bool { getuid() == 0 }

    /// Mounts a small tmpfs at `path` (root only); the returned closure unmounts it.
    static func mountTmpfs(_ path: String) throws -> () -> Void {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = try CommandRunner.run(shell: "mount -t tmpfs -o size=64m tmpfs '\(path)'")
        try #require(result.status == 0, "mount failed: \(result.standardError)")
        return { _ = try? CommandRunner.run(shell: "umount '\(path)'") }
    }

    @Test func forceIntoAMountPointReplacesTheSequence() throws {
        guard Self.isRoot else { print("notice: skipping the tmpfs mount-point test: it needs root"); return }
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("mounted").path
        let unmount = try Self.mountTmpfs(out)
        defer { unmount() }
        // An empty mount point as OUTDIR: rendered into, not renamed over.
        let first = try Self.render(["--fling", "300"], image, out)
        #expect(first.status == 0, "\(first.standardError)")
        let frames = Self.entries(out).count
        let second = try Self.render(["--force", "--fling", "-300,200"], image, out)
        #expect(second.status == 0, "\(second.standardError)")
        let manifest = try RenderFixtures.manifest(in: URL(fileURLWithPath: out))
        #expect(Self.entries(out) == (0..<manifest.frameCount).map { String(format: "frame_%05d.png", $0) } + ["manifest.json"])
        #expect(frames > 0 && Self.entries(folder.path) == ["mounted", "p.png"])
    }

    @Test func forceThroughALinkToAnotherFileSystem() throws {
        guard Self.isRoot else { print("notice: skipping the cross-file-system link test: it needs root"); return }
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mount = folder.appendingPathComponent("fs").path
        let unmount = try Self.mountTmpfs(mount)
        defer { unmount() }
        try FileManager.default.createDirectory(atPath: mount + "/real", withIntermediateDirectories: false)
        let link = folder.appendingPathComponent("out").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: mount + "/real")
        _ = try Self.earlierSequence(image, link)
        let result = try Self.render(["--force", "--fling", "-300"], image, link)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try RenderFixtures.manifest(in: URL(fileURLWithPath: link)).frames.last!.contentOffset.y == 0)
        #expect(!Self.entries(mount + "/real").contains { $0.hasPrefix(".scrollrender-") })
    }

    @Test func aFolderNamedLikeAFrameIsRefusedBeforeAnythingMoves() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let earlier = try Self.earlierSequence(image, out)
        let before = Self.entries(out)
        try FileManager.default.createDirectory(atPath: out + "/frame_99999.png", withIntermediateDirectories: false)
        let result = try Self.render(["--force", "--fling", "-300"], image, out)
        #expect(result.status == 73)
        #expect(result.standardError.contains("frame_99999.png, which scrollrender did not write"))
        #expect(Self.entries(out) == (before + ["frame_99999.png"]).sorted())
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == earlier)
    }

    @Test func theStaleFolderSweepNeverFollowsALink() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: victim.appendingPathComponent("precious.txt"))
        try Data().write(to: victim.appendingPathComponent(".scrollrender-staging"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(".out.scrollrender-3999999.tmp").path,
                                                   withDestinationPath: victim.path)
        // Unmarked but otherwise stale-looking: not proven ours, so kept too.
        let unmarked = folder.appendingPathComponent(".out.scrollrender-3999998.tmp")
        try FileManager.default.createDirectory(at: unmarked, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: unmarked.appendingPathComponent("notes.txt"))
        #expect(try Self.render(["--fling", "300"], image, folder.appendingPathComponent("out").path).status == 0)
        #expect(Self.entries(victim.path) == [".scrollrender-staging", "precious.txt"])
        #expect(Self.entries(unmarked.path) == ["notes.txt"])
    }

    @Test func decodeNeverReplacesItsInputALinkOrADevice() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(contentsOf: URL(fileURLWithPath: image))
        let same = ScrollrenderCommand.run(["decode", image, image])
        #expect(same.status == 73 && same.standardError.contains("it is the input picture"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == original)
        let target = folder.appendingPathComponent("target.txt")
        try Data("keep".utf8).write(to: target)
        let link = folder.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        let throughLink = ScrollrenderCommand.run(["decode", image, link])
        #expect(throughLink.status == 73 && throughLink.standardError.contains("is not a regular file"))
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target.path)
        let fifo = folder.appendingPathComponent("fifo.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(ScrollrenderCommand.run(["decode", image, fifo]).status == 73)
        #expect(ScrollrenderCommand.run(["decode", image, "/dev/null"]).status == 73)
        #expect(!Self.entries(folder.path).contains { $0.contains("scrollrender") })
    }

    @Test func aSecondRunIntoALockedFolderIsRefused() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let earlier = try Self.earlierSequence(image, out)
        // Another run holds OUTDIR's lock, as a concurrent `--force` run does while it renders.
        let descriptor = open(out, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let result = try Self.render(["--force", "--fling", "-300"], image, out)
        #expect(result.status == 73)
        #expect(result.standardError.contains("another scrollrender run is writing into this folder"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == earlier)
    }

    /// Each fatal signal while frames are written over an earlier sequence: the earlier one stays,
    /// whole, and nothing temporary is left.
    @Test(arguments: [SIGHUP, SIGINT, SIGTERM, SIGALRM, SIGXCPU, SIGUSR1])
    func fatalSignalsKeepTheEarlierSequence(_ signal: Int32) throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let earlier = try Self.earlierSequence(image, out)
        let before = Self.entries(out)
        let process = try CommandRunner.start(["--quiet", "--size", "200x300", "--scale", "2", "--fps", "120", "--hold", "3", "--force", "--fling", "2000", image, out])
        // The new sequence is staged beside the earlier one, to be swapped with it whole.
        let deadline = Date().addingTimeInterval(20)
        let staging = { Self.entries(folder.path).first { $0.hasPrefix(".out.scrollrender-") && $0.hasSuffix(".tmp") } }
        while Date() < deadline, !(staging().map { Self.entries(folder.path + "/" + $0).count > 3 } ?? false) {
            usleep(10_000)
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(Self.entries(out) == before)
        #expect(staging() == nil, "the staging folder was left")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == earlier)
    }

    @Test func aSignalWhileSimulatingEndsTheRunAtOnce() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A 100-second drag of 12,000 touch samples, simulated before any frame is written.
        let process = try CommandRunner.start(Self.args + ["--drag", "0,100000", image, folder.appendingPathComponent("out").path])
        usleep(150_000)
        let sent = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(sent) < 0.5)
        // 130 from the handler; on a loaded machine the signal may come before the handler is
        // installed, and the default action ends the process just as well.
        let endedBySignal = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT
        #expect(process.terminationStatus == 130 || endedBySignal)
        #expect(Self.entries(folder.path) == ["p.png"])
    }

    @Test func inputsMustBeRegularFiles() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.jpg").path
        #expect(mkfifo(fifo, 0o644) == 0)
        for arguments in [[fifo, folder.appendingPathComponent("o1").path], ["/dev/zero", folder.appendingPathComponent("o2").path],
                          ["--header", fifo, image, folder.appendingPathComponent("o3").path],
                          ["--scenario", "/dev/zero", image, folder.appendingPathComponent("o4").path]] {
            let start = Date()
            let gesture = arguments.contains("--scenario") ? [] : ["--fling", "300"]
            let result = ScrollrenderCommand.run(["--quiet"] + gesture + arguments)
            #expect(result.status == 66, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("not a regular file"))
            #expect(Date().timeIntervalSince(start) < 5)
        }
        #expect(ScrollrenderCommand.run(["info", "/dev/zero"]).status == 66)
        #expect(Self.entries(folder.path) == ["fifo.jpg", "p.png"])
    }

    @Test func messagesStayOnOneLineAndOutputFailuresAreHandled() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("two\nlines.jpg").path
        let result = ScrollrenderCommand.run(["--fling", "300", missing, folder.appendingPathComponent("o").path])
        #expect(result.status == 66)
        #expect(result.standardError.split(separator: "\n").count == 1 && result.standardError.contains("two\\u{a}lines.jpg"))
        let full = try CommandRunner.run(shell: "'\(CommandRunner.executable.path)' info --json '\(image)' > /dev/full")
        #expect(full.status == 74 && full.standardError.contains("standard output: write failed"))
        // The reader goes away after 10 bytes: the writer ends by itself, not by SIGPIPE (which `sh` reports as 141 too).
        let status = folder.appendingPathComponent("status").path
        let piped = try CommandRunner.run(shell: "{ '\(CommandRunner.executable.path)' \(Self.args.joined(separator: " ")) --json --fling 300 '\(image)' '\(folder.path)/piped'; echo $? > '\(status)'; } | head -c 10 > /dev/null")
        #expect(piped.standardError.isEmpty, "\(piped.standardError)")
        #expect(["0", "141"].contains(try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let slashes = ScrollrenderCommand.run(Self.args + ["--fling", "300", image, folder.path + "/out2//"])
        #expect(slashes.status == 0, "\(slashes.standardError)")
        #expect(Self.entries(folder.path + "/out2").contains("manifest.json"))
    }
}
