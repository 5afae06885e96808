#if canImport(Glibc)
import Glibc
#endif

/// Whether writing one path could touch a file another path names: the one check behind "no
/// output may be an input" for every command. Paths are compared as the kernel would reach them —
/// links followed, `.` and `..` resolved, hard links caught by their inode — so that a link
/// planted at an output's name, or an output spelt `dir/../in.jpg`, is seen for what it is.
package enum PathOverlap: Sendable, Equatable {
    /// Both name the same file or folder.
    case same
    /// The output is a folder that holds the input.
    case outputContainsInput
    /// The output lies inside the input folder.
    case outputInsideInput

    /// How `output` overlaps `input`, or `nil` when writing it cannot touch `input`.
    package static func between(output: String, input: String) -> PathOverlap? {
        if FileSystem.isSameFile(output, input) { return .same }
        let out = resolved(output), into = resolved(input)
        if out == into { return .same }
        if isInside(out, into) { return .outputInsideInput }
        if isInside(into, out) { return .outputContainsInput }
        return nil
    }

    /// `path` with every link followed and `.`/`..` resolved, for a path that need not exist yet:
    /// its longest existing prefix goes through `realpath`, the rest is taken as written.
    package static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileSystem.join(currentFolder(), path)
        var existing = FileSystem.trimmingTrailingSlashes(absolute)
        var rest: [String] = []
        while true {
            if let real = realPath(existing) { return normalized(real, appending: rest) }
            guard existing != "/" else { return normalized("/", appending: rest) }
            rest.insert(FileSystem.lastComponent(of: existing), at: 0)
            existing = FileSystem.parent(of: existing)
        }
    }

    /// `path` as a relative path from `folder` (`../../pictures/a.jpg`), both resolved first, so
    /// that a file naming another stays right wherever the pair is moved together.
    package static func relative(_ path: String, from folder: String) -> String {
        let target = resolved(path).split(separator: "/"), base = resolved(folder).split(separator: "/")
        let shared = zip(target, base).prefix { $0 == $1 }.count
        let steps = Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared).map(String.init)
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }

    private static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
    }

    /// `base` followed by `components`, with `.` dropped and `..` taking a component off.
    private static func normalized(_ base: String, appending components: [String]) -> String {
        var parts = base.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for component in components where !component.isEmpty && component != "." {
            if component == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(component) }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func currentFolder() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
