import Foundation
import Testing
import _ScrollRenderTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Interruptions and write faults lose nothing: no partial OUTDIR, no temporary folder left.
@Suite struct FaultTests {
    static let args = ["--quiet", "--size", "200x300", "--scale", "2", "--fps", "120", "--hold", "2"]

    /// A folder with a picture in it, and what a render into `out` leaves beside it.
    static func workspace() throws -> (folder: URL, image: String) {
        let folder = try TestFiles.temporaryFolder()
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 400, height: 1200), named: "p.png", in: folder)
        return (folder, image)
    }

    static func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func signalStopsTheRunAndCleansUp(signal: Int32, status: Int32) throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try CommandRunner.start(Self.args + ["--fling", "2000", image, folder.appendingPathComponent("out").path], messages: true)
        let errors = try #require(process.standardError as? Pipe)
        // Wait until frames are being written into the temporary folder, then interrupt.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let temporary = try Self.entries(folder).first { $0.hasPrefix(".out.scrollrender-") }
            if let temporary, (try? Self.entries(folder.appendingPathComponent(temporary)).count) ?? 0 > 3 { break }
            usleep(20_000)
        }
        let sent = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        // Not a speed claim (release builds stop within one frame); this catches a run that ignores the signal.
        #expect(Date().timeIntervalSince(sent) < 2)
        #expect(process.terminationStatus == status)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("interrupted by signal \(signal); nothing was written"))
        #expect(try Self.entries(folder) == ["p.png"])
    }

    @Test func fileSizeLimitFailsCleanlyWith74() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        // ulimit -f counts 1024-byte blocks: 40 KB is less than one frame.
        let command = "ulimit -f 40; exec '\(CommandRunner.executable.path)' \(Self.args.joined(separator: " ")) --fling 800 '\(image)' '\(out)'"
        let result = try CommandRunner.run(shell: command)
        #expect(result.status == 74)
        #expect(result.standardError.contains("write failed: file too large; nothing was written"))
        #expect(try Self.entries(folder) == ["p.png"])
    }

    @Test func killedRunsTemporaryFolderIsRemovedByTheNextRun() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        // What a SIGKILLed run leaves: its clearly named, marked folder with a process id that no longer exists.
        let stale = folder.appendingPathComponent(".out.scrollrender-999999999.tmp")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: false)
        try Data([1, 2, 3]).write(to: stale.appendingPathComponent("frame_00000.png"))
        try Data().write(to: stale.appendingPathComponent(".scrollrender-staging"))
        let result = ScrollrenderCommand.run(["--quiet", "--size", "100x100", "--scale", "1", "--fling", "300", image, folder.appendingPathComponent("out").path])
        #expect(result.status == 0)
        #expect(try Self.entries(folder) == ["out", "p.png"])
    }

    @Test func readOnlyParentIsRefusedWith73() throws {
        guard getuid() != 0 else { return }  // root may write anywhere; the rule is checked by the next test's file-in-the-way case
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        chmod(folder.path, 0o555)
        defer { chmod(folder.path, 0o755) }
        let result = ScrollrenderCommand.run(["--quiet", "--fling", "300", image, folder.appendingPathComponent("out").path])
        #expect(result.status == 73)
    }

    @Test func outputFolderInsideAFileIsRefusedWith73() throws {
        let (folder, image) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(["--quiet", "--fling", "300", image, folder.appendingPathComponent("p.png/out").path])
        #expect(result.status == 73)
        #expect(try Self.entries(folder) == ["p.png"])
    }

    /// A run refused after its picture's hash has begun (over --max-pixels from the region)
    /// exits while the hash runs on another thread: libcrypto's exit-time cleanup once freed the
    /// locks that thread held, and about one run in 50 ended in SIGSEGV instead of 65.
    @Test func aRunRefusedWhileHashingEndsWithItsError() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 1000, height: 1000), named: "p.png", in: folder)
        let arguments = ["--quiet", "--size", "60x90", "--scale", "1", "--max-pixels", "100000", "--pinch", "0.05", image,
                         folder.appendingPathComponent("out").path]
        var statuses: [Int32: Int] = [:]
        // Each run a process of its own: the crash was in the process's exit.
        for _ in 0..<200 { statuses[try CommandRunner.run(arguments).status, default: 0] += 1 }
        #expect(statuses == [65: 200], "exit statuses and their counts: \(statuses)")
    }
}
