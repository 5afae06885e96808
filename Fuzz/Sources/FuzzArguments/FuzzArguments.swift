import Foundation
import ScrollRenderCLI

/// Bytes in, one line per argument, through the whole command line as `scrollrender` runs it:
/// gesture reading, ArgumentParser, settings and their rules, the exit status. The working folder
/// is empty and the picture paths do not exist, so no run gets as far as rendering; what matters
/// is that no argument traps on the way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let arguments = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // A run catches the fatal signals, SIGALRM among them, which libFuzzer's own timeout uses:
    // its handlers are put back after each run.
    var saved = (sigaction(), sigaction())
    sigaction(SIGALRM, nil, &saved.0)
    sigaction(SIGINT, nil, &saved.1)
    let status = Scrollrender.run(arguments: arguments)
    sigaction(SIGALRM, &saved.0, nil)
    sigaction(SIGINT, &saved.1, nil)
    precondition([0, 1, 64, 65, 66, 69, 70, 73, 74].contains(status), "unexpected exit status \(status) for \(arguments)")
    return 0
}

/// An empty working folder, and the program's own output out of libFuzzer's way.
func prepareArgumentFuzzing() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollrender-fuzz-arguments-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    FileManager.default.changeCurrentDirectoryPath(folder.path)
    let null = open("/dev/null", O_WRONLY)
    dup2(null, STDOUT_FILENO)
}
