import Foundation
import ImageCodecs

/// Reads a finished export back before it is published: its frame count and pixel size must be
/// what was asked, and the file must be whole. ffmpeg exits 0 after some failures (a trailer that
/// a full disk cut off), so its word alone is not enough. ffprobe reads MP4 and WebM; the formats
/// our own encoders write (GIF, APNG) and animated WebP, which ffprobe cannot read, are walked
/// block by block or chunk by chunk here, every length checked against the file (a GIF's
/// ffprobe took a tenth of a second at the end of every export, on one core).
struct ExportVerifier: Sendable {
    let ffprobe: FFmpegProcess

    /// How far the frame count may stray from the expected: ffmpeg's `fps` filter rounds both ends.
    static let frameCountSlack = 2

    func verify(_ file: StagedFile, format: ExportFormat, width: Int, height: Int, expectedFrames: Int) throws(ScrollRenderError) {
        let found = switch format {
        case .webp: try webPFrames(file)
        case .gif: try gifFrames(file)
        case .apng: try apngFrames(file)
        case .mp4, .webm: try probe(file, format: format)
        }
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
        let output = try ffprobe.run(["-count_packets", "-select_streams", "v:0", "-show_entries", "stream=width,height,nb_read_packets",
                                      "-of", "csv=p=0", "file:" + file.temporaryPath], cancellation: Cancellation())
        let fields = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: ",").compactMap { Int($0) }
        guard fields.count == 3 else { throw .exportFailed(.fileRejected(path: file.path, format: format, .unreadable)) }
        return (fields[0], fields[1], fields[2])
    }

    /// The screen size and the frame count of a GIF: the header, the screen and its colour table,
    /// then extensions and images, each a run of sub-blocks ended by an empty one, to the trailer
    /// byte `;`, the file's last. A file cut short, or anything after the trailer, is not whole.
    private func gifFrames(_ file: StagedFile) throws(ScrollRenderError) -> (width: Int, height: Int, frames: Int) {
        let bytes = try contents(file, format: .gif)
        let broken = ScrollRenderError.exportFailed(.fileRejected(path: file.path, format: .gif, .notWhole))
        guard bytes.count >= 13, bytes[0..<6].elementsEqual("GIF89a".utf8) else { throw broken }
        var offset = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0), frames = 0
        /// Past the sub-blocks from `offset`, or `nil` when they run off the file.
        func subBlocks(_ offset: Int) -> Int? {
            var at = offset
            while at < bytes.count, bytes[at] != 0 { at += 1 + Int(bytes[at]) }
            return at < bytes.count ? at + 1 : nil
        }
        while offset < bytes.count, bytes[offset] != 0x3B {
            switch bytes[offset] {
            case 0x21 where offset + 2 <= bytes.count:
                guard let end = subBlocks(offset + 2) else { throw broken }
                offset = end
            case 0x2C where offset + 11 <= bytes.count:
                let table = bytes[offset + 9] & 0x80 != 0 ? 3 << (Int(bytes[offset + 9] & 7) + 1) : 0
                guard let end = subBlocks(offset + 11 + table) else { throw broken }
                (offset, frames) = (end, frames + 1)
            default: throw broken
            }
        }
        guard offset == bytes.count - 1 else { throw broken }
        return (Self.uint16(bytes, 6), Self.uint16(bytes, 8), frames)
    }

    /// The size and the frame count of an APNG: a whole PNG by its chunks (every length and CRC
    /// checked, IEND last), IHDR's size, one fcTL a frame.
    private func apngFrames(_ file: StagedFile) throws(ScrollRenderError) -> (width: Int, height: Int, frames: Int) {
        let bytes = try contents(file, format: .apng)
        guard let png = PNGContainer(bytes), png.isWhole, let header = png.chunks.first, header.data.count >= 8 else {
            throw .exportFailed(.fileRejected(path: file.path, format: .apng, .notWhole))
        }
        let (width, height) = bytes.withUnsafeBufferPointer {
            (Int(PNGContainer.bigEndian($0, at: header.data.lowerBound)), Int(PNGContainer.bigEndian($0, at: header.data.lowerBound + 4)))
        }
        return (width, height, png.chunks.count { $0.type == PNGContainer.type("fcTL") })
    }

    /// The file's bytes as written.
    private func contents(_ file: StagedFile, format: ExportFormat) throws(ScrollRenderError) -> [UInt8] {
        let size = file.size
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, size, 0) }
        guard read == size else { throw .exportFailed(.fileRejected(path: file.path, format: format, .notWhole)) }
        return bytes
    }

    /// The canvas size and the frame count of an animated WebP: a RIFF file whose length is its
    /// own, a `VP8X` header, and one `ANMF` chunk a frame, each within the file.
    private func webPFrames(_ file: StagedFile) throws(ScrollRenderError) -> (width: Int, height: Int, frames: Int) {
        let bytes = try contents(file, format: .webp), size = bytes.count
        let broken = ScrollRenderError.exportFailed(.fileRejected(path: file.path, format: .webp, .notWhole))
        guard size >= 30, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50],
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

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    private static func uint24(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
    }
}
