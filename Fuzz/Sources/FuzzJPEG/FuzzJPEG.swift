import FuzzSupport

/// Bytes in, a decoded picture or a thrown error out: anything else (a trap, a sanitizer report,
/// a hang) is a bug. Inputs that do not start like a JPEG get its first bytes, so that libFuzzer's
/// time goes to libjpeg rather than to format sniffing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var bytes = data.map { [UInt8](UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if !bytes.starts(with: [0xFF, 0xD8, 0xFF]) { bytes.insert(contentsOf: [0xFF, 0xD8, 0xFF], at: 0) }
    FuzzChecks.exercise(bytes)
    return 0
}
