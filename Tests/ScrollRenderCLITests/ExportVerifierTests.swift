import Foundation
import GIFEncoding
import ImageCodecs
import Raster
@testable import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// The files our own encoders write (GIF, APNG) are read back by walking their blocks and chunks,
/// not by ffprobe (the verifier here has none to run): a whole file gives its size and frame
/// count, and a file cut short at any byte, or with bytes after its end, is refused as not whole.
@Suite struct ExportVerifierTests {
    static let verifier = ExportVerifier(ffprobe: FFmpegProcess(executable: "/nonexistent/ffprobe"))

    /// Three frames of 9×7 that differ from each other.
    static let frames = (0..<3).map { frame in
        RGBAImage(width: 9, height: 7, pixels: (0..<(9 * 7 * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ frame &* 101) | ($0 % 4 == 3 ? 255 : 0) })
    }

    static func gif() -> [UInt8] {
        var encoder = GIFEncoder(width: 9, height: 7, palette: GIFPalette(sampling: frames, maximumColors: 64))
        return encoder.header() + encoder.add(frames, delays: [2, 2, 2])! + encoder.finish()
    }

    static func apng() throws -> [UInt8] {
        let encoder = try APNGEncoder(width: 9, height: 7, frameCount: 3, fps: 50)
        return try encoder.header() + frames.enumerated().flatMap { try encoder.frame($1, number: $0) } + encoder.trailer()
    }

    /// What the verifier says of `bytes` staged as an export of `format`, expecting 9×7 and `frames`.
    static func verify(_ bytes: [UInt8], _ format: ExportFormat, frames: Int = 3) throws -> ScrollRenderError? {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try StagedFile(for: folder.appendingPathComponent("a.\(format.rawValue)").path)
        defer { file.discard() }
        #expect(bytes.withUnsafeBytes { write(file.descriptor, $0.baseAddress, $0.count) } == bytes.count)
        do throws(ScrollRenderError) {
            try verifier.verify(file, format: format, width: 9, height: 7, expectedFrames: frames)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [ExportFormat.gif, .apng])
    func aWholeFileIsItsSizeAndFramesAndNothingLessOrMore(format: ExportFormat) throws {
        let bytes = format == .gif ? Self.gif() : try Self.apng()
        #expect(try Self.verify(bytes, format) == nil)
        let notWhole = ScrollRenderError.exportFailed(.fileRejected(path: "", format: format, .notWhole))
        var wrong: [Int] = []
        for length in 0..<bytes.count where try Self.verify(Array(bytes[..<length]), format)?.withoutPath != notWhole {
            wrong.append(length)
        }
        #expect(wrong.isEmpty, "cut at \(wrong.prefix(5)) of \(bytes.count)")
        #expect(try Self.verify(bytes + [0], format)?.withoutPath == notWhole)
        let counted = ExportFailure.Frames(count: 3, width: 9, height: 7), asked = ExportFailure.Frames(count: 0, width: 9, height: 7)
        #expect(try Self.verify(bytes, format, frames: 0)?.withoutPath
                == .exportFailed(.fileRejected(path: "", format: format, .unexpectedFrames(found: counted, expected: asked))))
    }
}

extension ScrollRenderError {
    /// The error with the file's path left out, to match a case whatever temporary folder it names.
    var withoutPath: ScrollRenderError {
        guard case .exportFailed(.fileRejected(_, let format, let reason)) = self else { return self }
        return .exportFailed(.fileRejected(path: "", format: format, reason))
    }
}
