import Foundation
import ImageCodecs
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Inputs that fuzzing (`Scripts/fuzz.sh jpeg|png`) found crashing, hanging or exhausting memory,
/// kept as they were found in `Fixtures/regressions/`. See docs/RELIABILITY.md for each story.
@Suite struct FuzzRegressionTests {
    /// The peak resident memory of this process so far, in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    /// Every regression input, through both calls the harnesses make, must end (decoded or refused)
    /// quickly and without a spike in memory.
    @Test(arguments: ["png-sCAL-claims-2GB.png"])
    func regressionInputEndsQuicklyInBoundedMemory(_ name: String) throws {
        let bytes = try TestSupport.fixture("regressions/\(name)")
        let decoder = ImageDecoder(maximumPixelCount: 16_000_000)
        let clock = ContinuousClock()
        let start = clock.now
        let peakBefore = Self.peakResidentBytes()
        _ = try? decoder.info(of: bytes)
        _ = try? decoder.decode(bytes, scale: .eighth)
        _ = try? decoder.decode(bytes)
        #expect(clock.now - start < .seconds(2))
        // Other suites run alongside, so only a jump far beyond what they use counts.
        #expect(Self.peakResidentBytes() - peakBefore < 1 << 30)
    }

    /// 385 bytes whose sCAL chunk claims 2052347956 bytes: libpng allocated and zeroed 2 GB for it
    /// before finding the file too short. The chunk is now skipped unread, and a chunk claiming more
    /// than the file holds is never handed to libpng: the picture is reported truncated.
    @Test func chunkClaimingMoreThanTheFileIsTruncationNotAllocation() throws {
        let bytes = try TestSupport.fixture("regressions/png-sCAL-claims-2GB.png")
        #expect(throws: ImageCodecError.truncated(.png, "the file ends before the picture does")) {
            try ImageDecoder().decode(bytes)
        }
    }

    /// The same claim in eXIf, the one ancillary chunk still read: libpng would allocate the
    /// claimed 2 GB. The file is generated: a 1×1 PNG with an eXIf chunk cut short.
    @Test func exifClaimingMoreThanTheFileIsTruncation() throws {
        let exif = PNGChunks.be32(0x7FFF_FFF0) + Array("eXIf".utf8) + Array("MM\0*".utf8)
        let bytes = DecoderLimitTests.onePixelPNG([]).prefix(33) + exif
        #expect(throws: ImageCodecError.truncated(.png, "the file ends before the picture does")) {
            try ImageDecoder().decode(Array(bytes))
        }
    }
}
