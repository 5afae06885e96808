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

    /// Where the tests write: `/dev/shm` when it is a tmpfs with 2 GB free, else the temporary
    /// directory. The tests write and remove hundreds of thousands of small files (frames,
    /// goldens, reports); on a disk each new file costs kernel time, and on an ext4 file system
    /// without a journal (this machine's) inode allocation skips every inode freed in the last
    /// minutes, so that a churning suite spent a third of its time in the kernel.
    public static let scratch: URL = {
        let mounts = (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? ""
        let isTmpfs = mounts.split(separator: "\n").contains { $0.split(separator: " ").dropFirst().prefix(2) == ["/dev/shm", "tmpfs"] }
        var space = statvfs()
        guard isTmpfs, statvfs("/dev/shm", &space) == 0, UInt64(space.f_bavail) * UInt64(space.f_frsize) >= 2_000_000_000 else {
            return FileManager.default.temporaryDirectory
        }
        return URL(fileURLWithPath: "/dev/shm")
    }()

    /// A new empty folder for one test's files, in ``scratch``; the test removes it.
    public static func temporaryFolder() throws -> URL {
        try folder(in: scratch)
    }

    /// A new empty folder in the temporary directory, on its disk whatever ``scratch`` is.
    public static func diskFolder() throws -> URL {
        try folder(in: FileManager.default.temporaryDirectory)
    }

    private static func folder(in parent: URL) throws -> URL {
        let url = parent.appendingPathComponent("scrollrender-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
