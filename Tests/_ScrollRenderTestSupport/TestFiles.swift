import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the tests find the checkout and put what they write.
public enum TestFiles {
    /// The package root, found from this file's path (tests cannot read outside their bundle otherwise).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the codec tests' fixtures (`Tests/ImageCodecsTests/Fixtures`), by path.
    public static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/\(name)").path
    }

    /// A new empty folder for one test's files; the test removes it.
    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrollrender-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A new empty folder in memory (`/dev/shm`, when it is a tmpfs with 2 GB free), else
    /// ``temporaryFolder()``: for a test that writes thousands of small files to check what runs
    /// do, not what a disk does (on an ext4 disk each new file costs up to a millisecond of kernel
    /// time). The test removes it.
    public static func memoryFolder() throws -> URL {
        let mounts = (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? ""
        let isTmpfs = mounts.split(separator: "\n").contains { $0.split(separator: " ").dropFirst().prefix(2) == ["/dev/shm", "tmpfs"] }
        var space = statvfs()
        guard isTmpfs, statvfs("/dev/shm", &space) == 0,
              UInt64(space.f_bavail) * UInt64(space.f_frsize) >= 2_000_000_000 else { return try temporaryFolder() }
        let url = URL(fileURLWithPath: "/dev/shm/scrollrender-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
