#if canImport(Glibc)
import Glibc
#endif

/// The memory this process may use: the machine's physical memory, or less where a container's
/// control group caps it (cgroup v2 `memory.max` up the process's own group, v1
/// `memory.limit_in_bytes`). A run sized to a 64 GB host inside a 2 GB CI container would be
/// killed by the kernel instead of refused with words.
package enum MachineMemory {
    /// Bytes this process may use (Int.max when nothing says).
    package static let available: Int = min(physical, controlGroupLimit ?? .max)

    /// What a command may plan to use when not told (`--max-memory`): half of ``available``,
    /// leaving the rest to the system, ffmpeg and the other jobs of a CI runner.
    package static var defaultLimit: Int { available == .max ? .max : available / 2 }

    /// Bytes of physical memory (Int.max when unknown).
    package static var physical: Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, size > 0 else { return Int.max }
        let (bytes, overflow) = pages.multipliedReportingOverflow(by: size)
        return overflow ? Int.max : bytes
    }

    /// The tightest memory cap of this process's control groups, if any.
    static var controlGroupLimit: Int? {
        var limits: [Int] = []
        for line in text("/proc/self/cgroup")?.split(separator: "\n") ?? [] {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            if fields[0] == "0", fields[1].isEmpty {
                // v2: the group and each group above it may cap memory.
                var group = String(fields[2])
                while true {
                    limits += number(FileSystem.join("/sys/fs/cgroup" + (group == "/" ? "" : group), "memory.max")).map { [$0] } ?? []
                    guard group != "/", !group.isEmpty else { break }
                    group = FileSystem.parent(of: group)
                }
            } else if fields[1].split(separator: ",").contains("memory") {
                limits += number("/sys/fs/cgroup/memory/memory.limit_in_bytes").map { [$0] } ?? []
            }
        }
        return limits.min()
    }

    private static func text(_ path: String) -> String? {
        (try? FileSystem.readRegularFile(path, limit: 1 << 16)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A limit file's number; nil for "max" or what no machine has (v1 writes 2⁶³ rounded to pages).
    private static func number(_ path: String) -> Int? {
        guard let text = text(path)?.split(whereSeparator: { $0 == "\n" || $0 == " " }).first, let value = Int(text), value < 1 << 60 else { return nil }
        return value
    }
}
