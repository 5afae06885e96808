#if canImport(Glibc)
import Glibc
#endif
import TextFormat

/// The file-system operations scrollrender and its diff need, in plain POSIX calls that never
/// follow a link where following one could touch a file this run did not create. The one place
/// that reads, writes and names temporary files; callers turn ``FileSystemError`` into their own.
package enum FileSystem {
    // MARK: - Paths

    /// `out//` is `out`; `/` stays `/`.
    package static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// The folder holding `path` (`.` for a bare name).
    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    package static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)"
    }

    /// `.NAME.scrollrender-PID.SUFFIX` beside `path`: hidden, unique to this process, on the same
    /// file system, so that a rename into place is atomic.
    package static func temporaryName(for path: String, suffix: String = "tmp") -> String {
        join(parent(of: path), ".\(lastComponent(of: path)).scrollrender-\(getpid()).\(suffix)")
    }

    /// A name as it can be shown in a one-line message: control characters escaped.
    package static func printable(_ name: String) -> String {
        TextFormat.printable(name)
    }

    // MARK: - Looking

    /// What `path` itself is (a link is a link, not what it points to), or `nil` if nothing is there.
    package enum Kind: Sendable { case regularFile, folder, link, other }

    package static func kind(_ path: String) -> Kind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// Whether `path`, following links, is a folder.
    package static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    package static func isRegularFile(_ path: String) -> Bool { kind(path) == .regularFile }

    /// Whether two paths, following links, name the same file or folder.
    package static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        return stat(first, &a) == 0 && stat(second, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Why `path`, an entry of `folder`, is not a file of that folder, or nil when it is: a regular
    /// file, or a link that resolves to one inside the folder. A frame folder from a pull request
    /// could otherwise hold a link to any file of the runner, which a diff would read and a report
    /// publish.
    package static func foreignFileProblem(_ path: String, in folder: String) -> String? {
        switch kind(path) {
        case .regularFile: return nil
        case .link:
            let target = PathOverlap.resolved(path), base = PathOverlap.resolved(folder)
            guard target.hasPrefix(base == "/" ? "/" : base + "/") else { return "it is a link to a file outside its folder" }
            return isRegularFile(target) ? nil : "it is a link to something that is not a regular file"
        case .folder, .other: return "it is not a regular file"
        case nil: return nil
        }
    }

    /// A real folder (not a link to one) owned by this user.
    package static func isOwnedRealFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_uid == getuid()
    }

    /// A folder's entries (without `.` and `..`), sorted; `nil` if it cannot be listed.
    package static func entries(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    // MARK: - Reading

    /// A regular file's bytes. A folder, a device, a FIFO or a file over `limit` bytes is refused:
    /// the file is opened non-blocking (a FIFO with no writer would wait forever) and checked first.
    package static func readRegularFile(_ path: String, limit: Int = .max) throws(FileSystemError) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        guard size <= limit else {
            throw FileSystemError(.unreadable, path, reason: "it is \(size) bytes, over the limit of \(limit)")
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(size + 1)
        try readChunks(descriptor, path: path, upTo: .max, size: size) { chunk throws(FileSystemError) in
            // A file that grows while it is read is held to the same limit.
            guard bytes.count + chunk.count <= limit else { throw FileSystemError(.unreadable, path, reason: "it is over the limit of \(limit) bytes") }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    /// The first `count` bytes of a regular file (fewer if it is shorter), and its size: what a
    /// decoder that stops early needs, without holding a giant file in memory.
    package static func readPrefix(_ path: String, count: Int) throws(FileSystemError) -> (bytes: [UInt8], fileSize: Int) {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(min(count, size) + 1)
        try readChunks(descriptor, path: path, upTo: count, size: size) { chunk throws(FileSystemError) in bytes.append(contentsOf: chunk) }
        return (bytes, size)
    }

    /// Calls `body` with a regular file's bytes a megabyte at a time (to hash a file of any size).
    package static func forEachChunk(of path: String, _ body: (ArraySlice<UInt8>) -> Void) throws(FileSystemError) {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        try readChunks(descriptor, path: path, upTo: .max, size: size) { chunk throws(FileSystemError) in body(chunk) }
    }

    /// Opens `path` for reading if it is a regular file (non-blocking first, so that a FIFO with no
    /// writer cannot hang the open), and returns the descriptor, back in blocking mode, and the size.
    private static func openRegularFile(_ path: String) throws(FileSystemError) -> (Int32, Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileSystemError(errno == ENOENT ? .notFound : .unreadable, path, errno: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw FileSystemError(.unreadable, path, errno: code)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR:
            close(descriptor)
            throw FileSystemError(.unreadable, path, reason: "it is a folder, not a file")
        default:
            close(descriptor)
            throw FileSystemError(.unreadable, path, reason: "it is not a regular file (a device, FIFO or socket)")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return (descriptor, Int(status.st_size))
    }

    /// Reads `descriptor` (of `size` bytes when opened) to its end or `limit` bytes, a megabyte at a time.
    private static func readChunks(_ descriptor: Int32, path: String, upTo limit: Int, size: Int,
                                   _ body: (ArraySlice<UInt8>) throws(FileSystemError) -> Void) throws(FileSystemError) {
        // A megabyte at most, and no more than the file and a byte (which finds its end at once): a
        // megabyte zeroed and faulted in to read a manifest of 2 KB was most of the read. A size
        // of 0 may be a kernel file that has no size until read (/proc, /sys).
        var chunk = [UInt8](repeating: 0, count: size > 0 ? min(1 << 20, size) + 1 : 1 << 16)
        var total = 0
        while total < limit {
            let wanted = min(chunk.count, limit - total)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(.unreadable, path, errno: errno)
            }
            if count == 0 { return }
            total += count
            try body(chunk[0..<count])
        }
    }

    // MARK: - Writing

    /// Creates `path`, which must not exist, with `bytes`.
    package static func writeNew(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(.cannotCreate, path, errno: errno) }
        do throws(FileSystemError) {
            try writeAll(bytes, to: descriptor, path: path)
        } catch {
            close(descriptor)
            unlink(path)
            throw error
        }
        guard close(descriptor) == 0 else {
            unlink(path)
            throw FileSystemError(.writeFailed, path, errno: errno)
        }
    }

    /// Writes `bytes` to a temporary name beside `path` and renames it into place, with fatal
    /// signals held back, so that `path` is never partial. Only a new path or a regular file (not
    /// a link to one) is replaced, and never the file `input` names.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, notOver input: String? = nil) throws(FileSystemError) {
        try checkReplaceable(path, input: input)
        let temporary = temporaryName(for: path)
        try withSignalsBlocked { () throws(FileSystemError) in
            try writeNew(bytes, to: temporary)
            try moveIntoPlace(temporary, path, notOver: input)
        }
    }

    /// Renames a finished `temporary` file (beside `path`) over `path`, under the same rules as
    /// ``writeAtomically(_:to:notOver:)``; on failure the temporary file is removed.
    package static func moveIntoPlace(_ temporary: String, _ path: String, notOver input: String? = nil) throws(FileSystemError) {
        do throws(FileSystemError) {
            try checkReplaceable(path, input: input)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystemError(.cannotCreate, path, errno: code)
        }
    }

    private static func checkReplaceable(_ path: String, input: String?) throws(FileSystemError) {
        var target = stat()
        guard lstat(path, &target) == 0 else { return }
        guard target.st_mode & S_IFMT == S_IFREG else {
            throw FileSystemError(.cannotCreate, path, reason: "it exists and is not a regular file; scrollrender replaces only regular files")
        }
        if let input, isSameFile(input, path) {
            throw FileSystemError(.cannotCreate, path, reason: "it is the input picture; write the PNG somewhere else")
        }
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(.writeFailed, path, errno: errno)
            }
            offset += written
        }
    }

    /// Puts the regular file `source` at the new path `destination`: a hard link when both are on
    /// one file system (no bytes move, and neither name can change the other's content, since
    /// scrollrender only ever replaces files by rename), a copy otherwise. Returns whether it linked.
    @discardableResult
    package static func linkOrCopy(_ source: String, to destination: String) throws(FileSystemError) -> Bool {
        // A link is followed: its own relative target would name another file where it lands.
        let source = kind(source) == .link ? PathOverlap.resolved(source) : source
        if link(source, destination) == 0 { return true }
        guard [EXDEV, EPERM, EMLINK, ENOTSUP].contains(errno) else { throw FileSystemError(.cannotCreate, destination, errno: errno) }
        try writeNew(try readRegularFile(source), to: destination)
        return false
    }

    /// Creates `path` and the folders above it, as `mkdir -p`. Runs and threads that make the same
    /// folders at once all succeed: what is there is judged after `mkdir` fails, not before it
    /// (checked first, a folder another case of a suite made a moment later was "not a folder").
    package static func makeFolders(_ path: String) throws(FileSystemError) {
        if isFolder(path) { return }
        let above = parent(of: path)
        if above != path, above != ".", !isFolder(above) { try makeFolders(above) }
        if mkdir(path, 0o755) == 0 { return }
        let code = errno
        if isFolder(path) { return }
        if code == EEXIST { throw FileSystemError(.cannotCreate, path, reason: "it exists and is not a folder") }
        throw FileSystemError(.cannotCreate, path, errno: code)
    }

    /// Removes the files of a folder this run created, then the folder; anything else in it
    /// (a subfolder someone put there) stays, and so does the folder.
    package static func removeFlatFolder(_ path: String) {
        for name in entries(path) ?? [] where kind("\(path)/\(name)") != .folder { unlink("\(path)/\(name)") }
        rmdir(path)
    }

    /// Runs `body` with the signals that would end the process held back, so that a rename
    /// sequence is never cut in half; they are delivered when it returns.
    package static func withSignalsBlocked<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for number in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGALRM, SIGXCPU, SIGUSR1] { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}

/// A file-system failure: what kind, on which path, and why in words.
package struct FileSystemError: Error, Sendable {
    package enum Kind: Sendable { case notFound, unreadable, cannotCreate, writeFailed }

    package let kind: Kind
    package let path: String
    package let reason: String

    package init(_ kind: Kind, _ path: String, reason: String) {
        (self.kind, self.path, self.reason) = (kind, path, reason)
    }

    package init(_ kind: Kind, _ path: String, errno code: Int32) {
        self.init(kind, path, reason: FileSystemError.describe(code))
    }

    /// `strerror` in words, lower-cased to sit inside one-line messages.
    package static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
