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
    // Output into buffers, out of libFuzzer's way; the process's signals (SIGALRM is libFuzzer's
    // timeout) are left alone.
    let status = Scrollrender.run(arguments: arguments, context: .buffered())
    precondition([0, 1, 64, 65, 66, 69, 70, 73, 74].contains(status), "unexpected exit status \(status) for \(arguments)")
    return 0
}

/// An empty working folder.
func prepareArgumentFuzzing() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollrender-fuzz-arguments-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    FileManager.default.changeCurrentDirectoryPath(folder.path)
}
