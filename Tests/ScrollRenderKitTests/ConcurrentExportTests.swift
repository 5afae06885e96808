import Foundation
import Testing
import _ScrollRenderTestSupport

/// Exports running at once in one process (a library caller's tests, a render's several
/// `--export` files) each get their own ffmpeg pipes: one export closing its pipe never closes a
/// descriptor another export has opened since.
@Suite struct ConcurrentExportTests {
    @Test func exportsAtOnceEachMakeTheirOwnFile() throws {
        let devices = ["iPhone 16 Pro", "iPhone 13 mini", "iPhone SE (3rd generation)", "iPhone 16 Pro Max"]
        let sizes = [(402, 874), (375, 812), (375, 667), (440, 956)]
        let failures = Failures(), group = DispatchGroup()
        // Threads of their own: a dispatch queue would run as many at once as there are cores.
        for index in 0..<8 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let (_, export, _) = try ScreenExportTests.still(devices[index % 4], color: .white)
                    let (width, height) = sizes[index % 4]
                    if export.width != width || export.height != height {
                        failures.add("\(devices[index % 4]): \(export.width)×\(export.height), not \(width)×\(height)")
                    }
                } catch {
                    failures.add("\(devices[index % 4]): \(error)")
                }
            }.start()
        }
        let watcher = Thread { Self.watchDescriptors(until: { group.wait(timeout: .now()) == .success }, failures: failures) }
        watcher.start()
        group.wait()
        while !watcher.isFinished { usleep(1000) }
        #expect(failures.all.isEmpty, "\(failures.all)")
    }

    /// Opens files and writes to them a moment later, as any other code of the process does: a
    /// descriptor of its own closed under it by an export would fail the write or land elsewhere.
    static func watchDescriptors(until finished: () -> Bool, failures: Failures) {
        let path = TestFiles.scratch.appendingPathComponent("watched-\(UUID().uuidString)").path
        defer { unlink(path) }
        var round = 0
        while !finished() {
            round += 1
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard descriptor >= 0 else { return failures.add("cannot open \(path)") }
            let first = write(descriptor, "a", 1)
            usleep(200)
            let second = write(descriptor, "b", 1)
            close(descriptor)
            var status = stat()
            if first != 1 || second != 1 || stat(path, &status) != 0 || status.st_size != 2 {
                return failures.add("round \(round): a descriptor of another part of the process was closed or reused under it")
            }
        }
    }

    final class Failures: @unchecked Sendable {
        private var list: [String] = []
        private let lock = NSLock()
        func add(_ failure: String) { lock.withLock { list.append(failure) } }
        var all: [String] { lock.withLock { list } }
    }
}
