import Foundation

/// Reads a finished export back before it is published: its frame count and pixel size must be
/// what was asked, and the file must be whole. ffmpeg exits 0 after some failures (a trailer that
/// a full disk cut off), so its word alone is not enough. ffprobe reads GIF, MP4, WebM and APNG;
/// animated WebP, which ffprobe cannot read, is walked chunk by chunk here.
struct ExportVerifier: Sendable {
    let ffprobe: FFmpegProcess

    /// How far the frame count may stray from the expected: ffmpeg's `fps` filter rounds both ends.
    static let frameCountSlack = 2

    func verify(_ file: StagedFile, format: ExportFormat, width: Int, height: Int, expectedFrames: Int) throws(ScrollRenderError) {
        let found = format == .webp ? try webPFrames(file) : try probe(file, format: format)
        let frames = expectedFrames - Self.frameCountSlack...expectedFrames + Self.frameCountSlack
        // An animated WebP and our GIF merge identical frames, so they may hold fewer.
        let merges = format == .webp || format == .gif
        guard found.width == width, found.height == height,
              merges ? (1...frames.upperBound).contains(found.frames) : frames.contains(found.frames) else {
            throw .exportFailed(.fileRejected(path: file.path, format: format, .unexpectedFrames(
                found: ExportFailure.Frames(count: found.frames, width: found.width, height: found.height),
                expected: ExportFailure.Frames(count: expectedFrames, width: width, height: height))))
        }
    }

    private func probe(_ file: StagedFile, format: ExportFormat) throws(ScrollRenderError) -> (width: Int, height: Int, frames: Int) {
        if format == .gif { try checkGIFTrailer(file) }
        let output = try ffprobe.run(["-count_packets", "-select_streams", "v:0", "-show_entries", "stream=width,height,nb_read_packets",
                                      "-of", "csv=p=0", "file:" + file.temporaryPath], cancellation: Cancellation())
        let fields = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: ",").compactMap { Int($0) }
        guard fields.count == 3 else { throw .exportFailed(.fileRejected(path: file.path, format: format, .unreadable)) }
        return (fields[0], fields[1], fields[2])
    }

    /// A GIF ends with its trailer byte `;`: a file cut short does not.
    private func checkGIFTrailer(_ file: StagedFile) throws(ScrollRenderError) {
        var last: UInt8 = 0
        guard file.size > 0, pread(file.descriptor, &last, 1, off_t(file.size - 1)) == 1, last == 0x3B else {
            throw .exportFailed(.fileRejected(path: file.path, format: .gif, .notWhole))
        }
    }

    /// The canvas size and the frame count of an animated WebP: a RIFF file whose length is its
    /// own, a `VP8X` header, and one `ANMF` chunk a frame, each within the file.
    private func webPFrames(_ file: StagedFile) throws(ScrollRenderError) -> (width: Int, height: Int, frames: Int) {
        let size = file.size
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, size, 0) }
        let broken = ScrollRenderError.exportFailed(.fileRejected(path: file.path, format: .webp, .notWhole))
        guard read == size, size >= 30, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50],
              Self.uint32(bytes, 4) + 8 == size else { throw broken }
        var offset = 12, width = 0, height = 0, frames = 0
        while offset + 8 <= size {
            let length = Self.uint32(bytes, offset + 4)
            let end = offset + 8 + length + length % 2
            guard end <= size else { throw broken }
            switch String(decoding: bytes[offset..<offset + 4], as: UTF8.self) {
            case "VP8X" where length >= 10:
                width = Self.uint24(bytes, offset + 12) + 1
                height = Self.uint24(bytes, offset + 15) + 1
            case "ANMF": frames += 1
            default: break
            }
            offset = end
        }
        guard offset == size else { throw broken }
        return (width, height, frames)
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }

    private static func uint24(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
    }
}
