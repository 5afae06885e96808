import FuzzSupport

/// Bytes in, a decoded picture or a thrown error out: anything else (a trap, a sanitizer report,
/// a hang) is a bug. The input gets the PNG signature when it lacks one and correct chunk CRCs,
/// so that libFuzzer's time goes to libpng's parsers and zlib rather than to its CRC check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { [UInt8](UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzChecks.exercise(PNGChunkRepair.repaired(bytes))
    return 0
}
